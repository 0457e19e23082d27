// The admins' view of the outbox: with no MAIL_ENDPOINT (the local default) mail is never
// sent, and this is where it is read, password-reset links included.
import { count, desc, eq } from "drizzle-orm";
import { outbox } from "../../drizzle/schema";
import { pageOffset, paginate } from "~/domain/pagination";
import type { Db } from "./db";
import { containsText } from "./text-search";

const MAILBOX_PAGE_SIZE = 20;

/** Mail newest first, optionally only to addresses containing `search`; a page past the end shows the last page. */
export async function listMail(db: Db, { search, page }: { search: string; page: number }) {
  const where = search ? containsText(outbox.toAddress, search) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outbox).where(where);
  const pagination = paginate(total, page, MAILBOX_PAGE_SIZE);
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
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return { rows, pagination };
}

export function getMail(db: Db, id: string) {
  return db.select().from(outbox).where(eq(outbox.id, id)).get();
}
