// The FAQ's categories and the shape of an entry: what the page, the search rule and the
// browser's filter share. The entries themselves (faq.ts) stay out of the public pages' script,
// which reads them from the page.
export const FAQ_CATEGORIES = ["shipping", "tracking", "pricing", "international", "security"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_CATEGORY_LABELS: Record<FaqCategory, string> = {
  shipping: "Shipping",
  tracking: "Tracking",
  pricing: "Pricing",
  international: "International",
  security: "Security and claims",
};

export type FaqEntry = {
  /** The anchor on /faq (`/faq#returns`). */
  id: string;
  category: FaqCategory;
  question: string;
  /** Plain text, one paragraph per item. */
  answer: string[];
  /** Words a visitor might use for this question besides those in it. */
  keywords: string[];
};
