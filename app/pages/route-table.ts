// Paths of SPEC.md's route table served outside the file-system routes: second names for
// pages (redirected to their main address) and admin screens not built yet.

/** Alternative path → the page's main address. */
export const ALIASES: Record<string, string> = {
  "/auth/login": "/login",
  "/auth/register": "/register",
  "/create-shipment": "/dashboard/create-shipment",
  "/admin": "/admin/dashboard",
};

/**
 * Admin route path (React Router syntax) → page title, for admin screens a later issue builds;
 * they answer inside the admin layout. Every public page is an ordinary route module.
 */
export const UPCOMING_PAGES: Record<string, string> = {
};
