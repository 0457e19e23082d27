// The one event pipeline. A service hands its change's statements and its recorded events to
// `commit`: one db.batch writes them with the outbox rows composed from the events (so a change,
// its events and its mail are stored together or not at all), then `dispatch` delivers the
// events that committed to every channel that acts on them (./deliveries.ts says which). No
// service calls a channel itself. The Queues work moves `dispatch` behind a queue consumer:
// `commit` will then hand the committed events to the queue instead of calling it.
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./db";
import { announceShipmentsChanged } from "./admin-feed";
import { deliversTo } from "./deliveries";
import { isRecording, type CommittedEvent, type Recording } from "./events";
import { mailStatements } from "~/features/mail/notifications.server";
import { forgetConfirmedVersions } from "~/features/tracking/tracking-freshness.server";

/** What committing and dispatching need of the request (a Durable Object passes its own state as `ctx`). */
export type DispatchContext = {
  db: Db;
  origin: string;
  cloudflare: { env: Pick<Env, "CHAT_ADMIN_FEED">; ctx: { waitUntil(promise: Promise<unknown>): void } };
};

type Item = BatchItem<"sqlite"> | Recording;

/** commit's answer: each statement's result at its place, and at a recording's place the events it wrote. */
export type Committed<T extends readonly Item[]> = { [K in keyof T]: ResultOf<T[K]> };

type ResultOf<I> = I extends Recording ? CommittedEvent[] : I extends BatchItem<"sqlite"> ? I["_"]["result"] : never;

/**
 * Writes `items` in one db.batch (a recording's place gets its event rows and, after them, its
 * outbox rows), then dispatches the events that were written. A guarded recording whose
 * condition did not hold wrote nothing and delivers nothing.
 */
export async function commit<const T extends readonly Item[]>(context: DispatchContext, items: T): Promise<Committed<T>> {
  const statements: BatchItem<"sqlite">[] = [];
  const places: { start: number; recording?: Recording }[] = [];
  for (const item of items) {
    const start = statements.length;
    if (isRecording(item)) {
      statements.push(...item.statements, ...(await mailStatements(context, item)));
      places.push({ start, recording: item });
    } else {
      statements.push(item);
      places.push({ start });
    }
  }
  if (statements.length === 0) return [] as unknown as Committed<T>;
  const results: unknown[] = await context.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const written: CommittedEvent[] = [];
  const answer = places.map(({ start, recording }) => {
    if (!recording) return results[start];
    const rows = recording.statements.flatMap((_, index) => results[start + index] as CommittedEvent[]);
    written.push(...rows);
    return rows;
  });
  await dispatch(context, written);
  return answer as Committed<T>;
}

/**
 * Delivers committed events. What the person must see in the answer to their own request
 * happens before it returns (the tracking cache); the rest runs after the answer, through
 * waitUntil, and never fails the change it follows. Mail was put in the outbox by the batch
 * itself; the cron sends what is due (the Queues work hands the events' outbox rows to the
 * queue here). The readers of the events table (audit trails, settings history, the admins'
 * recent activity, the chat's repair) need nothing sent.
 */
export async function dispatch(context: DispatchContext, committed: readonly CommittedEvent[]): Promise<void> {
  if (committed.length === 0) return;
  if (committed.some((event) => deliversTo(event.type, "tracking-cache"))) forgetConfirmedVersions();
  if (committed.some((event) => deliversTo(event.type, "admin-feed"))) announceShipmentsChanged(context);
}
