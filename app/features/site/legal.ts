// The legal pages' text. They state what this app really does: the cookies it sets (see
// app/features/accounts/session.server.ts, toast.ts, consent.ts and app/client-hints.ts), the data its tables hold
// (drizzle/schema.ts) and how long, and liability and claims as the FAQ states them
// (app/features/site/faq.ts). The company's name and contacts come from the settings row.
// Every sentence is a key of the "legal" catalogs; the figures in it (money, limits, times, the
// contacts) are values, written in the reader's locale.
import type { TFunction } from "i18next";
import { businessHoursText, RESPONSE_PROMISE_HOURS } from "~/features/contact/contact-page";
import { listOf } from "~/domain/format";
import { packageSideLimitText, packageWeightLimitText } from "~/domain/field-limits";
import { DELIVERY_OPTION_SURCHARGES, INSURANCE_RATE } from "~/features/shipments/shipping-options";
import { transitTimesText } from "~/features/shipments/delivery-dates";
import { formatDollars, PRICING_PLANS } from "~/features/pricing/pricing-plans";
import { SAME_DAY_CUTOFF_TEXT, SAME_DAY_HOURS } from "~/features/shipments/same-day";
import { BASIC_COVER, MAX_INSURED_VALUE } from "~/features/pricing/tariff";
import { CLAIM_DEADLINE_DAYS } from "./faq";

export const LEGAL_LAST_UPDATED = "2026-11-23";

export type SiteFacts = { companyName: string; supportEmail: string; supportPhone: string; supportAddress: string };

export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] };

export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

export type LegalDocument = { title: string; intro: string; sections: LegalSection[]; related: { to: string; label: string }[] };

/** A legal page's text in the language of `t` (the "legal" namespace), its figures in `locale`. */
export type LegalBuilder = (site: SiteFacts, t: TFunction, locale?: string) => LegalDocument;

const p = (text: string): LegalBlock => ({ kind: "paragraph", text });
const list = (...items: string[]): LegalBlock => ({ kind: "list", items });

/** The figures the pages state, as `locale` writes them, and the contact line in the language of `t`. */
function figures(site: SiteFacts, t: TFunction, locale: string) {
  const dollars = (amount: number) => formatDollars(amount, locale);
  return {
    dollars,
    insuranceRate: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(INSURANCE_RATE),
    planCover: listOf(
      PRICING_PLANS.map((plan) => t("{{amount}} on {{plan}}", { amount: dollars(plan.insuranceCover), plan: t(plan.name, { ns: "site" }) })),
      locale,
    ),
    contactLine: t("{{company}}, {{address}}; e-mail {{email}}; phone {{phone}} ({{hours}}).", {
      company: site.companyName,
      address: site.supportAddress,
      email: site.supportEmail,
      phone: site.supportPhone,
      hours: businessHoursText((key) => t(key, { ns: "site" }), locale),
    }),
  };
}

const LEGAL_LINKS = {
  privacy: { to: "/privacy", label: "Privacy Policy" },
  terms: { to: "/terms", label: "Terms of Service" },
  cookies: { to: "/cookies", label: "Cookie Policy" },
  shipping: { to: "/shipping-terms", label: "Shipping Terms" },
  refunds: { to: "/refund-policy", label: "Refund Policy" },
  faq: { to: "/faq", label: "Frequently Asked Questions" },
  contact: { to: "/contact", label: "Contact Us" },
};

function related(t: TFunction, ...links: { to: string; label: string }[]): LegalDocument["related"] {
  return links.map((link) => ({ to: link.to, label: t(link.label) }));
}

/** The cookies the app sets, as the Cookie Policy lists them (a test checks them against the code). */
export const COOKIES: readonly { name: string; purpose: string; lifetime: string; setBy: string }[] = [
  {
    name: "__Host-session",
    purpose:
      "Keeps you signed in. It holds a random token, of which we store only a fingerprint (SHA-256) with your account and the session's expiry, and your name, e-mail address and role, signed so they cannot be forged (checked against our records on every request). Sent only over HTTPS and never readable by scripts.",
    lifetime: "Until you close the browser (the session ends after 1 day at the latest), or 30 days when you tick \"Remember me\". Signing out deletes it.",
    setBy: "Our server, when you sign in",
  },
  {
    name: "__Host-device",
    purpose:
      "Remembers which accounts have signed in on this browser: a fingerprint (SHA-256) of each account's e-mail address with a random number, signed so it cannot be forged. When someone elsewhere tries wrong passwords for your account, you can still sign in from this browser. Never readable by scripts.",
    lifetime: "1 year after your last sign-in on this browser.",
    setBy: "Our server, when you sign in",
  },
  {
    name: "__Host-bookmark",
    purpose:
      "After you change something, marks how far our database had got with your change, so the next page you open is read from a copy that already has it. Holds no personal data; never readable by scripts.",
    lifetime: "Until you close the browser.",
    setBy: "Our server, after an action that changes something",
  },
  {
    name: "__Host-toast",
    purpose: "Carries a one-time notice to the next page (for example \"Logged out successfully!\"). Signed so it cannot be forged; never readable by scripts.",
    lifetime: "Until the notice has been shown on the next page, at most until you close the browser.",
    setBy: "Our server, after an action that shows a notice",
  },
  {
    name: "cookieConsent",
    purpose: "Remembers your answer to the cookie banner (accepted, declined or closed) so the banner is not shown again.",
    lifetime: "1 year after Accept or Decline. Closing the banner with × is no answer: without JavaScript it sets this cookie until you close the browser; with JavaScript it sets none (see session storage below).",
    setBy: "Our server, when you answer the banner",
  },
  {
    name: "chatSession",
    purpose:
      "Names your support chat conversation so the chat finds it again. It holds the conversation's random key and nothing else; whoever has it can read the conversation, so it is sent only over HTTPS and never readable by scripts.",
    lifetime: "7 days after you start a chat; New Chat deletes it.",
    setBy: "Our server, when you start a support chat",
  },
  {
    name: "CH-time-zone",
    purpose:
      "Your time zone name as your browser reports it (for example Europe/Paris), so dates and times are shown in your local time from the first page on.",
    lifetime: "1 year.",
    setBy: "A script in each page, when JavaScript is on",
  },
  {
    name: "canSetCookies",
    purpose: "A test that your browser accepts cookies, made just before the time zone cookie is stored. It holds only the value 1.",
    lifetime: "Deleted at once (it could live 60 seconds at most).",
    setBy: "A script in each page, when JavaScript is on",
  },
];

export function cookiePolicy(site: SiteFacts, t: TFunction, locale = "en-US"): LegalDocument {
  const { contactLine } = figures(site, t, locale);
  return {
    title: t("Cookie Policy"),
    intro: t("This policy lists every cookie {{company}} sets on this website, what it is for and how long it stays. We use no advertising, analytics or third-party cookies, and no other site can read ours.", { company: site.companyName }),
    sections: [
      {
        id: "cookies-we-set",
        heading: t("The cookies we set"),
        blocks: [
          {
            kind: "table",
            caption: t("Cookies set by this website"),
            head: [t("Cookie"), t("What it is for"), t("How long it stays"), t("Set by")],
            rows: COOKIES.map((cookie) => [cookie.name, t(cookie.purpose), t(cookie.lifetime), t(cookie.setBy)]),
          },
          p(
            t("All are first-party cookies: only this website can read them, and browsers send them only with requests from this site or links followed to it (SameSite=Lax). The session, device, notice, chat and banner cookies travel only over HTTPS (Secure)."),
          ),
        ],
      },
      {
        id: "other-storage",
        heading: t("Other storage in your browser"),
        blocks: [
          list(
            t("cookieConsent in local storage: with JavaScript on, your answer to the cookie banner (Accept or Decline) is also kept in your browser's local storage under this name, until you clear it."),
            t("cookieConsent in session storage: with JavaScript on, closing the banner with × hides it for your visit only, noted in this tab's session storage until you close the tab."),
            t("chatSessionId in local storage: with JavaScript on, the chat window keeps the key of your support conversation here so it opens again after a page load, until you choose New Chat."),
            t("clientHintReloadAttempts and clientHintReferrer in session storage: when your time zone changes, the page reloads once to show local times; these two entries count the reloads (so it never loops) and keep the address you came from, until you close the tab."),
            t("Offline copies: with JavaScript on, the site installs a service worker that keeps a copy of the home page, the tracking page and the last 10 tracking results you opened, so they can be read without a connection. Pages shown while you are signed in are never kept."),
          ),
        ],
      },
      {
        id: "your-choice",
        heading: t("Your choice"),
        blocks: [
          p(
            t("The session and notice cookies are needed for signing in and for the site to tell you what happened; the time zone, test and banner cookies only remember settings. Because we set no optional cookies, Accept and Decline leave the same cookies in place: your answer is simply remembered."),
          ),
          p(
            t("You can delete our cookies at any time in your browser's settings. Without the session cookie you cannot stay signed in; without the time zone cookie times are shown in UTC; without cookieConsent the banner asks again."),
          ),
        ],
      },
      { id: "contact", heading: t("Questions"), blocks: [p(t("Write to {{email}} or use the contact form. {{contact}}", { email: site.supportEmail, contact: contactLine }))] },
    ],
    related: related(t, LEGAL_LINKS.privacy, LEGAL_LINKS.terms, LEGAL_LINKS.contact),
  };
}

export function privacyPolicy(site: SiteFacts, t: TFunction, locale = "en-US"): LegalDocument {
  const { contactLine } = figures(site, t, locale);
  return {
    title: t("Privacy Policy"),
    intro: t("{{company}} delivers parcels and shows where they are. This policy says which personal data this website and our service keep, why, who sees it and for how long, and what you can ask of us.", { company: site.companyName }),
    sections: [
      {
        id: "who-we-are",
        heading: t("Who we are"),
        blocks: [p(t("The controller of your data is {{contact}}", { contact: contactLine }))],
      },
      {
        id: "what-we-keep",
        heading: t("What we keep and why"),
        blocks: [
          {
            kind: "table",
            caption: t("Personal data we keep, why and for how long"),
            head: [t("Data"), t("Why"), t("How long")],
            rows: [
              [
                t("Your account: first and last name, e-mail, phone, and the address, city, country and postal code you add; your role; your notification choices; a scrambled form of your password (scrypt), never the password itself"),
                t("To run your account, sign you in and pre-fill your shipments"),
                t("Until your account is deleted"),
              ],
              [t("Sessions: a fingerprint of your session token, its expiry, whether you chose \"Remember me\""), t("To keep you signed in"), t("Deleted once expired (after 1 day, or 30 days with \"Remember me\")")],
              [t("Password-reset requests: a fingerprint of the one-time link and its expiry"), t("To let you choose a new password"), t("Deleted once used or after its 1-hour validity")],
              [
                t("Shipments: sender and recipient names, e-mail addresses, phone numbers, companies and addresses; package descriptions, weights, sizes and declared values; service, options, price, notes and reference; the shipment form's draft between its steps"),
                t("To collect, deliver, insure and invoice your parcels, and to answer claims"),
                t("As long as we must keep delivery and billing records, or until the shipment is deleted"),
              ],
              [t("Tracking history: each status, place and time, and which of our staff recorded it"), t("To show where a parcel is and to investigate problems"), t("As long as the shipment")],
              [t("Invoices: the amounts, taxes and the shipment they belong to"), t("Billing and accounting"), t("As long as the law requires us to keep accounting records")],
              [t("Contact messages: your name, e-mail, the type of inquiry, subject and message, and our reply"), t("To answer you"), t("Until you ask us to delete them")],
              [
                t("Newsletter: your e-mail address, whether you confirmed it, and a fingerprint of the confirmation link until it is used"),
                t("To send the newsletter you asked for, and only once you have confirmed the address"),
                t("Until you unsubscribe; an address never confirmed is deleted when its link expires (7 days)"),
              ],
              [t("Support chat, when you use it: your e-mail, the name you give and the conversation"), t("To answer you and to improve our answers"), t("Until you ask us to delete it")],
              [
                t("Activity record: what was changed, when, and by which account (for example a status change or a password change), and the e-mails we sent or queued with their text"),
                t("Security, to investigate mistakes and disputes, and to resend mail that failed"),
                t("As long as the record it describes"),
              ],
              [
                t("Attempt counters: your IP address, the e-mail address tried, or your browser's device cookie, with a count of recent sign-in, registration, password, newsletter, contact, shipment and tracking attempts"),
                t("To stop automated abuse (too many attempts are refused for a while)"),
                t("Deleted after 1 day"),
              ],
            ],
          },
          p(t("We do not sell personal data, use it for advertising, or build profiles of visitors. We do not use analytics or advertising services.")),
        ],
      },
      {
        id: "tracking-page",
        heading: t("What the public tracking page shows"),
        blocks: [
          p(
            t("Anyone with a tracking ID can see the parcel's status, the cities and countries it travels between, its history and the estimated delivery. Names, street addresses, phone numbers, e-mail addresses, contents and value are shown only to the account that created the shipment and to our staff."),
          ),
        ],
      },
      {
        id: "sharing",
        heading: t("Who else receives your data"),
        blocks: [
          list(
            t("The other party of a shipment: the recipient's e-mail tells them who sent the parcel, and the sender sees the recipient's details they entered."),
            t("Our hosting provider, Cloudflare, which runs this website and stores its database on our behalf."),
            t("Our e-mail delivery provider, which receives the address, subject and text of each e-mail we send you."),
            t("Customs authorities, for international shipments: the sender, the recipient, the contents and their value, as customs require."),
            t("Authorities, when the law obliges us to."),
          ),
        ],
      },
      {
        id: "emails",
        heading: t("E-mails we send"),
        blocks: [
          p(
            t("Shipment e-mails go to the sender and the recipient when a shipment is created and when its status changes; an account holder can turn them off under Profile, Notifications. Account e-mails (welcome, password reset), the acknowledgement of a contact message and our reply to it are always sent, because you asked for them."),
          ),
        ],
      },
      {
        id: "your-rights",
        heading: t("Your rights"),
        blocks: [
          list(
            t("See and correct your account details under Profile at any time."),
            t("Ask for a copy of your data, or for it to be corrected, deleted or no longer used: write to us through the contact form or by e-mail."),
            t("Delete your account: choose Request Account Deletion under Profile, Privacy, or write to us; we confirm by e-mail. Records we must keep by law (invoices, delivery records) are kept for their legal period only."),
            t("Stop shipment e-mails under Profile, Notifications, and the newsletter by replying to it."),
            t("Complain to your data-protection authority if you think we handle your data wrongly."),
          ),
          p(t("We answer requests within {{count}} hours during business hours to confirm we have them, and complete them within one month.", { count: RESPONSE_PROMISE_HOURS })),
        ],
      },
      {
        id: "security",
        heading: t("Security"),
        blocks: [
          p(
            t("The website is served only over HTTPS. Passwords are stored as scrypt hashes and session and reset tokens only as SHA-256 fingerprints, so a copy of our database opens no account. Every page checks who you are on the server, and customers' queries only ever return their own shipments."),
          ),
        ],
      },
      { id: "cookies", heading: t("Cookies"), blocks: [p(t("Our Cookie Policy lists every cookie we set, what it is for and how long it stays."))] },
    ],
    related: related(t, LEGAL_LINKS.cookies, LEGAL_LINKS.terms, LEGAL_LINKS.contact),
  };
}

export function termsOfService(site: SiteFacts, t: TFunction, locale = "en-US"): LegalDocument {
  const { dollars, insuranceRate, planCover, contactLine } = figures(site, t, locale);
  return {
    title: t("Terms of Service"),
    intro: t("These terms apply when you use the {{company}} website, open an account or send a shipment with us. By creating an account or booking a shipment you accept them.", { company: site.companyName }),
    sections: [
      {
        id: "account",
        heading: t("Your account"),
        blocks: [
          list(
            t("Give your real name, e-mail and phone number, and keep them up to date under Profile."),
            t("Keep your password to yourself. A new password signs out every other session."),
            t("An account is for one person. We may suspend an account used against these terms, for fraud or to send prohibited items; a suspended account cannot sign in."),
            t("You may ask us to delete your account at any time (see the Privacy Policy)."),
          ),
        ],
      },
      {
        id: "shipments",
        heading: t("Shipments"),
        blocks: [
          p(
            t("When you create a shipment you confirm that the sender and recipient details, the description, the weight, the sizes and the declared value are true, and that the parcel contains nothing our Shipping Terms prohibit. The Shipping Terms describe sizes, packing, delivery, customs and claims; they form part of these terms."),
          ),
        ],
      },
      {
        id: "prices",
        heading: t("Prices and payment"),
        blocks: [
          p(
            t("The shipment form shows the full price line by line (service, weight, route, package type, delivery option and insurance) before you confirm, and that is the price you pay. Each shipment gets an invoice in your account."),
          ),
          p(
            t("Business plans are billed monthly or yearly in advance at the prices on our Pricing page; shipments beyond a plan's monthly limit are charged at the plan's price per extra shipment at the end of the month."),
          ),
        ],
      },
      {
        id: "tracking",
        heading: t("Tracking"),
        blocks: [
          p(
            t("Anyone who knows a tracking ID can follow that parcel's status, route cities and history. Share the ID only with people who should see this. Details beyond that stay private (see the Privacy Policy)."),
          ),
        ],
      },
      {
        id: "liability",
        heading: t("Our liability"),
        blocks: [
          list(
            t("For loss of or damage to a parcel in our care we pay up to the cover of the shipment: {{basic}} for every shipment, the plan's cover on a business plan ({{plans}}), or the declared value, up to {{maximum}}, when you chose Insurance for {{rate}} of that value.", {
              basic: dollars(BASIC_COVER),
              plans: planCover,
              maximum: dollars(MAX_INSURED_VALUE),
              rate: insuranceRate,
            }),
            t("Delivery dates are estimates in business days. We refund the delivery-option charge when a timed delivery is missed through our fault (see the Refund Policy), but we are not liable for indirect losses such as lost sales."),
            t("We are not liable for delays or losses caused by customs, by events outside our control, by wrong or incomplete addresses, or by contents the Shipping Terms prohibit."),
            t("Claims must reach us within {{count}} days of the estimated delivery date (see the Shipping Terms).", { count: CLAIM_DEADLINE_DAYS }),
          ),
        ],
      },
      {
        id: "website",
        heading: t("Using the website"),
        blocks: [
          p(
            t("Do not try to reach other people's data, overload the site or get round its limits. Repeated attempts at signing in, tracking or sending messages are refused for a while. We may change or pause parts of the website to improve or repair them."),
          ),
        ],
      },
      {
        id: "changes",
        heading: t("Changes to these terms"),
        blocks: [p(t("We may update these terms; the date at the top shows the latest version. Shipments already booked keep the terms in force when they were booked."))],
      },
      { id: "contact", heading: t("Contact"), blocks: [p(contactLine)] },
    ],
    related: related(t, LEGAL_LINKS.shipping, LEGAL_LINKS.refunds, LEGAL_LINKS.privacy),
  };
}

export function shippingTerms(site: SiteFacts, t: TFunction, locale = "en-US"): LegalDocument {
  const { dollars, insuranceRate, planCover } = figures(site, t, locale);
  return {
    title: t("Shipping Terms"),
    intro: t("These terms describe what {{company}} carries, how parcels must be packed and addressed, how delivery works, and what we pay when something goes wrong.", { company: site.companyName }),
    sections: [
      {
        id: "sizes",
        heading: t("Sizes and weights"),
        blocks: [
          list(
            t("A parcel may weigh up to {{weight}}, with no side longer than {{side}}.", { weight: packageWeightLimitText(locale), side: packageSideLimitText(locale) }),
            t("Heavier or larger goods travel as a pallet, booked by our team."),
            t("The weight and sizes you enter set the price; a parcel found heavier or larger is charged at its real weight and size."),
          ),
        ],
      },
      {
        id: "prohibited",
        heading: t("Items we do not carry"),
        blocks: [
          list(
            t("Explosives, fireworks, flammable liquids and gases, and other dangerous goods"),
            t("Weapons, ammunition and their parts"),
            t("Illegal drugs and any item whose sale or transport is illegal in the origin or destination country"),
            t("Cash, bearer securities and precious stones"),
            t("Live animals and human remains"),
            t("Perishable food that needs refrigeration"),
          ),
        ],
      },
      {
        id: "packing",
        heading: t("Packing and addressing"),
        blocks: [
          p(
            t("Pack each parcel so it survives normal handling, sorting machines and stacking, and write the full sender and recipient address with a postal code and phone number. Damage caused by packing that could not protect the contents is not covered."),
          ),
        ],
      },
      {
        id: "delivery",
        heading: t("Delivery times"),
        blocks: [
          p(
            [
              // The services' transit times as delivery-dates.ts words them, a sentence of its own in each catalog.
              t("{{times}}; weekends are not counted.", { times: t(transitTimesText()) }),
              t("Each shipment shows its estimated delivery date on its tracking page."),
              t("Same Day delivery takes {{min}}-{{max}} hours from pick-up within one city; ordered after {{cutoff}} or on a weekend, it arrives the next business day.", {
                min: SAME_DAY_HOURS.min,
                max: SAME_DAY_HOURS.max,
                cutoff: SAME_DAY_CUTOFF_TEXT,
              }),
            ].join(" "),
          ),
          p(
            t("Morning delivery (before 12:00, {{morning}}), evening delivery (after 18:00, {{evening}}) and weekend delivery ({{weekend}}) can be added when you create the shipment.", {
              morning: dollars(DELIVERY_OPTION_SURCHARGES.morning),
              evening: dollars(DELIVERY_OPTION_SURCHARGES.evening),
              weekend: dollars(DELIVERY_OPTION_SURCHARGES.weekend),
            }),
          ),
        ],
      },
      {
        id: "failed-delivery",
        heading: t("When we cannot deliver"),
        blocks: [
          p(
            t("If nobody can take the parcel, it may be held for pick-up at a nearby point (its tracking page then shows Ready For Pickup) or delivered again. A parcel we cannot deliver is returned to its sender, and its tracking page shows Returned."),
          ),
        ],
      },
      {
        id: "customs",
        heading: t("International shipments and customs"),
        blocks: [
          p(
            t("We deliver to more than 220 countries and territories. Import duties and taxes are charged by the destination country and are paid by the recipient unless the sender arranges otherwise. Describe the contents and their value accurately: customs use them, and a vague description delays the parcel."),
          ),
        ],
      },
      {
        id: "cover",
        heading: t("Cover and insurance"),
        blocks: [
          list(
            t("Every shipment is covered for loss or damage up to {{basic}}.", { basic: dollars(BASIC_COVER) }),
            t("Shipments on a business plan are covered up to the plan's amount: {{plans}}.", { plans: planCover }),
            t("Tick Insurance when you create the shipment to cover the full declared value, up to {{maximum}}, for {{rate}} of that value.", { maximum: dollars(MAX_INSURED_VALUE), rate: insuranceRate }),
            t("We pay the lower of the declared value, the proven value and the cover."),
          ),
        ],
      },
      {
        id: "claims",
        heading: t("Making a claim"),
        blocks: [
          p(
            [
              t(
                "Contact us within {{count}} days of the estimated delivery date, through the contact form or by e-mail to {{email}}, with the tracking ID, photos of any damage and of the packing, and proof of the value (an invoice or receipt).",
                { count: CLAIM_DEADLINE_DAYS, email: site.supportEmail },
              ),
              t("Keep the parcel and its packing until the claim is settled."),
              t("We answer within {{count}} hours during business hours and decide most claims within 10 business days.", { count: RESPONSE_PROMISE_HOURS }),
            ].join(" "),
          ),
        ],
      },
    ],
    related: related(t, LEGAL_LINKS.terms, LEGAL_LINKS.refunds, LEGAL_LINKS.faq),
  };
}

export function refundPolicy(site: SiteFacts, t: TFunction): LegalDocument {
  return {
    title: t("Refund Policy"),
    intro: t("When {{company}} gives your money back, how to ask, and how long it takes.", { company: site.companyName }),
    sections: [
      {
        id: "shipments",
        heading: t("Shipments"),
        blocks: [
          list(
            t("Cancelled before pick-up: the whole price is refunded."),
            t("A timed delivery option (morning, evening or weekend) missed through our fault: the option's charge is refunded."),
            t("An Overnight or Express shipment delivered after its estimated date through our fault: the difference between its price and the Standard price for the same parcel is refunded."),
            t("Lost or damaged parcels are paid under the cover described in the Shipping Terms; the shipping price is refunded as well when the parcel is lost."),
            t("No refund is due when the delay or failure comes from customs, a wrong or incomplete address, a recipient who could not be reached, or prohibited contents."),
          ),
        ],
      },
      {
        id: "plans",
        heading: t("Business plans"),
        blocks: [
          list(
            t("Monthly plans can be cancelled at any time and end with the month already paid; unused shipments are not refunded."),
            t("Yearly plans cancelled within 14 days of payment are refunded in full, less the usual price of the shipments already sent; after that the plan runs to the end of the paid year."),
            t("Charges for shipments beyond a plan's limit are not refunded, except as above for a shipment we failed."),
          ),
        ],
      },
      {
        id: "how",
        heading: t("How to ask"),
        blocks: [
          p(
            [
              t("Send us a message through the contact form with the type Billing, or write to {{email}}, giving the tracking ID or invoice number and what went wrong.", { email: site.supportEmail }),
              t("We confirm within {{count}} hours during business hours.", { count: RESPONSE_PROMISE_HOURS }),
            ].join(" "),
          ),
        ],
      },
      {
        id: "timing",
        heading: t("When you get the money"),
        blocks: [p(t("Refunds are paid to the card or account you paid with within 10 business days of our decision, in the currency you paid in."))],
      },
    ],
    related: related(t, LEGAL_LINKS.shipping, LEGAL_LINKS.terms, LEGAL_LINKS.contact),
  };
}
