import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { listAccounts } from "~/.server/accounts";
import { requireAdmin } from "~/.server/session";
import { DataTable, EmptyState, FilterBar, PaginationNav, type Column } from "~/components/list";
import { useTimeZone } from "~/components/root-data";
import { formatDate, formatDateTime } from "~/domain/format";
import { searchParam } from "~/domain/list-filters";
import { pageParam } from "~/domain/pagination";

export const meta: MetaFunction = () => [{ title: "Users | SwiftParcel Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = { search: searchParam(params), deletionRequested: params.get("deletion") === "requested", page: pageParam(params) };
  return { filters, ...(await listAccounts(context.db, filters)) };
}

type UserRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function UsersPage() {
  const { filters, rows, pagination } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const columns: Column<UserRow>[] = [
    { label: "Name", rowHeader: true, cell: (user) => `${user.firstName} ${user.lastName}` },
    { label: "Email", className: "break-all", cell: (user) => user.email },
    { label: "Role", cell: (user) => (user.role === "admin" ? "Admin" : "Customer") },
    { label: "Status", cell: (user) => (user.status === "active" ? "Active" : "Suspended") },
    { label: "Joined", className: "whitespace-nowrap", cell: (user) => formatDate(user.createdAt, timeZone) },
    {
      label: "Deletion",
      cell: (user) =>
        user.deletionRequestedAt ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
            Deletion requested {formatDateTime(user.deletionRequestedAt, timeZone)}
          </span>
        ) : (
          "-"
        ),
    },
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Users</h1>
      <section aria-label="Accounts" className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <FilterBar id="users" label="Users" search={{ label: "Name or e-mail", value: filters.search }}>
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
                Only deletion requests
              </label>
            </div>
          </FilterBar>
        </div>
        {rows.length === 0 ? (
          filters.search !== "" || filters.deletionRequested ? (
            <EmptyState headingLevel={2} title="No users found" hint="Try adjusting your search criteria" />
          ) : (
            <EmptyState headingLevel={2} title="No users yet" hint="Accounts appear here as people register." />
          )
        ) : (
          <DataTable caption="Users, newest first" columns={columns} rows={rows} rowKey={(user) => user.id} />
        )}
        <PaginationNav pagination={pagination} label="User pages" />
      </section>
    </main>
  );
}
