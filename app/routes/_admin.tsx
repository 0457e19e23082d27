import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { tk } from "~/features/languages/languages";
import { countAttention } from "~/.server/admin-attention";
import { type SessionUser } from "~/features/accounts/session.server";
import { requireAdmin } from "~/http/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RouteProgress } from "~/components/route-progress";
import { SEARCH_MAX_LENGTH } from "~/domain/list-filters";
import { useRootData } from "~/components/root-data";
import { FALLBACK_COMPANY_NAME } from "~/components/company-name";

const ADMIN_NAV = [
  { to: "/admin/dashboard", label: tk("Dashboard") },
  { to: "/admin/shipments", label: tk("Shipments") },
  { to: "/admin/shipments/new", label: tk("New Shipment") },
  { to: "/admin/users", label: tk("Users") },
  { to: "/admin/couriers", label: tk("Couriers") },
  { to: "/admin/invoices", label: tk("Invoices") },
  { to: "/admin/analytics", label: tk("Analytics") },
  { to: "/admin/chat-support", label: tk("Chat Support") },
  { to: "/admin/messages", label: tk("Messages") },
  { to: "/admin/mailbox", label: tk("Mailbox") },
  { to: "/admin/webhooks", label: tk("Webhooks") },
  { to: "/admin/settings", label: tk("Settings") },
  { to: "/admin/api-keys", label: tk("API Keys") },
] as const;

/** The header title (a catalog key of `admin`): the nav label of the page or of its section, else the last path word ("chat-support" reads "Chat Support"). */
export function adminPageTitle(pathname: string): string {
  const exact = ADMIN_NAV.find((item) => item.to === pathname);
  if (exact) return exact.label;
  if (/^\/admin\/shipments\/[^/]+\/edit$/.test(pathname)) return tk("Edit Shipment");
  // A record's page (an id in the path) is titled by its section, never by the id.
  const section = ADMIN_NAV.find((item) => pathname.startsWith(`${item.to}/`));
  if (section) return section.label;
  const last = pathname.split("/").filter(Boolean).at(-1) ?? "admin";
  return last
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  return { admin, attention: await countAttention(context.db) };
}

export default function AdminLayout() {
  const { admin, attention } = useLoaderData<typeof loader>();
  return (
    <AdminFrame admin={admin} needingAttention={attention.total}>
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({
  admin,
  needingAttention,
  children,
}: {
  admin: Pick<SessionUser, "firstName" | "lastName">;
  needingAttention: number;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const companyName = useRootData()?.site.companyName ?? FALLBACK_COMPANY_NAME;
  return (
    <div id="top" className="min-h-screen bg-slate-100 lg:grid lg:grid-cols-[15rem_1fr]">
      <RouteProgress />
      <aside className="bg-slate-900 text-slate-200 print:hidden">
        <div className="flex items-center justify-between px-5 py-4">
          <Link to="/admin/dashboard" className="text-lg font-bold text-white">
            {t("{{company}} Admin", { company: companyName })}
          </Link>
        </div>
        <details className="group lg:hidden">
          <summary className="mx-5 mb-3 inline-flex rounded-md border border-slate-600 px-3 py-1.5 text-sm">{t("Admin menu")}</summary>
          <AdminNav />
        </details>
        <div className="hidden lg:block">
          <AdminNav />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-6 py-3 print:hidden">
          <p className="mr-auto text-xl font-semibold" aria-hidden="true">
            {t(adminPageTitle(location.pathname))}
          </p>
          <Form method="get" action="/admin/shipments" role="search" aria-label={t("All shipments")} className="flex w-full items-center gap-2 sm:w-auto">
            <label htmlFor="admin-search" className="shrink-0 text-sm font-medium text-slate-700">
              {t("Find a shipment")}
            </label>
            <input id="admin-search" name="search" type="search" maxLength={SEARCH_MAX_LENGTH} placeholder={t("Tracking ID, name or e-mail")} className="input min-w-0 flex-1 py-1.5 text-sm sm:w-64 sm:flex-none" />
            <button type="submit" className="btn-secondary py-1.5">
              {t("Search")}
            </button>
          </Form>
          <Link
            to="/admin/notifications"
            className="btn-secondary relative py-1.5"
            aria-label={t("Notifications: {{count}} items need an admin", { count: needingAttention })}
          >
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" fill="currentColor">
              <path d="M10 2a6 6 0 00-6 6v3.6L2.3 14.3A1 1 0 003 16h14a1 1 0 00.7-1.7L16 11.6V8a6 6 0 00-6-6zm0 18a3 3 0 01-3-3h6a3 3 0 01-3 3z" />
            </svg>
            {needingAttention > 0 ? (
              <span aria-hidden="true" className="absolute -right-2 -top-2 min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-5 text-white">
                {needingAttention > 99 ? "99+" : needingAttention}
              </span>
            ) : null}
          </Link>
          <details className="relative">
            <summary className="btn-secondary list-none py-1.5">
              {admin.firstName} {admin.lastName}
            </summary>
            <div className="absolute right-0 z-30 mt-2 flex w-52 flex-col rounded-md border border-slate-200 bg-white py-1 shadow-lg">
              <Link to="/admin/profile" className="px-4 py-2 text-sm hover:bg-slate-100">
                {t("Profile Settings")}
              </Link>
              <Link to="/admin/settings" className="px-4 py-2 text-sm hover:bg-slate-100">
                {t("System Settings")}
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className="w-full px-4 py-2 text-left text-sm hover:bg-slate-100">
                  {t("Sign out")}
                </button>
              </Form>
            </div>
          </details>
        </header>
        {children}
      </div>
    </div>
  );
}

function AdminNav() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("Admin")}>
      <ul className="flex flex-col gap-1 px-3 pb-4">
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-600 text-white" : "text-slate-200 hover:bg-slate-800"}`
              }
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page that fails keeps the sidebar and header around the 404 or error message. */
export function ErrorBoundary() {
  // Absent when this layout's own loader failed: then there is no admin to show the frame for.
  const layout = useRouteLoaderData<typeof loader>("routes/_admin");
  if (!layout) return <GeneralErrorBoundary />;
  return (
    <AdminFrame admin={layout.admin} needingAttention={layout.attention.total}>
      <GeneralErrorBoundary />
    </AdminFrame>
  );
}
