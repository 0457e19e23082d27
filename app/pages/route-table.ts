// Paths of SPEC.md's route table served outside the file-system routes: second names for
// pages (redirected to their main address) and pages not built yet.

/** Alternative path → the page's main address. */
export const ALIASES: Record<string, string> = {
  "/auth/login": "/login",
  "/auth/register": "/register",
  "/create-shipment": "/dashboard/create-shipment",
  "/admin": "/admin/dashboard",
};

/** Route path (React Router syntax) → page title, for pages a later issue builds. */
export const UPCOMING_PAGES: Record<string, string> = {
  about: "About Us",
  services: "Services",
  contact: "Contact Us",
  faq: "Frequently Asked Questions",
  pricing: "Pricing",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  cookies: "Cookie Policy",
  "shipping-terms": "Shipping Terms",
  "refund-policy": "Refund Policy",
  "admin/invoices": "Invoices",
  "admin/analytics": "Analytics",
  "admin/chat-support": "Chat Support",
  "admin/settings": "Settings",
};
