import { expect, type APIRequestContext } from "@playwright/test";

/** Where the e2e server's mail goes (tests/e2e/mail-catcher.ts, the provider's stand-in); playwright.config.ts sets it. */
const MAIL_CATCHER_PORT = Number(process.env.E2E_MAIL_PORT);
const MAIL_CATCHER = `http://127.0.0.1:${MAIL_CATCHER_PORT}`;

type Mail = { id: string; to: string; subject: string; body: string; kind: string; headers: Record<string, string> };

/**
 * The latest mail of `kind` to `address`, once the provider's stand-in has it: the events queue
 * sends mail within seconds of the change, so a story waits at most 10 s (nothing runs the cron).
 */
export async function receivedMail(request: APIRequestContext, address: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const inbox = await request.get(`${MAIL_CATCHER}/mail?to=${encodeURIComponent(address)}`);
        found = ((await inbox.json()) as Mail[]).filter((mail) => mail.kind === kind).at(-1);
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${address}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Makes the provider's stand-in refuse mail to `address` (422), or take it again with `refusing: false`. */
export async function refuseMailTo(request: APIRequestContext, address: string, refusing = true): Promise<void> {
  const answer = await request.fetch(`${MAIL_CATCHER}/refuse?to=${encodeURIComponent(address)}`, { method: refusing ? "POST" : "DELETE" });
  expect(answer.ok()).toBe(true);
}

/** The one-time link to `path` a mail carries, whole: it must lead to this site as the reader sees it. */
export function linkIn(mail: Mail, path: string): string {
  const link = mail.body.split(/\s+/).find((word) => /^https?:\/\//.test(word) && new URL(word).pathname === path);
  if (!link) throw new Error(`No ${path} link in: ${mail.body}`);
  return link;
}
