// The admins' view of the outbox: with no MAIL_ENDPOINT (the local default) mail is never
// sent, and this is where it is read, password-reset links included.
import { count, desc, eq } from "drizzle-orm";
import { outbox } from "../../drizzle/schema";
import type { Db } from "./db";
import { containsText } from "./text-search";

export const MAILBOX_PAGE_SIZE = 20;

/** Mail newest first, optionally only to addresses containing `to`. */
export async function listMail(db: Db, { to, page }: { to: string; page: number }) {
  const where = to ? containsText(outbox.toAddress, to) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
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
      .offset((page - 1) * MAILBOX_PAGE_SIZE),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return { rows, total };
}

export function getMail(db: Db, id: string) {
  return db.select().from(outbox).where(eq(outbox.id, id)).get();
}
