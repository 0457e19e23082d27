import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Price } from "~/features/pricing/price";
import { chargeFor } from "~/features/pricing/charge";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { invariantResponse } from "~/.server/invariant";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { dismissDeletionRequest, endUserSessions, getUserDetail, setUserStatus, updateUser } from "~/features/users/user-admin.server";
import { DetailList } from "~/components/detail-list";
import { Field, FormErrors, SelectField } from "~/components/forms";
import { DataTable, type Column } from "~/components/list";
import { useTimeZone } from "~/components/root-data";
import { StatusBadge } from "~/features/shipments/status-badge";
import { DeleteUserLink } from "~/features/users/user-actions";
import { UserEditSchema } from "~/features/accounts/account-forms";
import { ROLE_LABELS, ROLES } from "~/features/accounts/roles";
import { countryName, formatDateTime } from "~/domain/format";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.account.firstName} ${data.account.lastName}` : "User"} | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "An account's details, role and status, and what an admin may change." },
];

const UserActionSchema = z.discriminatedUnion("intent", [
  UserEditSchema,
  z.object({ intent: z.literal("suspend") }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("end-sessions") }),
  z.object({ intent: z.literal("dismiss-deletion") }),
]);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const detail = await getUserDetail(context.db, params.id ?? "");
  invariantResponse(detail, "User not found", { status: 404 });
  return { ...detail, isSelf: detail.account.id === admin.id };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: UserActionSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const { value } = submission;
  const here = `/admin/users/${encodeURIComponent(userId)}`;
  const env = context.cloudflare.env;
  switch (value.intent) {
    case "update": {
      const { intent: _intent, ...changes } = value;
      const outcome = await updateUser(context, { admin, userId, changes });
      return outcome.ok ? redirectWithOutcome(env, here, outcome) : formAnswer(submission, outcome);
    }
    case "suspend":
    case "reactivate":
      return redirectWithOutcome(env, here, await setUserStatus(context, { admin, userId, status: value.intent === "suspend" ? "suspended" : "active" }));
    case "end-sessions":
      return redirectWithOutcome(env, here, await endUserSessions(context, { admin, userId }));
    case "dismiss-deletion":
      return redirectWithOutcome(env, here, await dismissDeletionRequest(context, { admin, userId }));
  }
}

type Detail = ReturnType<typeof useLoaderData<typeof loader>>;

export default function UserPage() {
  const { account, shipments, sessions, isSelf } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const name = `${account.firstName} ${account.lastName}`;
  const details: [string, string][] = [
    ["Email", account.email],
    ["Phone", account.phone ?? "-"],
    ["Location", [account.city, account.country ? countryName(account.country) : null].filter(Boolean).join(", ") || "-"],
    ["Role", ROLE_LABELS[account.role]],
    ["Status", account.status === "active" ? "Active" : "Suspended"],
    ["Joined", formatDateTime(account.createdAt, timeZone)],
    ["Last changed", formatDateTime(account.updatedAt, timeZone)],
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/users" className="link text-sm">
        Back to users
      </Link>
      <section aria-labelledby="user-title" className="card max-w-4xl space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="user-title" className="mr-auto text-2xl font-bold break-words">
            {name}
          </h1>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{ROLE_LABELS[account.role]}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${account.status === "active" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          >
            {account.status === "active" ? "Active" : "Suspended"}
          </span>
        </div>
        <DetailList details={details} />
      </section>

      {account.deletionRequestedAt ? <DeletionRequest account={account} requestedAt={formatDateTime(account.deletionRequestedAt, timeZone)} isSelf={isSelf} /> : null}

      <EditUserForm account={account} isSelf={isSelf} />
      <AccountActions account={account} isSelf={isSelf} sessionCount={sessions.length} />
      <UserShipments account={account} shipments={shipments} />
      <UserSessions sessions={sessions} />
    </main>
  );
}

function DeletionRequest({ account, requestedAt, isSelf }: { account: Detail["account"]; requestedAt: string; isSelf: boolean }) {
  return (
    <section aria-labelledby="deletion-title" className="card max-w-4xl space-y-3 border-red-300 bg-red-50">
      <h2 id="deletion-title" className="text-lg font-semibold text-red-900">
        Deletion requested
      </h2>
      <p className="text-slate-800">
        {account.firstName} asked on {requestedAt} for their account to be deleted. Deleting it keeps their shipments for the company's records with
        their name, e-mail, phone and address removed, and ends their sessions.
      </p>
      <div className="flex flex-wrap gap-3">
        {isSelf ? null : <DeleteUserLink account={account} className="btn-danger" label="Delete account" />}
        <Form method="post">
          <button type="submit" name="intent" value="dismiss-deletion" className="btn-secondary">
            Decline request
          </button>
        </Form>
      </div>
    </section>
  );
}

function EditUserForm({ account, isSelf }: { account: Detail["account"]; isSelf: boolean }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "user-edit",
    lastResult: actionData?.result,
    defaultValue: { firstName: account.firstName, lastName: account.lastName, phone: account.phone ?? "", role: account.role },
    constraint: getZodConstraint(UserEditSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UserActionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="edit-title" className="card max-w-4xl space-y-4">
      <h2 id="edit-title" className="text-lg font-semibold">
        Edit user
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }} errors={fields.firstName.errors} />
          <Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }} errors={fields.lastName.errors} />
          <Field label="Phone" inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }} errors={fields.phone.errors} />
          {isSelf ? (
            <div>
              <input type="hidden" name="role" value={account.role} />
              <p className="label">Role</p>
              <p className="text-slate-800">{ROLE_LABELS[account.role]} (you cannot change your own role)</p>
            </div>
          ) : (
            <SelectField
              label="Role"
              selectProps={getSelectProps(fields.role)}
              errors={fields.role.errors}
              help="A new role ends the user's sessions: they sign in again."
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <button type="submit" name="intent" value="update" className="btn-primary" data-pending="Saving...">
          Save changes
        </button>
      </Form>
    </section>
  );
}

function AccountActions({ account, isSelf, sessionCount }: { account: Detail["account"]; isSelf: boolean; sessionCount: number }) {
  return (
    <section aria-labelledby="actions-title" className="card max-w-4xl space-y-3">
      <h2 id="actions-title" className="text-lg font-semibold">
        Account
      </h2>
      {isSelf ? (
        <p className="text-slate-700">This is your own account: you cannot suspend or delete it, nor change its role.</p>
      ) : (
        <p className="text-slate-700">Suspending ends the user's sessions at once; they cannot sign in until reactivated.</p>
      )}
      <div className="flex flex-wrap gap-3">
        {isSelf ? null : (
          <Form method="post">
            {account.status === "active" ? (
              <button type="submit" name="intent" value="suspend" className="btn-secondary">
                Suspend user
              </button>
            ) : (
              <button type="submit" name="intent" value="reactivate" className="btn-primary">
                Reactivate user
              </button>
            )}
          </Form>
        )}
        {sessionCount > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="end-sessions" className="btn-secondary">
              Sign out everywhere
            </button>
          </Form>
        ) : null}
        {isSelf ? null : <DeleteUserLink account={account} className="btn-danger" label="Delete user" />}
      </div>
    </section>
  );
}

function UserShipments({ account, shipments }: { account: Detail["account"]; shipments: Detail["shipments"] }) {
  const timeZone = useTimeZone();
  type Row = Detail["shipments"]["rows"][number];
  const columns: Column<Row>[] = [
    {
      label: "Tracking ID",
      rowHeader: true,
      cell: (row) => (
        <Link to={`/admin/shipments/${encodeURIComponent(row.id)}/edit`} className="link font-mono">
          {row.trackingId}
        </Link>
      ),
    },
    { label: "Status", cell: (row) => <StatusBadge status={row.status} /> },
    { label: "Recipient", cell: (row) => `${row.recipientName}, ${row.destinationCity}` },
    { label: "Created", className: "whitespace-nowrap", cell: (row) => formatDateTime(row.createdAt, timeZone) },
    { label: "Cost", className: "whitespace-nowrap", cell: (row) => <Price charge={chargeFor(row)} /> },
  ];
  return (
    <section aria-labelledby="shipments-title" className="card max-w-4xl space-y-3 p-0">
      <div className="px-6 pt-6">
        <h2 id="shipments-title" className="text-lg font-semibold">
          Shipments
        </h2>
        <p className="text-sm text-slate-700">
          {shipments.total === 0
            ? "No shipments yet."
            : shipments.total > shipments.rows.length
              ? `The latest ${shipments.rows.length} of ${shipments.total}.`
              : `${shipments.total} in all.`}{" "}
          {shipments.total > 0 ? (
            <Link to={`/admin/shipments?${new URLSearchParams({ search: account.email })}`} className="link">
              Find them in the shipment list
            </Link>
          ) : null}
        </p>
      </div>
      {shipments.rows.length > 0 ? <DataTable caption={`Shipments of ${account.email}`} columns={columns} rows={shipments.rows} rowKey={(row) => row.id} /> : null}
    </section>
  );
}

function UserSessions({ sessions }: { sessions: Detail["sessions"] }) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="sessions-title" className="card max-w-4xl space-y-3">
      <h2 id="sessions-title" className="text-lg font-semibold">
        Sessions
      </h2>
      {sessions.length === 0 ? (
        <p className="text-slate-700">Not signed in anywhere.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {sessions.map((session, index) => (
            <li key={`${session.createdAt}-${index}`} className="py-2">
              Signed in {formatDateTime(session.createdAt, timeZone)}, {session.persistent ? "remembered" : "until the browser closes"}, ends by{" "}
              {formatDateTime(session.expiresAt, timeZone)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
