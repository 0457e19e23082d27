// The admins' view of the outbox: with no MAIL_ENDPOINT (the local default) mail is never
// sent, and this is where it is read, password-reset links included.
import { count, desc, eq } from "drizzle-orm";
import { outbox } from "../../drizzle/schema";
import { pageOffset, pageWindow } from "~/domain/pagination";
import type { Db } from "./db";
import { containsText } from "./text-search";

const MAILBOX_PAGE_SIZE = 20;

/** Mail newest first, optionally only to addresses containing `to`; a page past the end shows the last page. */
export async function listMail(db: Db, { to, page }: { to: string; page: number }) {
  const where = to ? containsText(outbox.toAddress, to) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outbox).where(where);
  const window = pageWindow(total, page, MAILBOX_PAGE_SIZE);
  const rows = await db
    .select({
      id: outbox.id,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      kind: outbox.kind,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(MAILBOX_PAGE_SIZE)
    .offset(pageOffset(window, MAILBOX_PAGE_SIZE));
  return { rows, window };
}

export function getMail(db: Db, id: string) {
  return db.select().from(outbox).where(eq(outbox.id, id)).get();
}
