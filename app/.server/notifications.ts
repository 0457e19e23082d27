// Mail composed from domain events: every template lives here. Shipment updates honour each
// recipient's preferences (an address whose account has e-mail notifications off gets none);
// mail about the account itself (welcome, password reset) always goes.
import { and, eq, inArray } from "drizzle-orm";
import { users } from "../../drizzle/schema";
import { businessHoursText, RESPONSE_PROMISE_HOURS } from "~/content/contact";
import { contactTypeLabel } from "~/domain/contact-form";
import { NEWSLETTER_LINK_DAYS } from "~/domain/one-time-links";
import { statusLabel } from "~/domain/shipment-status";
import type { ServiceContext } from "~/load-context";
import type { StoredEvent } from "./events";
import { getSettings } from "./settings";

export type Mail = { to: string; subject: string; body: string; kind: string };

/** "updates" mail is about parcels and honours the preferences; "account" mail always goes. */
type PlannedMail = Mail & { audience: "updates" | "account" };

export type Site = { companyName: string; supportEmail: string; origin: string };

function trackingUrl(origin: string, trackingId: string): string {
  return `${origin}/track/${encodeURIComponent(trackingId)}`;
}

/** The mail one event calls for, before preferences are applied. */
export function mailFor(event: StoredEvent, site: Site): PlannedMail[] {
  const { companyName, origin } = site;
  switch (event.type) {
    case "shipment.created": {
      // SPEC.md: confirmation goes to both parties only when both e-mails and names are present.
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
      const { trackingId, to, description, sender, recipient } = event.data;
      const link = trackingUrl(origin, trackingId);
      return [sender, recipient].flatMap((party) =>
        party.email
          ? [
              {
                audience: "updates" as const,
                to: party.email,
                kind: "shipment-status",
                subject: `Shipment ${trackingId}: ${statusLabel(to)}`,
                body: `Hello ${party.name},\n\nYour shipment ${trackingId} is now ${statusLabel(to)}.\n${description}\nFollow it at ${link}\n${
                  event.ratingLink ? `\nHow did the delivery go? Rate it from 1 to 5 (once per shipment): ${event.ratingLink}\n` : ""
                }`,
              },
            ]
          : [],
      );
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
      return [
        {
          audience: "account",
          to: email,
          kind: "chat-reply",
          subject: `${companyName} support has answered your question`,
          body: [
            `Hello ${name},`,
            `${adminName} of the ${companyName} support team wrote:`,
            message,
            `The conversation continues in the chat on our site: ${origin}/support/chat (in the browser you started it in).`,
          ].join("\n\n"),
        },
      ];
    }
    case "shipment.updated":
    case "shipment.location_changed":
    case "shipment.deleted":
    case "shipment.rated":
    case "account.password_changed":
    case "account.password_reset":
      return [];
  }
}

/** Addresses (lower case) among `addresses` whose account has turned e-mail notifications off. */
async function addressesOptedOut(context: Pick<ServiceContext, "db">, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const rows = await context.db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, unique), eq(users.emailNotifications, false)));
  return new Set(rows.map((row) => row.email));
}

const SILENT: ReadonlySet<StoredEvent["type"]> = new Set([
  "shipment.updated",
  "shipment.location_changed",
  "shipment.deleted",
  "shipment.rated",
  "account.password_changed",
  "account.password_reset",
]);

/** The mail `list` calls for, each with the id of the event that caused it. */
export async function composeMail(context: Pick<ServiceContext, "db" | "origin">, list: readonly StoredEvent[]): Promise<(Mail & { eventId: string })[]> {
  if (list.every((event) => SILENT.has(event.type))) return [];
  const { companyName, supportEmail } = await getSettings(context.db);
  const site = { companyName, supportEmail, origin: context.origin };
  const planned = list.flatMap((event) => mailFor(event, site).map((mail) => ({ ...mail, eventId: event.id })));
  const optedOut = await addressesOptedOut(
    context,
    planned.filter((mail) => mail.audience === "updates").map((mail) => mail.to),
  );
  return planned
    .filter((mail) => mail.audience === "account" || !optedOut.has(mail.to.toLowerCase()))
    .map(({ audience: _audience, ...mail }) => mail);
}
