// The admins' view of the outbox: with no MAIL_ENDPOINT (the local default) mail is never
// sent, and this is where it is read. One-time links (password reset, newsletter confirmation)
// are shown with their token hidden: they are for their recipient alone, and an admin (or
// anyone signed in as the demo admin) who could open them could take over the account.
import { count, desc, eq } from "drizzle-orm";
import { outbox } from "../../../drizzle/schema";
import { hideOneTimeTokens } from "~/features/accounts/one-time-links";
import { pageOffset, paginate } from "~/domain/pagination";
import type { Db } from "~/.server/db";
import { containsText } from "~/.server/text-search";

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

/** One mail, its one-time links' tokens hidden. */
export async function getMail(db: Db, id: string) {
  const mail = await db.select().from(outbox).where(eq(outbox.id, id)).get();
  return mail && { ...mail, body: hideOneTimeTokens(mail.body) };
}
