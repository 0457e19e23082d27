// The answers the worker entry gives itself, without Remix: a refused request (too large,
// wrong content type, a malformed form) and a crash. JSON `{ message }`, as the JSON API
// refuses (app/.server/json-api.ts), for clients that read JSON (the API under /api/, single
// fetch's `.data` requests, JSON bodies, `Accept: application/json`), a small page otherwise.
import { FALLBACK_COMPANY_NAME } from "~/components/company-name";
import { escapeHtml } from "~/domain/format";
import { pagePath } from "./request-limits";
import { problemResponse } from "~/features/api/problem.server";

const TITLES: Record<number, string> = {
  400: "The form could not be taken",
  403: "Request refused",
  413: "The form is too large",
  415: "The form could not be read",
  500: "Something went wrong",
};

const CRASH_MESSAGE = "We're sorry, but something unexpected happened. Please try refreshing the page.";

export function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) return true;
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) return true;
  const accept = (request.headers.get("Accept") ?? "").toLowerCase();
  return accept.includes("application/json") && !accept.includes("text/html");
}

// Answered before any settings are read (a refused or crashed request), so the name is the default one.
function page(title: string, message: string, link: { href: string; label: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(FALLBACK_COMPANY_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a> · <a href="/">Go Home</a></p>
</main>
</body>
</html>`;
}

function answer(request: Request, status: number, message: string, link: { href: string; label: string }): Response {
  // The public API answers every refusal as problem+json (RFC 9457).
  if (new URL(request.url).pathname.startsWith("/api/v1/")) return problemResponse(status, message);
  if (wantsJson(request)) {
    return Response.json({ message }, { status });
  }
  return new Response(page(TITLES[status] ?? "Request refused", message, link), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** The page the request came from, for a link back to it. */
function formPage(request: Request): string {
  const url = new URL(request.url);
  return pagePath(url.pathname) + url.search;
}

/** A request refused before Remix: its status and why. */
export function refusalResponse(request: Request, { status, message }: { status: number; message: string }): Response {
  return answer(request, status, message, { href: formPage(request), label: "Back to the form" });
}

/** The answer to an error nothing else caught: no details, the same words as the pages' error boundary. */
export function crashResponse(request: Request): Response {
  return answer(request, 500, CRASH_MESSAGE, { href: formPage(request), label: "Refresh Page" });
}
