// Mail composed from domain events: every template lives here. Shipment updates honour each
// recipient's preferences (an address whose account has e-mail notifications off gets none);
// mail about the account itself (welcome, password reset) always goes, and so does mail to an
// address that asked for a parcel's updates itself (double opt-in, an unsubscribe link in each).
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { outbox, users } from "../../../drizzle/schema";
import { businessHoursText, RESPONSE_PROMISE_HOURS } from "~/features/contact/contact-page";
import { contactTypeLabel } from "~/features/contact/contact-form";
import { INVITATION_LINK_DAYS, NEWSLETTER_LINK_DAYS, SIGN_IN_LINK_MINUTES } from "~/features/accounts/one-time-links";
import { statusLabel } from "~/features/shipments/shipment-status";
import { replyAuthor, visitorName } from "~/features/chat/chat";
import { insertWhere, type Db } from "~/.server/db";
import { deliversTo, type TypesFor } from "~/.server/deliveries";
import type { Recording, StoredEvent } from "~/.server/events";
import { withSafeHeaders } from "./mail-header.server";
import { getSettings } from "~/features/settings/settings.server";
import { subscriberLinks, type SubscriberLink } from "~/features/tracking/subscriber-links.server";

/** What composing mail needs of the request: the database and where the site is served. */
type MailContextOf = { db: Db; origin: string };

export type Mail = { to: string; subject: string; body: string; kind: string };

/**
 * "updates" mail is about parcels and honours the preferences; "account" mail always goes, and
 * "subscriber" mail goes to addresses that confirmed they want it, unless the event mails them already.
 */
type PlannedMail = Mail & { audience: "updates" | "account" | "subscriber" };

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
      const { trackingId, sender, recipient } = event.data;
      if (!sender.email || !recipient.email || !sender.name || !recipient.name) return [];
      const link = trackingUrl(origin, trackingId);
      return [
        {
          audience: "updates",
          to: sender.email,
          kind: "shipment-created",
          subject: `Your shipment ${trackingId} has been created`,
          body: `Hello ${sender.name},\n\nYour shipment to ${recipient.name} in ${recipient.city} has been created with ${companyName}.\nTracking ID: ${trackingId}\nFollow it at ${link}\n`,
        },
        {
          audience: "updates",
          to: recipient.email,
          kind: "shipment-created",
          subject: `A parcel from ${sender.name} is on its way`,
          body: `Hello ${recipient.name},\n\n${sender.name} has sent you a parcel with ${companyName}.\nTracking ID: ${trackingId}\nFollow it at ${link}\n`,
        },
      ];
    }
    case "shipment.status_changed": {
      const { trackingId, to, description, sender, recipient, owner } = event.data;
      const link = trackingUrl(origin, trackingId);
      const subject = `Shipment ${trackingId}: ${statusLabel(to)}`;
      const news = `${trackingId} is now ${statusLabel(to)}.\n${description}\nFollow it at ${link}`;
      const parties = [sender, recipient].flatMap((party) => (party.email ? [{ name: party.name, email: party.email, owner: false }] : []));
      // The account that made the shipment hears of it at its own address too (its preferences permitting).
      if (owner?.email && !parties.some((party) => sameAddress(party.email, owner.email!))) parties.push({ name: owner.name, email: owner.email, owner: true });
      return [
        ...parties.map((party) => ({
          audience: "updates" as const,
          to: party.email,
          kind: "shipment-status",
          subject,
          body: [
            `Hello ${party.name},`,
            `Your shipment ${news}`,
            ...(event.ratingLink ? [`How did the delivery go? Rate it from 1 to 5 (once per shipment): ${event.ratingLink}`] : []),
            ...(party.owner ? [`Choose which e-mail you get in your profile: ${origin}/profile?tab=notifications`] : []),
          ].join("\n\n"),
        })),
        ...subscribers.map((subscriber) => ({
          audience: "subscriber" as const,
          to: subscriber.email,
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
          subject: `Account deletion requested: ${email}`,
          body: [
            `${firstName} ${lastName} <${email}> asked for their account to be deleted.`,
            `Account id: ${event.entityId}`,
            `Accounts with a deletion request: ${origin}/admin/users?deletion=requested`,
          ].join("\n\n"),
        },
      ];
    }
    case "account.invited":
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
          audience: "account",
          to: event.data.email,
          kind: "newsletter-welcome",
          subject: `You're subscribed to ${companyName} news`,
          body: `Thanks for subscribing to the ${companyName} newsletter. We write about once a month with shipping tips and service news.\n\nIf you did not ask for this, reply to ${site.supportEmail} and we will remove you.`,
        },
      ];
    case "contact.received": {
      const { name, email, type, subject } = event.data;
      return [
        {
          audience: "account",
          to: email,
          kind: "contact-acknowledgement",
          subject: `We received your message: ${subject}`,
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
          subject: `Re: ${subject}`,
          body: [`Hello ${name},`, reply, `${repliedBy}\n${companyName} customer support`, `Your reference: ${event.entityId}`].join("\n\n"),
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
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Addresses (lower case) among `addresses` whose account has turned e-mail notifications off. */
async function addressesOptedOut(context: { db: Db }, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const rows = await context.db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, unique), eq(users.emailNotifications, false)));
  return new Set(rows.map((row) => row.email));
}

/**
 * The mail `list` calls for, each with the id of the event that caused it, and the statements
 * that store the unsubscribe links those mails carry: both go into the batch of the change.
 */
export async function composeMail(
  context: MailContextOf,
  list: readonly StoredEvent[],
  now = Date.now(),
): Promise<{ mails: (Mail & { eventId: string })[]; statements: BatchItem<"sqlite">[] }> {
  const mailed = list.filter(bringsMail);
  if (mailed.length === 0) return { mails: [], statements: [] };
  const statusChanges = mailed.filter((event) => event.type === "shipment.status_changed");
  const [{ companyName, supportEmail }, subscribers] = await Promise.all([
    getSettings(context.db),
    subscriberLinks(context, statusChanges.map((event) => event.entityId), now),
  ]);
  const site = { companyName, supportEmail, origin: context.origin };
  const planned = mailed.flatMap((event) =>
    mailFor(event, site, { subscribers: event.type === "shipment.status_changed" ? subscribers.byShipment.get(event.entityId) : undefined }).map((mail) => ({
      ...mail,
      eventId: event.id,
    })),
  );
  const optedOut = await addressesOptedOut(
    context,
    planned.filter((mail) => mail.audience === "updates").map((mail) => mail.to),
  );
  const kept = planned.filter((mail) => mail.audience !== "updates" || !optedOut.has(mail.to.toLowerCase()));
  // A subscriber who gets the event's mail as a party anyway gets it once.
  const mailedAsParty = new Set(kept.filter((mail) => mail.audience === "updates").map((mail) => `${mail.eventId} ${mail.to.toLowerCase()}`));
  const mails = kept
    .filter((mail) => mail.audience !== "subscriber" || !mailedAsParty.has(`${mail.eventId} ${mail.to.toLowerCase()}`))
    .map(({ audience: _audience, ...mail }) => mail);
  return { mails, statements: subscribers.statements };
}

/**
 * The mail channel's part of a batch: the outbox rows of the mail `recording` calls for, and the
 * unsubscribe links they carry. Written with the events (under the same condition), so a change
 * and its mail are stored together or not at all; delivery is the outbox's (cron today).
 */
export async function mailStatements(context: MailContextOf, recording: Recording): Promise<BatchItem<"sqlite">[]> {
  const { db } = context;
  const { mails, statements } = await composeMail(context, recording.events, recording.now);
  const { onlyIf, now } = recording;
  return [
    ...mails.map((mail) => {
      const row = {
        id: crypto.randomUUID(),
        eventId: mail.eventId,
        channel: "mail",
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.body,
        kind: mail.kind,
        nextAttemptAt: now,
        createdAt: now,
      } satisfies typeof outbox.$inferInsert;
      return onlyIf ? insertWhere(db, outbox, row, onlyIf) : db.insert(outbox).values(row);
    }),
    ...statements,
  ];
}
