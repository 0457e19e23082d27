// Second names of pages, served outside the file-system routes: each answers with a permanent
// redirect to the page's main address (app/alias-route.tsx).

/** Alternative path → the page's main address. */
export const ALIASES: Record<string, string> = {
  "/auth/login": "/login",
  "/auth/register": "/register",
  "/create-shipment": "/dashboard/create-shipment",
  "/admin": "/admin/dashboard",
};
