// Mail composed from domain events: every template lives here. Mail about the account itself
// (welcome, password reset) and answers to what a person asked always go. The rest is
// non-essential, carries a link to stop it (and RFC 8058's one-click header) and is not written
// for an address on the suppression list: parcel updates to the sender, recipient and owner
// (which also honour the account's preferences: an address whose account has e-mail
// notifications off gets none), "Keep me posted" updates (double opt-in, each with its own
// unsubscribe link) and the newsletter. Parcel mail an address did not ask for (someone else's
// shipment naming it) is bounded per address and hour, however many clients or accounts cause it.
import { and, count, eq, gt, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { outbox, users } from "../../../drizzle/schema";
import { businessHoursText, RESPONSE_PROMISE_HOURS } from "~/features/contact/contact-page";
import { CONTACT_TYPE_LABELS, contactTypeLabel, type ContactType } from "~/features/contact/contact-form";
import { INVITATION_LINK_DAYS, NEWSLETTER_LINK_DAYS, SIGN_IN_LINK_MINUTES } from "~/features/accounts/one-time-links";
import { defaultStatusDescription, statusLabel } from "~/features/shipments/shipment-status";
import { proofSentence } from "~/features/couriers/courier-rules";
import { formatDateTime } from "~/domain/format";
import { replyAuthor, visitorName } from "~/features/chat/chat";
import { inParts, insertWhere, type Db } from "~/.server/db";
import { deliversTo, type TypesFor } from "~/.server/deliveries";
import type { Actor, Recording, StoredEvent } from "~/.server/events";
import { limitFromVar } from "~/.server/rate-limit";
import { withSafeHeaders } from "./mail-header.server";
import { suppressedAmong, suppressedSubscribersOf, unsubscribeUrl } from "./suppression.server";
import { cachedSettings } from "~/features/settings/settings.server";
import { subscriberLinks, type SubscriberLink } from "~/features/tracking/subscriber-links.server";
import type { TFunction } from "i18next";
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, LOCALES, type Language } from "~/features/languages/languages";

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
type PlannedMail = Mail & { audience: "updates" | "account" | "subscriber" | "newsletter"; requested?: boolean; language: Language };

/** The kinds of parcel mail an address may get without asking (a shipment naming it as sender or recipient). */
const UNREQUESTED_KINDS = ["shipment-created", "shipment-status"] as const;

/** At most this many of them reach one address per hour (times ACTION_RATE_LIMIT_FACTOR); the rest are not written. */
export const UNREQUESTED_MAIL_PER_HOUR = 10;

const HOUR_MS = 3_600_000;

/**
 * What a template needs beyond the event: the confirmed subscribers of the event's shipment, with
 * their unsubscribe links, and the saved language of the accounts using the parcel mail's
 * addresses (lower case).
 */
export type MailContext = { subscribers?: readonly SubscriberLink[]; languages?: ReadonlyMap<string, Language> };

/** The mail's words in `language`; status names and the history's words come from the `statuses` catalogs. */
function mailT(language: Language): TFunction {
  return translator(language, "mail");
}

const STATUSES = "statuses";
/** The contact page's words (types of inquiry, business hours). */
const SITE = "site";

/** The business hours as the acknowledgement says them: English as the contact page's facts read, other languages from the site's catalogs. */
function businessHours(t: TFunction, language: Language): string {
  return businessHoursText((key) => t(key, { ns: SITE }), LOCALES[language]);
}

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

function templateMail(event: MailEvent, site: Site, { subscribers = [], languages }: MailContext): PlannedMail[] {
  const { companyName, origin } = site;
  /** The recipient's language: the one the change knows, else their account's saved choice, else English. */
  const languageOf = (address: string): Language => event.language ?? languages?.get(address.toLowerCase()) ?? DEFAULT_LANGUAGE;
  switch (event.type) {
    case "shipment.created": {
      // The confirmation goes to both parties only when both e-mails and names are present.
      const { trackingId, sender, recipient, importId } = event.data;
      if (!sender.email || !recipient.email || !sender.name || !recipient.name) return [];
      const link = trackingUrl(origin, trackingId);
      const mail = (to: string, language: Language, words: (t: TFunction) => { subject: string; name: string; sentence: string }): PlannedMail => {
        const t = mailT(language);
        const { subject, name, sentence } = words(t);
        return {
          audience: "updates",
          to,
          language,
          kind: "shipment-created",
          subject,
          body: [`${t("Hello {{name}},", { name })}\n`, sentence, t("Tracking ID: {{trackingId}}", { trackingId }), `${t("Follow it at {{link}}", { link })}\n`].join("\n"),
        };
      };
      const toRecipient = mail(recipient.email, languageOf(recipient.email), (t) => ({
        subject: t("A parcel is on its way to you"),
        name: recipient.name,
        sentence: t("{{sender}} has sent you a parcel with {{companyName}}.", { sender: sender.name, companyName }),
      }));
      // An import's sender hears once, from its summary (import.completed), not once per parcel.
      if (importId) return [toRecipient];
      const toSender = mail(sender.email, languageOf(sender.email), (t) => ({
        subject: t("Your shipment {{trackingId}} has been created", { trackingId }),
        name: sender.name,
        sentence: t("Your shipment to {{recipient}} in {{city}} has been created with {{companyName}}.", { recipient: recipient.name, city: recipient.city, companyName }),
      }));
      return [toSender, toRecipient];
    }
    case "import.completed": {
      const { email, firstName, fileName, created, leftOut, listPath } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      const number = (value: number) => value.toLocaleString(LOCALES[language]);
      const made = t("Your import of {{fileName}} created {{created}} shipments with {{companyName}}.", { count: created, created: number(created), fileName, companyName });
      return [
        {
          // The answer to the importer's own action: it always goes.
          audience: "account",
          to: email,
          language,
          kind: "import-completed",
          subject: t("Your shipments have been imported"),
          body: [
            t("Hello {{name}},", { name: firstName }),
            leftOut > 0 ? `${made} ${t("{{leftOut}} rows were left out for errors.", { count: leftOut, leftOut: number(leftOut) })}` : made,
            t("Your shipments: {{link}}", { link: `${origin}${listPath}` }),
          ].join("\n\n"),
        },
      ];
    }
    case "shipment.status_changed": {
      const { trackingId, to, description, sender, recipient, owner, proof } = event.data;
      const link = trackingUrl(origin, trackingId);
      const status = (t: TFunction) => t(statusLabel(to), { ns: STATUSES });
      /** The news, the history's words (translated when they are the status's own default) and the link. */
      const news = (t: TFunction, headline: string) =>
        [headline, description === defaultStatusDescription(to) ? t(description, { ns: STATUSES }) : description, t("Follow it at {{link}}", { link })].join("\n");
      const subject = (t: TFunction) => t("Shipment {{trackingId}}: {{status}}", { trackingId, status: status(t) });
      const parties = [sender, recipient].flatMap((party) =>
        party.email ? [{ name: party.name, email: party.email, owner: Boolean(owner?.email && sameAddress(party.email, owner.email)) }] : [],
      );
      // The account that made the shipment hears of it at its own address too (its preferences permitting).
      if (owner?.email && !parties.some((party) => party.owner)) parties.push({ name: owner.name, email: owner.email, owner: true });
      return [
        ...parties.map((party) => {
          const language = languageOf(party.email);
          const t = mailT(language);
          // Who took the parcel is for the owner only; the others read the public words of the history.
          const proofLine =
            party.owner && proof ? [`${proofSentence(t, { receivedBy: proof.receivedBy, at: formatDateTime(proof.takenAt, "UTC", LOCALES[language]), photo: proof.photo })}.`] : [];
          return {
            audience: "updates" as const,
            requested: party.owner,
            to: party.email,
            language,
            kind: "shipment-status",
            subject: subject(t),
            body: [
              t("Hello {{name}},", { name: party.name }),
              news(t, t("Your shipment {{trackingId}} is now {{status}}.", { trackingId, status: status(t) })),
              ...proofLine,
              ...(event.ratingLink ? [t("How did the delivery go? Rate it from 1 to 5 (once per shipment): {{link}}", { link: event.ratingLink })] : []),
              ...(party.owner ? [t("Choose which e-mail you get in your profile: {{link}}", { link: `${origin}/profile?tab=notifications` })] : []),
            ].join("\n\n"),
          };
        }),
        ...subscribers.map((subscriber) => {
          const t = mailT(subscriber.language);
          return {
            audience: "subscriber" as const,
            to: subscriber.email,
            language: subscriber.language,
            unsubscribeUrl: subscriber.unsubscribeUrl,
            kind: "tracking-update",
            subject: subject(t),
            body: [
              t("Hello,"),
              news(t, t("Parcel {{trackingId}} is now {{status}}.", { trackingId, status: status(t) })),
              t("You get this e-mail because you asked {{companyName}} for this parcel's updates. Unsubscribe: {{link}}", { companyName, link: subscriber.unsubscribeUrl }),
            ].join("\n\n"),
          };
        }),
      ];
    }
    case "subscription.requested": {
      const { trackingId, email } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: email,
          language,
          kind: "tracking-subscription-confirm",
          subject: t("Confirm updates for parcel {{trackingId}}", { trackingId }),
          body: [
            t("Hello,"),
            t(
              "Someone, hopefully you, asked {{companyName}} to e-mail this address each time parcel {{trackingId}} changes status. Open this link within one hour and confirm to start:",
              { companyName, trackingId },
            ),
            event.link,
            t("If you did not ask for it, ignore this mail and you will get no more, or say no on the same page."),
          ].join("\n\n"),
        },
      ];
    }
    case "account.registered": {
      const language = languageOf(event.data.email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: event.data.email,
          language,
          kind: "welcome",
          subject: t("Welcome to {{companyName}}", { companyName }),
          body: [
            t("Hello {{name}},", { name: event.data.firstName }),
            t("Welcome to {{companyName}}! Your account is ready.", { companyName }),
            t("Send a parcel: {{link}}", { link: `${origin}/dashboard/create-shipment` }),
            t("Follow your parcels: {{link}}", { link: `${origin}/dashboard` }),
            t("Your profile and notification settings: {{link}}", { link: `${origin}/profile` }),
          ].join("\n\n"),
        },
      ];
    }
    case "password.reset_requested": {
      const language = languageOf(event.data.email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: event.data.email,
          language,
          kind: "password-reset",
          subject: t("Reset your {{companyName}} password", { companyName }),
          body: [
            t("Hello {{name}},", { name: event.data.firstName }),
            t("Someone, hopefully you, asked to reset the password of your {{companyName}} account. Open this link within one hour to choose a new password:", { companyName }),
            event.link,
            t("The link works once. If you did not ask for it, ignore this mail: your password stays as it is."),
          ].join("\n\n"),
        },
      ];
    }
    case "account.sign_in_link_requested": {
      const language = languageOf(event.data.email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: event.data.email,
          language,
          kind: "sign-in-link",
          subject: t("Your {{companyName}} sign-in link", { companyName }),
          body: [
            t("Hello {{name}},", { name: event.data.firstName }),
            t(
              "Someone, hopefully you, asked for a link to sign in to your {{companyName}} account, whose sign-ins with a password are on hold after many wrong passwords. Open this link within {{minutes}} minutes and press the button to sign in:",
              { companyName, minutes: SIGN_IN_LINK_MINUTES },
            ),
            event.link,
            t(
              "The link works once. If you did not ask for it, ignore this mail: nobody can use it without it. If you think someone knows your password, change it once you are signed in.",
            ),
          ].join("\n\n"),
        },
      ];
    }
    case "account.deletion_requested": {
      // For the support team: in the saved language of the account using the support address, else English.
      const { email, firstName, lastName } = event.data;
      const language = languages?.get(site.supportEmail.toLowerCase()) ?? DEFAULT_LANGUAGE;
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: site.supportEmail,
          language,
          kind: "deletion-request",
          subject: t("Account deletion requested"),
          body: [
            t("{{name}} <{{email}}> asked for their account to be deleted.", { name: `${firstName} ${lastName}`, email }),
            t("Account id: {{id}}", { id: event.entityId }),
            t("Accounts with a deletion request: {{link}}", { link: `${origin}/admin/users?deletion=requested` }),
          ].join("\n\n"),
        },
      ];
    }
    case "account.invited": {
      const { email, firstName, invitedBy, role } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      const forgot = `${origin}/auth/forgot-password`;
      if (role === "courier") {
        return [
          {
            audience: "account",
            to: email,
            language,
            kind: "courier-invitation",
            subject: t("You're invited to deliver for {{companyName}}", { companyName }),
            body: [
              t("Hello {{name}},", { name: firstName }),
              t("{{invitedBy}} has made you a courier of {{companyName}}. Open this link within {{days}} days to choose your password:", { invitedBy, companyName, days: INVITATION_LINK_DAYS }),
              event.link,
              t(
                "Then sign in at {{signIn}} with this address: your run sheet is at {{runSheet}}. The link works once; if it has expired, ask for a new one at {{forgot}}.",
                { signIn: `${origin}/login`, runSheet: `${origin}/courier`, forgot },
              ),
            ].join("\n\n"),
          },
        ];
      }
      return [
        {
          audience: "account",
          to: email,
          language,
          kind: "admin-invitation",
          subject: t("You're invited to the {{companyName}} admin portal", { companyName }),
          body: [
            t("Hello {{name}},", { name: firstName }),
            t("{{invitedBy}} has made you an administrator of {{companyName}}. Open this link within {{days}} days to choose your password:", { invitedBy, companyName, days: INVITATION_LINK_DAYS }),
            event.link,
            t("Then sign in at {{signIn}} with this address. The link works once; if it has expired, ask for a new one at {{forgot}}.", { signIn: `${origin}/admin/login`, forgot }),
          ].join("\n\n"),
        },
      ];
    }
    case "newsletter.confirmation_requested": {
      const language = languageOf(event.data.email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: event.data.email,
          language,
          kind: "newsletter-confirmation",
          subject: t("Confirm your {{companyName}} newsletter subscription", { companyName }),
          body: [
            t(
              "Someone, hopefully you, asked for the {{companyName}} newsletter to be sent to this address. Open this link within {{days}} days and press the button to confirm:",
              { companyName, days: NEWSLETTER_LINK_DAYS },
            ),
            event.link,
            t("Until you confirm, we send nothing more. If you did not ask for it, ignore this mail."),
          ].join("\n\n"),
        },
      ];
    }
    case "newsletter.subscribed": {
      const language = languageOf(event.data.email);
      const t = mailT(language);
      return [
        {
          audience: "newsletter",
          to: event.data.email,
          language,
          kind: "newsletter-welcome",
          subject: t("You're subscribed to {{companyName}} news", { companyName }),
          body: t("Thanks for subscribing to the {{companyName}} newsletter. We write about once a month with shipping tips and service news.", { companyName }),
        },
      ];
    }
    case "contact.received": {
      const { name, email, type, subject } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: email,
          language,
          kind: "contact-acknowledgement",
          subject: t("We received your message"),
          body: [
            t("Hello {{name}},", { name }),
            t(
              'Thank you for contacting {{companyName}}. We have received your message "{{subject}}" ({{type}}) and will answer you at this address within {{hours}} hours during our business hours: {{businessHours}}.',
              {
                companyName,
                subject,
                type: type in CONTACT_TYPE_LABELS ? t(CONTACT_TYPE_LABELS[type as ContactType], { ns: SITE }) : contactTypeLabel(type),
                hours: RESPONSE_PROMISE_HOURS,
                businessHours: businessHours(t, language),
              },
            ),
            t("Your reference: {{reference}}", { reference: event.entityId }),
            t("If you did not write to us, you can ignore this mail or tell us at {{supportEmail}}.", { supportEmail: site.supportEmail }),
          ].join("\n\n"),
        },
      ];
    }
    case "contact.replied": {
      const { name, email, subject, reply, repliedBy } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      return [
        {
          audience: "account",
          to: email,
          language,
          kind: "contact-reply",
          subject: t("{{companyName}} has answered your message", { companyName }),
          body: [
            t("Hello {{name}},", { name }),
            t('You wrote to us about "{{subject}}".', { subject }),
            reply,
            `${repliedBy}\n${t("{{companyName}} customer support", { companyName })}`,
            t("Your reference: {{reference}}", { reference: event.entityId }),
          ].join("\n\n"),
        },
      ];
    }
    case "chat.admin_replied": {
      const { email, name, adminName, message } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      const greeted = visitorName(name);
      return [
        {
          audience: "account",
          to: email,
          language,
          kind: "chat-reply",
          subject: t("{{companyName}} support has answered your question", { companyName }),
          // The company is named once, in who answered; a visitor who gave no name is greeted without one.
          body: [
            greeted ? t("Hello {{name}},", { name: greeted }) : t("Hello,"),
            t("{{author}} answered you in our support chat:", { author: replyAuthor(t, adminName, companyName) }),
            message,
            t("To read the whole conversation or write back, open the chat in the browser you started it in: {{link}}", { link: `${origin}/support/chat` }),
          ].join("\n\n"),
        },
      ];
    }
    case "webhook.endpoint_disabled": {
      const { url, email, firstName, failingSince, pagePath } = event.data;
      const language = languageOf(email);
      const t = mailT(language);
      // English keeps the date as it has always read; other languages get their locale's.
      const since = language === DEFAULT_LANGUAGE ? new Date(failingSince).toUTCString() : formatDateTime(failingSince, "UTC", LOCALES[language]);
      return [
        {
          audience: "account",
          to: email,
          language,
          kind: "webhook-disabled",
          subject: t("Your {{companyName}} webhook endpoint was turned off", { companyName }),
          body: [
            t("Hello {{name}},", { name: firstName }),
            t("Every delivery to your webhook endpoint {{url}} has failed since {{since}}, so we have turned it off and send it nothing more.", { url, since }),
            t("Its log shows what each attempt got back. Once the endpoint answers again, turn it back on and redeliver what it missed: {{link}}", { link: `${origin}${pagePath}` }),
          ].join("\n\n"),
        },
      ];
    }
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Of the accounts using `addresses`: the addresses (lower case) whose account has turned e-mail
 * notifications off, and each address's saved language, in one query.
 */
async function accountChoices(context: { db: Db }, addresses: string[]): Promise<{ optedOut: Set<string>; languages: Map<string, Language> }> {
  const rows = await Promise.all(
    inParts([...new Set(addresses.map((address) => address.toLowerCase()))]).map((part) =>
      context.db
        .select({ email: users.email, emailNotifications: users.emailNotifications, language: users.language })
        .from(users)
        .where(and(inArray(users.email, part), or(eq(users.emailNotifications, false), isNotNull(users.language)))),
    ),
  );
  const optedOut = new Set<string>();
  const languages = new Map<string, Language>();
  for (const row of rows.flat()) {
    const email = row.email.toLowerCase();
    if (!row.emailNotifications) optedOut.add(email);
    if (row.language) languages.set(email, row.language);
  }
  return { optedOut, languages };
}

/** A mail ready for the outbox: who it is for, why, its language, and whether it counts against its address's hourly bound. */
export type ComposedMail = Mail & { eventId: string; unrequested: boolean; language: Language };

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
  const [[subscribers, suppressedSubscribers], { optedOut, languages }, suppressedParties] = await Promise.all([
    subscribing,
    // Opt-outs count for parcel updates only; a saved language for every mail whose change knows none.
    accountChoices(
      context,
      parties.map((mail) => mail.to),
    ),
    suppressedAmong(
      context.db,
      parties.filter((mail) => mail.audience !== "account").map((mail) => mail.to),
    ),
  ]);
  const suppressed = new Set([...suppressedParties, ...suppressedSubscribers]);
  const planned = mailed.flatMap((event) =>
    mailFor(event, site, { subscribers: event.type === "shipment.status_changed" ? subscribers.byShipment.get(event.entityId) : undefined, languages }).map((mail) => ({
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
        const t = mailT(mail.language);
        return {
          ...mail,
          unrequested,
          unsubscribeUrl: link,
          body: `${mail.body}\n\n${t("To get no more parcel updates or newsletters from {{companyName}} at this address: {{link}}", { companyName, link })}`,
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
      language: mail.language,
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
