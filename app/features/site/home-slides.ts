// The home page's four slides: rendered by the page, switched and rotated by app/enhance/slides.ts.
// Delivery times are the delivery estimate's (delivery-dates.ts).
import { arrivalText, TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";

export const SLIDES = [
  {
    title: "Deliveries you can follow, step by step",
    text: "Every scan, every hub, every hand-off: see where your parcel is right now.",
    background: "from-brand-800 via-brand-700 to-sky-700",
  },
  {
    title: "Overnight across the country",
    text: `Book Overnight and your parcel arrives ${arrivalText(TRANSIT_BUSINESS_DAYS.overnight)}; Express takes ${TRANSIT_BUSINESS_DAYS.express} business days.`,
    background: "from-indigo-900 via-indigo-800 to-brand-700",
  },
  {
    title: "Ship to more than 220 countries",
    text: "Customs paperwork handled, duties estimated up front, no surprises at the door.",
    background: "from-slate-900 via-slate-800 to-teal-800",
  },
  {
    title: "Business shipping that scales with you",
    text: "From a few envelopes a week to pallets every day, one account does it all.",
    background: "from-emerald-900 via-teal-800 to-cyan-800",
  },
] as const;

/** Slides rotate every 5 seconds unless paused or the reader prefers less motion. */
export const ROTATE_MS = 5000;

/** The page that shows slide `index` (0-based, wrapping) without JavaScript. */
export function slideHref(index: number): string {
  return `/?slide=${((index + SLIDES.length) % SLIDES.length) + 1}#hero`;
}
