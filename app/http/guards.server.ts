// The route side's guards: every loader and action that needs someone starts with one. A
// missing session answers with a redirect to the right sign-in page, which comes back here.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { homeFor } from "~/features/accounts/auth.server";
import type { SessionUser } from "~/features/accounts/session.server";
import type { EndpointOwner } from "~/features/webhooks/webhook-endpoints.server";

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * The signed-in customer (or admin), or a redirect to /login that comes back here afterwards.
 * A courier's account has no customer pages: it goes to its run sheet.
 */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await context.sessionUser();
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(currentPath(request))}`);
  if (user.role === "courier") throw redirect("/courier");
  return user;
}

/** The signed-in courier; signed out, a redirect to /login (a courier signs in there) that comes back here; anyone else goes home. */
export async function requireCourier(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await context.sessionUser();
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(currentPath(request))}`);
  if (user.role !== "courier") throw redirect(homeFor(user.role));
  return user;
}

/** The signed-in admin, or a redirect to the admin portal's sign-in. */
export async function requireAdmin(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await context.sessionUser();
  if (!user || user.role !== "admin") {
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(currentPath(request))}`);
  }
  return user;
}

/**
 * Whose webhook endpoints a page under /profile/webhooks or /admin/webhooks manages: the signed-in
 * customer's own, or (an admin in the back office) the endpoints of every shipment.
 */
export async function requireWebhookOwner(context: AppLoadContext, request: Request): Promise<EndpointOwner> {
  if (new URL(request.url).pathname.startsWith("/admin/")) return { userId: (await requireAdmin(context, request)).id, scope: "all" };
  return { userId: (await requireUser(context, request)).id, scope: "own" };
}
