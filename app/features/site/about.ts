// The /about page's copy. Figures are the ones the rest of the site states (rating
// 4.8, 220+ countries; the contact page's 2-hour answer; 24/7 support in the footer).
import { RESPONSE_PROMISE_HOURS } from "~/features/contact/contact-page";

export const ABOUT_STATS: readonly { value: string; label: string }[] = [
  { value: "220+", label: "Countries and territories served" },
  { value: "4.8", label: "Average customer rating out of 5" },
  { value: "24/7", label: "Tracking and support, every day" },
  { value: `${RESPONSE_PROMISE_HOURS} h`, label: "Answer to every message in business hours" },
];

export const MISSION = {
  title: "Our mission",
  paragraphs: [
    "Sending a parcel should be as easy as sending an e-mail, and knowing where it is should never take a phone call.",
    "We built our network and our software together, so every parcel is scanned at each hand-over and its tracking page shows the truth within moments, to the sender and the recipient alike.",
  ],
};

export const CORE_VALUES: readonly { title: string; text: string }[] = [
  { title: "Transparency", text: "One price shown line by line before you book, and a tracking page that tells you what we know." },
  { title: "Reliability", text: "Business-day estimates we keep, and a person who answers when something goes wrong." },
  { title: "Care", text: "Every parcel handled as if it were our own, insured from the first scan to the doorstep." },
  { title: "Privacy", text: "Your addresses and contents are shown to you and our staff only, never on a public page." },
];

export const TIMELINE: readonly { year: string; title: string; text: string }[] = [
  { year: "2016", title: "First deliveries", text: "Three vans and a shared office: same-day courier work across one city." },
  { year: "2018", title: "Nationwide network", text: "Partner hubs in every region brought Standard and Express delivery to the whole country." },
  { year: "2020", title: "Tracking for everyone", text: "Every parcel got a public tracking page, with e-mail updates for sender and recipient." },
  { year: "2022", title: "Worldwide", text: "International shipping to more than 220 countries and territories, with customs support." },
  { year: "2024", title: "Business plans", text: "Monthly plans with insurance included for companies that ship every day." },
];
