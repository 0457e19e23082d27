import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { listAccounts } from "~/features/accounts/accounts.server";
import { requireAdmin } from "~/http/guards.server";
import { DataTable, EmptyState, FilterBar, PaginationNav, type Column } from "~/components/list";
import { useLocale, useTimeZone } from "~/components/root-data";
import { ROLE_LABELS, ROLES } from "~/features/accounts/roles";
import { formatDate, formatDateTime } from "~/domain/format";
import { oneOf, searchParam } from "~/domain/list-filters";
import { pageParam } from "~/domain/pagination";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "users");
  return [
    { title: t("Users | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Find accounts by name or e-mail, filter by role and deletion requests, and manage each one.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const role = oneOf(["all", ...ROLES], params.get("role"), "all");
  const filters = {
    search: searchParam(params),
    role: role === "all" ? null : role,
    deletionRequested: params.get("deletion") === "requested",
    page: pageParam(params),
  };
  return { filters, ...(await listAccounts(context.db, filters)) };
}

type UserRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function UsersPage() {
  const { filters, rows, pagination } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("users");
  const columns: Column<UserRow>[] = [
    {
      label: t("Name"),
      rowHeader: true,
      cell: (user) => (
        <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="link">
          {user.firstName} {user.lastName}
        </Link>
      ),
    },
    { label: t("Email"), className: "break-words", cell: (user) => <WrapPoints text={user.email} /> },
    { label: t("Role"), cell: (user) => t(ROLE_LABELS[user.role]) },
    { label: t("Status"), cell: (user) => (user.status === "active" ? t("Active") : t("Suspended")) },
    { label: t("Joined"), className: "whitespace-nowrap", cell: (user) => formatDate(user.createdAt, timeZone, locale) },
    {
      label: t("Deletion"),
      cell: (user) =>
        user.deletionRequestedAt ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
            {t("Deletion requested {{date}}", { date: formatDateTime(user.deletionRequestedAt, timeZone, locale) })}
          </span>
        ) : (
          "-"
        ),
    },
  ];
  const filtered = filters.search !== "" || filters.role !== null || filters.deletionRequested;
  return (
    <main id="main" className="space-y-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Users")}</h1>
        <Link to="/admin/users/new" className="btn-primary">
          {t("New Admin")}
        </Link>
      </div>
      <section aria-label={t("Accounts")} className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <FilterBar
            id="users"
            label={t("Users")}
            search={{ label: t("Name or e-mail"), value: filters.search, placeholder: t("Start of an e-mail address, or a name") }}
          >
            <div>
              <label htmlFor="users-role" className="label">
                {t("Role")}
              </label>
              <select id="users-role" name="role" defaultValue={filters.role ?? "all"} className="input">
                <option value="all">{t("All roles")}</option>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(ROLE_LABELS[role])}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex items-center gap-2 pb-2">
              <input
                id="users-deletion"
                name="deletion"
                type="checkbox"
                value="requested"
                defaultChecked={filters.deletionRequested}
                className="h-4 w-4 rounded border-slate-400"
              />
              <label htmlFor="users-deletion" className="text-sm text-slate-800">
                {t("Only deletion requests")}
              </label>
            </div>
          </FilterBar>
        </div>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState headingLevel={2} title={t("No users found")} hint={t("Try adjusting your search criteria")} />
          ) : (
            <EmptyState headingLevel={2} title={t("No users yet")} hint={t("Accounts appear here as people register.")} />
          )
        ) : (
          <DataTable caption={t("Users, newest first")} columns={columns} rows={rows} rowKey={(user) => user.id} />
        )}
        <PaginationNav pagination={pagination} label={t("User pages")} />
      </section>
    </main>
  );
}
