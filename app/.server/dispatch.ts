// The one event pipeline. A service hands its change's statements and its recorded events to
// `commit`: one db.batch writes them with the outbox rows composed from the events (so a change,
// its events and its mail are stored together or not at all), then `dispatch` delivers the
// events that committed: what the person must see in their own answer here (this isolate's
// tracking cache), the rest through the events queue (docs/decisions/148). After the answer the
// request hands the new outbox rows, the admin feed's cue and the webhook channel's events to the
// queue; `consumeDeliveries`, the worker's queue() handler, sends the mail, tells the admin feed
// and sends the webhooks, each message idempotent by its outbox, event or delivery id; the cron
// sweeps what a request failed to hand over. No service calls
// a channel itself (./deliveries.ts says which events go where).
import type { BatchItem } from "drizzle-orm/batch";
import { getDb, inParts, type Db } from "./db";
import { announceShipmentsChanged } from "./admin-feed";
import { deliversTo, retryDelaySeconds } from "./deliveries";
import { isRecording, type CommittedEvent, type Recording } from "./events";
import { mailStatements } from "~/features/mail/notifications.server";
import { deliverMail, handedOverStatements, mailToHandOver, markDead } from "~/features/mail/outbox.server";
import { sendsMail } from "~/features/mail/provider.server";
import { forgetConfirmedVersions } from "~/features/tracking/tracking-freshness.server";
import { deliverWebhooks, type WebhookCue, type WebhookQueueMessage } from "~/features/webhooks/webhook-delivery.server";
import { publicOrigin } from "~/load-context";

/**
 * A message of the events queue: one mail of the outbox, the admin feed's cue after a commit
 * with shipment events, or the webhook channel's (a commit's events, or one delivery that is due).
 */
export type Delivery = { channel: "mail"; id: string } | { channel: "admin-feed"; eventId: string } | WebhookCue;

/** wrangler.toml's queues: the events queue, and where its messages go after their last retry. */
export const EVENTS_QUEUE = "parcel-tracker-events";
export const DEAD_LETTER_QUEUE = "parcel-tracker-events-dead";

/** Messages per sendBatch call (the platform's limit). */
const SEND_BATCH_SIZE = 100;

/** What handing over needs: the database and the queue (and whether mail is sent at all). */
export type HandOverContext = { db: Db; cloudflare: { env: Pick<Env, "EVENTS_QUEUE" | "RESEND_API_KEY"> } };

/** What committing and dispatching need of the request (a Durable Object passes its own state as `ctx`). */
export type DispatchContext = {
  db: Db;
  origin: string;
  cloudflare: {
    env: Pick<Env, "EVENTS_QUEUE" | "RESEND_API_KEY" | "SESSION_SECRET" | "ACTION_RATE_LIMIT_FACTOR">;
    ctx: { waitUntil(promise: Promise<unknown>): void };
  };
};

type Item = BatchItem<"sqlite"> | Recording;

/** commit's answer: each statement's result at its place, and at a recording's place the events it wrote. */
export type Committed<T extends readonly Item[]> = { [K in keyof T]: ResultOf<T[K]> };

type ResultOf<I> = I extends Recording ? CommittedEvent[] : I extends BatchItem<"sqlite"> ? I["_"]["result"] : never;

/**
 * Writes `items` in one db.batch (a recording's place gets its event rows and, after them, its
 * outbox rows; what those mails need goes last), then dispatches the events and the mail that
 * were written. A guarded recording whose condition did not hold wrote nothing and delivers
 * nothing. The mail of every recording is composed at once, so a batch of many changes reads
 * the settings and the addresses' preferences once.
 */
export async function commit<const T extends readonly Item[]>(context: DispatchContext, items: T): Promise<Committed<T>> {
  return (await prepareCommit(context, items))();
}

/**
 * `commit` in two halves: the mail of `items` composed now (its reads go out), the batch written
 * when the function it answers with is called. A change that must first hear from another round
 * trip (a count against a limit) sends it beside the first half.
 */
export async function prepareCommit<const T extends readonly Item[]>(context: DispatchContext, items: T): Promise<() => Promise<Committed<T>>> {
  const recordings = items.filter(isRecording);
  const mail = await mailStatements(context, recordings);
  return () => writeCommit(context, items, recordings, mail);
}

async function writeCommit<const T extends readonly Item[]>(
  context: DispatchContext,
  items: T,
  recordings: Recording[],
  mail: Awaited<ReturnType<typeof mailStatements>>,
): Promise<Committed<T>> {
  const statements: BatchItem<"sqlite">[] = [];
  const places: { start: number; recording?: Recording; mail?: { start: number; count: number } }[] = [];
  for (const item of items) {
    const start = statements.length;
    if (isRecording(item)) {
      const outbox = mail.outbox[recordings.indexOf(item)]!;
      statements.push(...item.statements, ...outbox);
      places.push({ start, recording: item, mail: { start: start + item.statements.length, count: outbox.length } });
    } else {
      statements.push(item);
      places.push({ start });
    }
  }
  statements.push(...mail.statements);
  if (statements.length === 0) return [] as unknown as Committed<T>;
  const results: unknown[] = await context.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const written: CommittedEvent[] = [];
  const mailIds: string[] = [];
  const answer = places.map(({ start, recording, mail }) => {
    if (!recording) return results[start];
    const rows = recording.statements.flatMap((_, index) => results[start + index] as CommittedEvent[]);
    written.push(...rows);
    for (let index = 0; index < (mail?.count ?? 0); index += 1) mailIds.push(...(results[mail!.start + index] as { id: string }[]).map((row) => row.id));
    return rows;
  });
  dispatch(context, written, mailIds);
  return answer as Committed<T>;
}

/**
 * Delivers committed events and the mail they wrote. This isolate forgets its confirmed tracking
 * pages before the answer (its own memory: the person sees their change on the next view); the
 * mail and the admin feed's cue go to the events queue after the answer, through waitUntil, and
 * never fail the change they follow. Without a provider key mail is not handed over: it stays
 * in the outbox, where admins read it. The readers of the events table (audit trails, settings
 * history, the admins' recent activity, the chat's repair) need nothing sent.
 */
export function dispatch(context: DispatchContext, committed: readonly CommittedEvent[], mailIds: readonly string[] = []): void {
  if (committed.some((event) => deliversTo(event.type, "tracking-cache"))) forgetConfirmedVersions();
  const deliveries: Delivery[] = [];
  const shipmentEvent = committed.find((event) => deliversTo(event.type, "admin-feed"));
  if (shipmentEvent) deliveries.push({ channel: "admin-feed", eventId: shipmentEvent.id });
  const webhookEvents = committed.filter((event) => deliversTo(event.type, "webhook"));
  if (webhookEvents.length > 0) deliveries.push({ channel: "webhook", eventIds: webhookEvents.map((event) => event.id) });
  if (sendsMail(context.cloudflare.env)) deliveries.push(...mailIds.map((id) => ({ channel: "mail" as const, id })));
  if (deliveries.length > 0) context.cloudflare.ctx.waitUntil(handOver(context, deliveries).catch((error: unknown) => console.error("hand-over to the events queue failed", error)));
}

/**
 * Gives `deliveries` to the events queue, in batches of the platform's size, and marks the mail
 * of each batch the queue took as handed over. A batch the queue refused stays for the sweep;
 * the error is thrown once the rest is done. Returns how many the queue took.
 */
export async function handOver(context: HandOverContext, deliveries: readonly Delivery[], now = Date.now()): Promise<number> {
  const batches = inParts(deliveries, SEND_BATCH_SIZE);
  const sent = await Promise.allSettled(batches.map((batch) => context.cloudflare.env.EVENTS_QUEUE.sendBatch(batch.map((body) => ({ body, contentType: "json" })))));
  const taken = batches.filter((_, index) => sent[index]!.status === "fulfilled").flat();
  const mailIds = taken.flatMap((delivery) => (delivery.channel === "mail" ? [delivery.id] : []));
  const marks = handedOverStatements(context.db, mailIds, now);
  if (marks.length > 0) await context.db.batch(marks as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const refusal = sent.find((result) => result.status === "rejected");
  if (refusal) throw refusal.reason;
  return taken.length;
}

/** The cron's sweep: mail written over a minute ago that no request handed over (or whose message was lost) goes to the queue now. */
export async function sweepOutbox(env: Env, now: number): Promise<number> {
  if (!sendsMail(env)) return 0;
  const db = getDb(env);
  const ids = await mailToHandOver(db, now);
  return ids.length === 0 ? 0 : handOver({ db, cloudflare: { env } }, ids.map((id) => ({ channel: "mail" as const, id })), now);
}

type DeliveryMessage = Message<Delivery>;

/**
 * The worker's queue() handler: one batch of the events queue or of its dead-letter queue. Mail
 * is sent (or, from the dead-letter queue, marked dead); the admin feed is told once for every
 * cue in the batch (telling it twice changes nothing: open pages reload once more); webhooks are
 * sent (from the dead-letter queue nothing: their deliveries' rows say when each is due). A
 * message of no known shape is acknowledged and logged.
 */
export async function consumeDeliveries(batch: MessageBatch<Delivery>, env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
  const db = getDb(env);
  const mail: Message<{ channel: "mail"; id: string }>[] = [];
  const cues: DeliveryMessage[] = [];
  const webhooks: WebhookQueueMessage[] = [];
  for (const message of batch.messages) {
    const body = message.body as Partial<{ channel: string; id: unknown; eventIds: unknown }> | null;
    if (body?.channel === "mail" && typeof body.id === "string") mail.push(message as Message<{ channel: "mail"; id: string }>);
    else if (body?.channel === "admin-feed") cues.push(message);
    else if (body?.channel === "webhook" && (typeof body.id === "string" || (Array.isArray(body.eventIds) && body.eventIds.every((id) => typeof id === "string")))) {
      webhooks.push(message as Message<WebhookCue>);
    }
    else {
      console.error("unknown message on the events queue", message.id);
      message.ack();
    }
  }
  if (batch.queue === DEAD_LETTER_QUEUE) {
    await markDead(
      db,
      mail.map((message) => message.body.id),
    );
    batch.ackAll();
    return;
  }
  await Promise.all([
    cues.length > 0 ? tellAdminFeed(env, cues) : undefined,
    mail.length > 0 ? deliverMail({ db, env }, mail) : undefined,
    webhooks.length > 0 ? deliverWebhooks({ db, origin: publicOrigin(env), cloudflare: { env, ctx } }, webhooks) : undefined,
  ]);
}

async function tellAdminFeed(env: Pick<Env, "CHAT_ADMIN_FEED">, cues: readonly DeliveryMessage[]): Promise<void> {
  try {
    await announceShipmentsChanged(env);
    for (const cue of cues) cue.ack();
  } catch (error) {
    console.error("admin feed unreachable", error);
    for (const cue of cues) cue.retry({ delaySeconds: retryDelaySeconds(cue.attempts) });
  }
}
