import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { listAccounts } from "~/.server/accounts";
import { requireAdmin } from "~/.server/session";
import { Pagination } from "~/components/pagination";
import { useTimeZone } from "~/components/root-data";
import { pageParam } from "~/domain/pagination";
import { formatDate, formatDateTime } from "~/domain/format";

export const meta: MetaFunction = () => [{ title: "Users | SwiftParcel Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim();
  const deletionRequested = url.searchParams.get("deletion") === "requested";
  const page = pageParam(url.searchParams);
  const { rows, window } = await listAccounts(context.db, { query, deletionRequested, page });
  return { users: rows, pages: window, query, deletionRequested };
}

export default function UsersPage() {
  const { users, pages, query, deletionRequested } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const filtered = query !== "" || deletionRequested;
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Users</h1>
      <Form method="get" role="search" aria-label="Users" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="users-q" className="label">
            Name or e-mail
          </label>
          <input id="users-q" name="q" type="search" defaultValue={query} className="input w-72" />
        </div>
        <div className="flex items-center gap-2 pb-2">
          <input
            id="users-deletion"
            name="deletion"
            type="checkbox"
            value="requested"
            defaultChecked={deletionRequested}
            className="h-4 w-4 rounded border-slate-400"
          />
          <label htmlFor="users-deletion" className="text-sm text-slate-800">
            Only deletion requests
          </label>
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {users.length === 0 ? (
        <p className="card text-slate-700">{filtered ? "No users match. Try adjusting your search criteria." : "No users yet."}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users, newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {["Name", "Email", "Role", "Status", "Joined", "Deletion"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {users.map((user) => (
                <tr key={user.id}>
                  <td className="px-4 py-2 font-medium">
                    {user.firstName} {user.lastName}
                  </td>
                  <td className="px-4 py-2">{user.email}</td>
                  <td className="px-4 py-2">{user.role === "admin" ? "Admin" : "Customer"}</td>
                  <td className="px-4 py-2">{user.status === "active" ? "Active" : "Suspended"}</td>
                  <td className="whitespace-nowrap px-4 py-2">{formatDate(user.createdAt, timeZone)}</td>
                  <td className="px-4 py-2">
                    {user.deletionRequestedAt ? (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                        Deletion requested {formatDateTime(user.deletionRequestedAt, timeZone)}
                      </span>
                    ) : (
                      "-"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination window={pages} label="User pages" />
    </main>
  );
}
