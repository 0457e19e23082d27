// Mail composed from domain events: every template lives here. Mail about the account itself
// (welcome, password reset) and answers to what a person asked always go. The rest is
// non-essential, carries a link to stop it (and RFC 8058's one-click header) and is not written
// for an address on the suppression list: parcel updates to the sender, recipient and owner
// (which also honour the account's preferences: an address whose account has e-mail
// notifications off gets none), "Keep me posted" updates (double opt-in, each with its own
// unsubscribe link) and the newsletter. Parcel mail an address did not ask for (someone else's
// shipment naming it) is bounded per address and hour, however many clients or accounts cause it.
import { and, count, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { outbox, users } from "../../../drizzle/schema";
import { businessHoursText, RESPONSE_PROMISE_HOURS } from "~/features/contact/contact-page";
import { contactTypeLabel } from "~/features/contact/contact-form";
import { INVITATION_LINK_DAYS, NEWSLETTER_LINK_DAYS, SIGN_IN_LINK_MINUTES } from "~/features/accounts/one-time-links";
import { statusLabel } from "~/features/shipments/shipment-status";
import { proofSentence } from "~/features/couriers/courier-rules";
import { formatDateTime } from "~/domain/format";
import { replyAuthor, visitorName } from "~/features/chat/chat";
import { insertWhere, type Db } from "~/.server/db";
import { deliversTo, type TypesFor } from "~/.server/deliveries";
import type { Actor, Recording, StoredEvent } from "~/.server/events";
import { limitFromVar } from "~/.server/rate-limit";
import { withSafeHeaders } from "./mail-header.server";
import { addressesFound, suppressedAmong, suppressedSubscribersOf, unsubscribeUrl } from "./suppression.server";
import { cachedSettings } from "~/features/settings/settings.server";
import { subscriberLinks, type SubscriberLink } from "~/features/tracking/subscriber-links.server";

/**
 * What composing mail needs of the request: the database, where the site is served, the secret
 * that signs unsubscribe links and the factor of the hourly limits.
 */
type MailContextOf = { db: Db; origin: string; cloudflare: { env: Pick<Env, "SESSION_SECRET" | "ACTION_RATE_LIMIT_FACTOR"> } };

/** `unsubscribeUrl`: where one click stops such mail (the List-Unsubscribe header); only non-essential mail has one. */
export type Mail = { to: string; subject: string; body: string; kind: string; unsubscribeUrl?: string };

/**
 * "updates" mail is about parcels and honours the preferences; "account" mail always goes;
 * "subscriber" mail goes to addresses that confirmed they want it, unless the event mails them
 * already; "newsletter" mail goes to newsletter subscribers. All but "account" mail is
 * non-essential. `requested`: parcel mail to the shipment's owner, who asked for it.
 */
type PlannedMail = Mail & { audience: "updates" | "account" | "subscriber" | "newsletter"; requested?: boolean };

/** The kinds of parcel mail an address may get without asking (a shipment naming it as sender or recipient). */
const UNREQUESTED_KINDS = ["shipment-created", "shipment-status"] as const;

/** At most this many of them reach one address per hour (times ACTION_RATE_LIMIT_FACTOR); the rest are not written. */
export const UNREQUESTED_MAIL_PER_HOUR = 10;

const HOUR_MS = 3_600_000;

/** What a template needs beyond the event: the confirmed subscribers of the event's shipment, with their unsubscribe links. */
export type MailContext = { subscribers?: readonly SubscriberLink[] };

export type Site = { companyName: string; supportEmail: string; origin: string };

function trackingUrl(origin: string, trackingId: string): string {
  return `${origin}/track/${encodeURIComponent(trackingId)}`;
}

/** An event that brings mail (app/.server/deliveries.ts lists them): each has its template below. */
export type MailEvent = Extract<StoredEvent, { type: TypesFor<"mail"> }>;

function bringsMail(event: StoredEvent): event is MailEvent {
  return deliversTo(event.type, "mail");
}

/**
 * The mail one event calls for, before preferences are applied. Its headers go through
 * mailHeader whatever the template put in them (a company name, a contact subject, a sender's
 * name may carry a line break when they were written to D1 without the forms).
 */
export function mailFor(event: MailEvent, site: Site, context: MailContext = {}): PlannedMail[] {
  return templateMail(event, site, context).map(withSafeHeaders);
}

function templateMail(event: MailEvent, site: Site, { subscribers = [] }: MailContext): PlannedMail[] {
  const { companyName, origin } = site;
  switch (event.type) {
    case "shipment.created": {
      // The confirmation goes to both parties only when both e-mails and names are present.
      const { trackingId, sender, recipient, importId } = event.data;
      if (!sender.email || !recipient.email || !sender.name || !recipient.name) return [];
      const link = trackingUrl(origin, trackingId);
      const toRecipient: PlannedMail = {
        audience: "updates",
        to: recipient.email,
        kind: "shipment-created",
        subject: "A parcel is on its way to you",
        body: `Hello ${recipient.name},\n\n${sender.name} has sent you a parcel with ${companyName}.\nTracking ID: ${trackingId}\nFollow it at ${link}\n`,
      };
      // An import's sender hears once, from its summary (import.completed), not once per parcel.
      if (importId) return [toRecipient];
      return [
        {
          audience: "updates",
          to: sender.email,
          kind: "shipment-created",
          subject: `Your shipment ${trackingId} has been created`,
          body: `Hello ${sender.name},\n\nYour shipment to ${recipient.name} in ${recipient.city} has been created with ${companyName}.\nTracking ID: ${trackingId}\nFollow it at ${link}\n`,
        },
        toRecipient,
      ];
    }
    case "import.completed": {
      const { email, firstName, fileName, created, leftOut, listPath } = event.data;
      const shipmentsMade = `${created.toLocaleString("en-US")} shipment${created === 1 ? "" : "s"}`;
      return [
        {
          // The answer to the importer's own action: it always goes.
          audience: "account",
          to: email,
          kind: "import-completed",
          subject: "Your shipments have been imported",
          body: [
            `Hello ${firstName},`,
            `Your import of ${fileName} created ${shipmentsMade} with ${companyName}.${leftOut > 0 ? ` ${leftOut.toLocaleString("en-US")} row${leftOut === 1 ? " was" : "s were"} left out for errors.` : ""}`,
            `Your shipments: ${origin}${listPath}`,
          ].join("\n\n"),
        },
      ];
    }
    case "shipment.status_changed": {
      const { trackingId, to, description, sender, recipient, owner, proof } = event.data;
      // Who took the parcel is for the owner only; the others read the public words of the history.
      const proofLine = proof ? [`${proofSentence({ receivedBy: proof.receivedBy, at: formatDateTime(proof.takenAt), photo: proof.photo })}.`] : [];
      const link = trackingUrl(origin, trackingId);
      const subject = `Shipment ${trackingId}: ${statusLabel(to)}`;
      const news = `${trackingId} is now ${statusLabel(to)}.\n${description}\nFollow it at ${link}`;
      const parties = [sender, recipient].flatMap((party) =>
        party.email ? [{ name: party.name, email: party.email, owner: Boolean(owner?.email && sameAddress(party.email, owner.email)) }] : [],
      );
      // The account that made the shipment hears of it at its own address too (its preferences permitting).
      if (owner?.email && !parties.some((party) => party.owner)) parties.push({ name: owner.name, email: owner.email, owner: true });
      return [
        ...parties.map((party) => ({
          audience: "updates" as const,
          requested: party.owner,
          to: party.email,
          kind: "shipment-status",
          subject,
          body: [
            `Hello ${party.name},`,
            `Your shipment ${news}`,
            ...(party.owner ? proofLine : []),
            ...(event.ratingLink ? [`How did the delivery go? Rate it from 1 to 5 (once per shipment): ${event.ratingLink}`] : []),
            ...(party.owner ? [`Choose which e-mail you get in your profile: ${origin}/profile?tab=notifications`] : []),
          ].join("\n\n"),
        })),
        ...subscribers.map((subscriber) => ({
          audience: "subscriber" as const,
          to: subscriber.email,
          unsubscribeUrl: subscriber.unsubscribeUrl,
          kind: "tracking-update",
          subject,
          body: [
            "Hello,",
            `Parcel ${news}`,
            `You get this e-mail because you asked ${companyName} for this parcel's updates. Unsubscribe: ${subscriber.unsubscribeUrl}`,
          ].join("\n\n"),
        })),
      ];
    }
    case "subscription.requested": {
      const { trackingId, email } = event.data;
      return [
        {
          audience: "account",
          to: email,
          kind: "tracking-subscription-confirm",
          subject: `Confirm updates for parcel ${trackingId}`,
          body: [
            "Hello,",
            `Someone, hopefully you, asked ${companyName} to e-mail this address each time parcel ${trackingId} changes status. Open this link within one hour and confirm to start:`,
            event.link,
            "If you did not ask for it, ignore this mail and you will get no more, or say no on the same page.",
          ].join("\n\n"),
        },
      ];
    }
    case "account.registered":
      return [
        {
          audience: "account",
          to: event.data.email,
          kind: "welcome",
          subject: `Welcome to ${companyName}`,
          body: [
            `Hello ${event.data.firstName},`,
            `Welcome to ${companyName}! Your account is ready.`,
            `Send a parcel: ${origin}/dashboard/create-shipment`,
            `Follow your parcels: ${origin}/dashboard`,
            `Your profile and notification settings: ${origin}/profile`,
          ].join("\n\n"),
        },
      ];
    case "password.reset_requested":
      return [
        {
          audience: "account",
          to: event.data.email,
          kind: "password-reset",
          subject: `Reset your ${companyName} password`,
          body: [
            `Hello ${event.data.firstName},`,
            `Someone, hopefully you, asked to reset the password of your ${companyName} account. Open this link within one hour to choose a new password:`,
            event.link,
            "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.",
          ].join("\n\n"),
        },
      ];
    case "account.sign_in_link_requested":
      return [
        {
          audience: "account",
          to: event.data.email,
          kind: "sign-in-link",
          subject: `Your ${companyName} sign-in link`,
          body: [
            `Hello ${event.data.firstName},`,
            `Someone, hopefully you, asked for a link to sign in to your ${companyName} account, whose sign-ins with a password are on hold after many wrong passwords. Open this link within ${SIGN_IN_LINK_MINUTES} minutes and press the button to sign in:`,
            event.link,
            "The link works once. If you did not ask for it, ignore this mail: nobody can use it without it. If you think someone knows your password, change it once you are signed in.",
          ].join("\n\n"),
        },
      ];
    case "account.deletion_requested": {
      const { email, firstName, lastName } = event.data;
      return [
        {
          audience: "account",
          to: site.supportEmail,
          kind: "deletion-request",
          subject: "Account deletion requested",
          body: [
            `${firstName} ${lastName} <${email}> asked for their account to be deleted.`,
            `Account id: ${event.entityId}`,
            `Accounts with a deletion request: ${origin}/admin/users?deletion=requested`,
          ].join("\n\n"),
        },
      ];
    }
    case "account.invited":
      if (event.data.role === "courier") {
        return [
          {
            audience: "account",
            to: event.data.email,
            kind: "courier-invitation",
            subject: `You're invited to deliver for ${companyName}`,
            body: [
              `Hello ${event.data.firstName},`,
              `${event.data.invitedBy} has made you a courier of ${companyName}. Open this link within ${INVITATION_LINK_DAYS} days to choose your password:`,
              event.link,
              `Then sign in at ${origin}/login with this address: your run sheet is at ${origin}/courier. The link works once; if it has expired, ask for a new one at ${origin}/auth/forgot-password.`,
            ].join("\n\n"),
          },
        ];
      }
      return [
        {
          audience: "account",
          to: event.data.email,
          kind: "admin-invitation",
          subject: `You're invited to the ${companyName} admin portal`,
          body: [
            `Hello ${event.data.firstName},`,
            `${event.data.invitedBy} has made you an administrator of ${companyName}. Open this link within ${INVITATION_LINK_DAYS} days to choose your password:`,
            event.link,
            `Then sign in at ${origin}/admin/login with this address. The link works once; if it has expired, ask for a new one at ${origin}/auth/forgot-password.`,
          ].join("\n\n"),
        },
      ];
    case "newsletter.confirmation_requested":
      return [
        {
          audience: "account",
          to: event.data.email,
          kind: "newsletter-confirmation",
          subject: `Confirm your ${companyName} newsletter subscription`,
          body: [
            `Someone, hopefully you, asked for the ${companyName} newsletter to be sent to this address. Open this link within ${NEWSLETTER_LINK_DAYS} days and press the button to confirm:`,
            event.link,
            "Until you confirm, we send nothing more. If you did not ask for it, ignore this mail.",
          ].join("\n\n"),
        },
      ];
    case "newsletter.subscribed":
      return [
        {
          audience: "newsletter",
          to: event.data.email,
          kind: "newsletter-welcome",
          subject: `You're subscribed to ${companyName} news`,
          body: `Thanks for subscribing to the ${companyName} newsletter. We write about once a month with shipping tips and service news.`,
        },
      ];
    case "contact.received": {
      const { name, email, type, subject } = event.data;
      return [
        {
          audience: "account",
          to: email,
          kind: "contact-acknowledgement",
          subject: "We received your message",
          body: [
            `Hello ${name},`,
            `Thank you for contacting ${companyName}. We have received your message "${subject}" (${contactTypeLabel(type)}) and will answer you at this address within ${RESPONSE_PROMISE_HOURS} hours during our business hours: ${businessHoursText()}.`,
            `Your reference: ${event.entityId}`,
            `If you did not write to us, you can ignore this mail or tell us at ${site.supportEmail}.`,
          ].join("\n\n"),
        },
      ];
    }
    case "contact.replied": {
      const { name, email, subject, reply, repliedBy } = event.data;
      return [
        {
          audience: "account",
          to: email,
          kind: "contact-reply",
          subject: `${companyName} has answered your message`,
          body: [`Hello ${name},`, `You wrote to us about "${subject}".`, reply, `${repliedBy}\n${companyName} customer support`, `Your reference: ${event.entityId}`].join(
            "\n\n",
          ),
        },
      ];
    }
    case "chat.admin_replied": {
      const { email, name, adminName, message } = event.data;
      const greeted = visitorName(name);
      return [
        {
          audience: "account",
          to: email,
          kind: "chat-reply",
          subject: `${companyName} support has answered your question`,
          // The company is named once, in who answered; a visitor who gave no name is greeted without one.
          body: [
            `Hello${greeted ? ` ${greeted}` : ""},`,
            `${replyAuthor(adminName, companyName)} answered you in our support chat:`,
            message,
            `To read the whole conversation or write back, open the chat in the browser you started it in: ${origin}/support/chat`,
          ].join("\n\n"),
        },
      ];
    }
    case "webhook.endpoint_disabled": {
      const { url, email, firstName, failingSince, pagePath } = event.data;
      return [
        {
          audience: "account",
          to: email,
          kind: "webhook-disabled",
          subject: `Your ${companyName} webhook endpoint was turned off`,
          body: [
            `Hello ${firstName},`,
            `Every delivery to your webhook endpoint ${url} has failed since ${new Date(failingSince).toUTCString()}, so we have turned it off and send it nothing more.`,
            `Its log shows what each attempt got back. Once the endpoint answers again, turn it back on and redeliver what it missed: ${origin}${pagePath}`,
          ].join("\n\n"),
        },
      ];
    }
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Addresses (lower case) among `addresses` whose account has turned e-mail notifications off. */
function addressesOptedOut(context: { db: Db }, addresses: string[]): Promise<Set<string>> {
  return addressesFound(addresses, (part) =>
    context.db
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.email, part), eq(users.emailNotifications, false))),
  );
}

/** A mail ready for the outbox: who it is for, why, and whether it counts against its address's hourly bound. */
export type ComposedMail = Mail & { eventId: string; unrequested: boolean };

/**
 * The mail the events of `recordings` call for, each with the id of the event that caused it,
 * and the statements that store the unsubscribe links those mails carry: both go into the batch
 * of the change. Non-essential mail to a suppressed address is left out, and the rest gets its
 * unsubscribe link (in its text and for the List-Unsubscribe header). Mail to the address of a
 * recording's actor is something they asked for.
 */
async function composeMail(
  context: MailContextOf,
  recordings: readonly Pick<Recording, "events" | "actor" | "now">[],
): Promise<{ mails: ComposedMail[]; statements: BatchItem<"sqlite">[] }> {
  const actorOf = new Map<string, Actor>(recordings.flatMap((recording) => recording.events.map((event) => [event.id, recording.actor] as const)));
  const mailed = recordings.flatMap((recording) => recording.events).filter(bringsMail);
  if (mailed.length === 0) return { mails: [], statements: [] };
  const now = recordings[0]!.now;
  const statusChanges = mailed.filter((event) => event.type === "shipment.status_changed");
  const shipmentIds = statusChanges.map((event) => event.entityId);
  // Every look-up goes out together, in one round trip: the subscribers of the changed
  // shipments with their suppressions, and the parties' opt-outs and suppressions. The parties'
  // addresses are known without the subscribers; the site's name comes from this isolate's copy.
  const subscribing = Promise.all([subscriberLinks(context, shipmentIds, now), suppressedSubscribersOf(context.db, shipmentIds)]);
  const { companyName, supportEmail } = await cachedSettings(context.db);
  const site = { companyName, supportEmail, origin: context.origin };
  const parties = mailed.flatMap((event) => mailFor(event, site));
  const [[subscribers, suppressedSubscribers], optedOut, suppressedParties] = await Promise.all([
    subscribing,
    addressesOptedOut(
      context,
      parties.filter((mail) => mail.audience === "updates").map((mail) => mail.to),
    ),
    suppressedAmong(
      context.db,
      parties.filter((mail) => mail.audience !== "account").map((mail) => mail.to),
    ),
  ]);
  const suppressed = new Set([...suppressedParties, ...suppressedSubscribers]);
  const planned = mailed.flatMap((event) =>
    mailFor(event, site, { subscribers: event.type === "shipment.status_changed" ? subscribers.byShipment.get(event.entityId) : undefined }).map((mail) => ({
      ...mail,
      eventId: event.id,
    })),
  );
  const kept = planned.filter(
    (mail) => mail.audience === "account" || (!suppressed.has(mail.to.toLowerCase()) && (mail.audience !== "updates" || !optedOut.has(mail.to.toLowerCase()))),
  );
  // A subscriber who gets the event's mail as a party anyway gets it once.
  const mailedAsParty = new Set(kept.filter((mail) => mail.audience === "updates").map((mail) => `${mail.eventId} ${mail.to.toLowerCase()}`));
  const mails = await Promise.all(
    kept
      .filter((mail) => mail.audience !== "subscriber" || !mailedAsParty.has(`${mail.eventId} ${mail.to.toLowerCase()}`))
      .map(async ({ audience, requested, ...mail }): Promise<ComposedMail> => {
        const actor = actorOf.get(mail.eventId);
        const unrequested = audience === "updates" && !requested && !(actor?.email && sameAddress(actor.email, mail.to));
        if (audience === "account" || audience === "subscriber") return { ...mail, unrequested };
        const link = await unsubscribeUrl(context, mail.to);
        return {
          ...mail,
          unrequested,
          unsubscribeUrl: link,
          body: `${mail.body}\n\nTo get no more parcel updates or newsletters from ${companyName} at this address: ${link}`,
        };
      }),
  );
  return { mails, statements: subscribers.statements };
}

/**
 * Written only while the address has had fewer than its bound of unrequested parcel mail in
 * the past hour, counted at its place in the batch (so mail written earlier in the same batch
 * counts too, and two changes at once cannot both take the last place).
 */
function underHourlyBound(context: MailContextOf, to: string, now: number): SQL {
  const bound = UNREQUESTED_MAIL_PER_HOUR * limitFromVar(context.cloudflare.env.ACTION_RATE_LIMIT_FACTOR, 1);
  const recent = context.db
    .select({ written: count() })
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), inArray(outbox.kind, [...UNREQUESTED_KINDS]), gt(outbox.createdAt, now - HOUR_MS)));
  return sql`(${recent}) < ${bound}`;
}

/**
 * The mail channel's part of a batch: for each of `recordings`, the outbox rows of the mail it
 * calls for (each insert returning the id it wrote), and the statements that store the
 * unsubscribe links they carry. Each recording's rows are written with its events (under the
 * same condition), so a change and its mail are stored together or not at all; the dispatcher
 * hands the rows that were written to the queue.
 */
export async function mailStatements(
  context: MailContextOf,
  recordings: readonly Recording[],
): Promise<{ outbox: BatchItem<"sqlite">[][]; statements: BatchItem<"sqlite">[] }> {
  const { db } = context;
  const { mails, statements } = await composeMail(context, recordings);
  const recordingOf = new Map(recordings.flatMap((recording) => recording.events.map((event) => [event.id, recording] as const)));
  const outboxes = new Map<Recording, BatchItem<"sqlite">[]>(recordings.map((recording) => [recording, []]));
  for (const mail of mails) {
    const recording = recordingOf.get(mail.eventId)!;
    const { onlyIf, now } = recording;
    const row = {
      id: crypto.randomUUID(),
      eventId: mail.eventId,
      channel: "mail",
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      kind: mail.kind,
      unsubscribeUrl: mail.unsubscribeUrl ?? null,
      nextAttemptAt: now,
      createdAt: now,
    } satisfies typeof outbox.$inferInsert;
    const bound = mail.unrequested ? underHourlyBound(context, mail.to, now) : undefined;
    outboxes
      .get(recording)!
      .push(
        !onlyIf && !bound
          ? db.insert(outbox).values(row).returning({ id: outbox.id })
          : insertWhere(db, outbox, row, { from: onlyIf?.from, where: and(onlyIf?.where, bound) }).returning({ id: outbox.id }),
      );
  }
  return { outbox: recordings.map((recording) => outboxes.get(recording)!), statements };
}
