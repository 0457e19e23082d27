// The home page's four slides: rendered by the page, switched and rotated by slides.ts. Each has
// a background illustration of the project's own (public/hero/*.svg, about 1 kB each, drawn on
// the slide's gradient, which also shows while the image loads).
// Titles and texts are keys of the "site" catalogs; delivery times are the delivery estimate's
// (delivery-dates.ts: Overnight arrives the next business day).
import { tk } from "~/features/languages/languages";
import { TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";

export type Slide = { title: string; text: string; count?: number; background: string; image: string };

export const SLIDES = [
  {
    title: tk("Deliveries you can follow, step by step"),
    text: tk("Every scan, every hub, every hand-off: see where your parcel is right now."),
    background: "from-brand-800 via-brand-700 to-sky-700",
    image: "/hero/slide-1.svg",
  },
  {
    title: tk("Overnight across the country"),
    text: tk("Book Overnight and your parcel arrives the next business day; Express takes {{count}} business days."),
    count: TRANSIT_BUSINESS_DAYS.express,
    background: "from-indigo-900 via-indigo-800 to-brand-700",
    image: "/hero/slide-2.svg",
  },
  {
    title: tk("Ship to more than 220 countries"),
    text: tk("Customs paperwork handled, duties estimated up front, no surprises at the door."),
    background: "from-slate-900 via-slate-800 to-teal-800",
    image: "/hero/slide-3.svg",
  },
  {
    title: tk("Business shipping that scales with you"),
    text: tk("From a few envelopes a week to pallets every day, one account does it all."),
    background: "from-emerald-900 via-teal-800 to-cyan-800",
    image: "/hero/slide-4.svg",
  },
] as const satisfies readonly Slide[];

/** The illustrations' own size (public/hero/*.svg), given to the <img> so nothing moves as it loads. */
export const SLIDE_IMAGE_SIZE = { width: 1440, height: 640 } as const;

/** Slides rotate every 5 seconds unless paused or the reader prefers less motion. */
export const ROTATE_MS = 5000;

/** The page that shows slide `index` (0-based, wrapping) without JavaScript. */
export function slideHref(index: number): string {
  return `/?slide=${((index + SLIDES.length) % SLIDES.length) + 1}#hero`;
}
