import { expect, type APIRequestContext } from "@playwright/test";

/** Where the e2e server's mail goes (tests/e2e/mail-catcher.ts); playwright.config.ts sets it. */
const MAIL_CATCHER_PORT = Number(process.env.E2E_MAIL_PORT);

type Mail = { id: string; to: string; subject: string; body: string; kind: string };

/**
 * The latest mail of `kind` to `address`, once it has been sent: runs the cron trigger's work
 * (the server runs with --test-scheduled, so /__scheduled sends what is due) until it arrives.
 */
export async function receivedMail(request: APIRequestContext, address: string, kind: string, { server = "" }: { server?: string } = {}): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        // `server`: a story's own app server (sign-in-link.spec.ts), sending to the same catcher.
        await request.get(`${server}/__scheduled`);
        const inbox = await request.get(`http://127.0.0.1:${MAIL_CATCHER_PORT}/mail?to=${encodeURIComponent(address)}`);
        found = ((await inbox.json()) as Mail[]).filter((mail) => mail.kind === kind).at(-1);
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The one-time link to `path` a mail carries, whole: it must lead to this site as the reader sees it. */
export function linkIn(mail: Mail, path: string): string {
  const link = mail.body.split(/\s+/).find((word) => /^https?:\/\//.test(word) && new URL(word).pathname === path);
  if (!link) throw new Error(`No ${path} link in: ${mail.body}`);
  return link;
}
