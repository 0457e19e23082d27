import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Price } from "~/features/pricing/price";
import { chargeFor } from "~/features/pricing/charge";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { z } from "zod";
import { invariantResponse } from "~/.server/invariant";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { dismissDeletionRequest, endUserSessions, getUserDetail, setUserStatus, updateUser } from "~/features/users/user-admin.server";
import { DetailList } from "~/components/detail-list";
import { Field, FormErrors, SelectField } from "~/components/forms";
import { DataTable, type Column } from "~/components/list";
import { useLocale, useTimeZone } from "~/components/root-data";
import { StatusBadge } from "~/features/shipments/status-badge";
import { DeleteUserLink } from "~/features/users/user-actions";
import { UserEditSchema } from "~/features/accounts/account-forms";
import { ROLE_LABELS, ROLES } from "~/features/accounts/roles";
import { countryName, formatDateTime } from "~/domain/format";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "users");
  const name = data ? `${data.account.firstName} ${data.account.lastName}` : t("User");
  return [
    { title: t("{{name}} | {{company}} Admin", { name, company: companyNameOf(matches) }) },
    { name: "description", content: t("An account's details, role and status, and what an admin may change.") },
  ];
};

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
  const locale = useLocale();
  const { t } = useTranslation("users");
  const name = `${account.firstName} ${account.lastName}`;
  const status = account.status === "active" ? t("Active") : t("Suspended");
  const details: [string, string][] = [
    [t("Email"), account.email],
    [t("Phone"), account.phone ?? "-"],
    [t("Location"), [account.city, account.country ? countryName(account.country, locale) : null].filter(Boolean).join(", ") || "-"],
    [t("Role"), t(ROLE_LABELS[account.role])],
    [t("Status"), status],
    [t("Joined"), formatDateTime(account.createdAt, timeZone, locale)],
    [t("Last changed"), formatDateTime(account.updatedAt, timeZone, locale)],
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/users" className="link text-sm">
        {t("Back to users")}
      </Link>
      <section aria-labelledby="user-title" className="card max-w-4xl space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="user-title" className="mr-auto text-2xl font-bold break-words">
            {name}
          </h1>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t(ROLE_LABELS[account.role])}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${account.status === "active" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          >
            {status}
          </span>
        </div>
        <DetailList details={details} />
      </section>

      {account.deletionRequestedAt ? <DeletionRequest account={account} requestedAt={formatDateTime(account.deletionRequestedAt, timeZone, locale)} isSelf={isSelf} /> : null}

      <EditUserForm account={account} isSelf={isSelf} />
      <AccountActions account={account} isSelf={isSelf} sessionCount={sessions.length} />
      <UserShipments account={account} shipments={shipments} />
      <UserSessions sessions={sessions} />
    </main>
  );
}

function DeletionRequest({ account, requestedAt, isSelf }: { account: Detail["account"]; requestedAt: string; isSelf: boolean }) {
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="deletion-title" className="card max-w-4xl space-y-3 border-red-300 bg-red-50">
      <h2 id="deletion-title" className="text-lg font-semibold text-red-900">
        {t("Deletion requested")}
      </h2>
      <p className="text-slate-800">
        {t(
          "{{firstName}} asked on {{date}} for their account to be deleted. Deleting it keeps their shipments for the company's records with their name, e-mail, phone and address removed, and ends their sessions.",
          { firstName: account.firstName, date: requestedAt },
        )}
      </p>
      <div className="flex flex-wrap gap-3">
        {isSelf ? null : <DeleteUserLink account={account} className="btn-danger" label={t("Delete account")} />}
        <Form method="post">
          <button type="submit" name="intent" value="dismiss-deletion" className="btn-secondary">
            {t("Decline request")}
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
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="edit-title" className="card max-w-4xl space-y-4">
      <h2 id="edit-title" className="text-lg font-semibold">
        {t("Edit user")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("First name")} inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }} errors={fields.firstName.errors} />
          <Field label={t("Last name")} inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }} errors={fields.lastName.errors} />
          <Field label={t("Phone")} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }} errors={fields.phone.errors} />
          {isSelf ? (
            <div>
              <input type="hidden" name="role" value={account.role} />
              <p className="label">{t("Role")}</p>
              <p className="text-slate-800">{t("{{role}} (you cannot change your own role)", { role: t(ROLE_LABELS[account.role]) })}</p>
            </div>
          ) : (
            <SelectField
              label={t("Role")}
              selectProps={getSelectProps(fields.role)}
              errors={fields.role.errors}
              help={t("A new role ends the user's sessions: they sign in again.")}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(ROLE_LABELS[role])}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <button type="submit" name="intent" value="update" className="btn-primary" data-pending={t("Saving...")}>
          {t("Save changes")}
        </button>
      </Form>
    </section>
  );
}

function AccountActions({ account, isSelf, sessionCount }: { account: Detail["account"]; isSelf: boolean; sessionCount: number }) {
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="actions-title" className="card max-w-4xl space-y-3">
      <h2 id="actions-title" className="text-lg font-semibold">
        {t("Account")}
      </h2>
      {isSelf ? (
        <p className="text-slate-700">{t("This is your own account: you cannot suspend or delete it, nor change its role.")}</p>
      ) : (
        <p className="text-slate-700">{t("Suspending ends the user's sessions at once; they cannot sign in until reactivated.")}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {isSelf ? null : (
          <Form method="post">
            {account.status === "active" ? (
              <button type="submit" name="intent" value="suspend" className="btn-secondary">
                {t("Suspend user")}
              </button>
            ) : (
              <button type="submit" name="intent" value="reactivate" className="btn-primary">
                {t("Reactivate user")}
              </button>
            )}
          </Form>
        )}
        {sessionCount > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="end-sessions" className="btn-secondary">
              {t("Sign out everywhere")}
            </button>
          </Form>
        ) : null}
        {isSelf ? null : <DeleteUserLink account={account} className="btn-danger" label={t("Delete user")} />}
      </div>
    </section>
  );
}

function UserShipments({ account, shipments }: { account: Detail["account"]; shipments: Detail["shipments"] }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("users");
  type Row = Detail["shipments"]["rows"][number];
  const columns: Column<Row>[] = [
    {
      label: t("Tracking ID"),
      rowHeader: true,
      cell: (row) => (
        <Link to={`/admin/shipments/${encodeURIComponent(row.id)}/edit`} className="link font-mono">
          {row.trackingId}
        </Link>
      ),
    },
    { label: t("Status"), cell: (row) => <StatusBadge status={row.status} /> },
    { label: t("Recipient"), cell: (row) => `${row.recipientName}, ${row.destinationCity}` },
    { label: t("Created"), className: "whitespace-nowrap", cell: (row) => formatDateTime(row.createdAt, timeZone, locale) },
    { label: t("Cost"), className: "whitespace-nowrap", cell: (row) => <Price charge={chargeFor(row)} /> },
  ];
  return (
    <section aria-labelledby="shipments-title" className="card max-w-4xl space-y-3 p-0">
      <div className="px-6 pt-6">
        <h2 id="shipments-title" className="text-lg font-semibold">
          {t("Shipments")}
        </h2>
        <p className="text-sm text-slate-700">
          {shipments.total === 0
            ? t("No shipments yet.")
            : shipments.total > shipments.rows.length
              ? t("The latest {{shown}} of {{total}}.", { shown: shipments.rows.length, total: shipments.total })
              : t("{{total}} in all.", { total: shipments.total })}{" "}
          {shipments.total > 0 ? (
            <Link to={`/admin/shipments?${new URLSearchParams({ search: account.email })}`} className="link">
              {t("Find them in the shipment list")}
            </Link>
          ) : null}
        </p>
      </div>
      {shipments.rows.length > 0 ? <DataTable caption={t("Shipments of {{email}}", { email: account.email })} columns={columns} rows={shipments.rows} rowKey={(row) => row.id} /> : null}
    </section>
  );
}

function UserSessions({ sessions }: { sessions: Detail["sessions"] }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="sessions-title" className="card max-w-4xl space-y-3">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t("Sessions")}
      </h2>
      {sessions.length === 0 ? (
        <p className="text-slate-700">{t("Not signed in anywhere.")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {sessions.map((session, index) => (
            <li key={`${session.createdAt}-${index}`} className="py-2">
              {t(session.persistent ? "Signed in {{start}}, remembered, ends by {{end}}" : "Signed in {{start}}, until the browser closes, ends by {{end}}", {
                start: formatDateTime(session.createdAt, timeZone, locale),
                end: formatDateTime(session.expiresAt, timeZone, locale),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
