// The HTML alternative of a mail: the same words as its text, for readers whose mail client
// shows HTML. Paragraphs are the text's (a blank line ends one, a line break stays one), every
// character is escaped, and web addresses become links. The text stays the mail as composed.
import { escapeHtml } from "~/domain/format";
import type { Language } from "~/features/languages/languages";

/** A web address in a mail's text: http or https, up to the next space, quote or angle bracket. */
export const WEB_ADDRESS = /(https?:\/\/[^\s<>"]+)/g;

/** `language`: the one the mail is written in (the outbox row's), for `<html lang>`. */
export function mailHtml(text: string, subject: string, language: Language): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.split("\n").map(lineHtml).join("<br>")}</p>`)
    .join("\n");
  return [
    "<!DOCTYPE html>",
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    `<div style="max-width:600px;margin:0 auto;overflow-wrap:anywhere">\n${paragraphs}\n</div>`,
    "</body>",
    "</html>",
  ].join("\n");
}

function lineHtml(line: string): string {
  return line
    .split(WEB_ADDRESS)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}" style="color:#1d4ed8">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}
