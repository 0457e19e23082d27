import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { rowActionPage } from "~/features/shipments/shipment-list.server";
import { changeStatus } from "~/features/shipments/shipments.server";
import { Field } from "~/components/forms";
import { StatusBadge } from "~/features/shipments/status-badge";
import { MAX_LENGTH } from "~/domain/field-limits";
import { RedirectToSchema } from "~/domain/form-fields";
import { normalizeStatus, STATUS_NOT_LISTED } from "~/features/shipments/shipment-status";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Custom destination"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Say where a parcel was delivered instead of its address.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

const DASHBOARD = "/admin/dashboard";
const STATUS_ERROR = STATUS_NOT_LISTED;

/** The row's status form, and this page's destination form (which sends the destination, even empty). */
const StatusChangeSchema = z.object({
  status: z.string({ required_error: STATUS_ERROR }).max(MAX_LENGTH.code, STATUS_ERROR).transform((value, ctx) => {
    const status = normalizeStatus(value);
    if (!status) ctx.addIssue({ code: z.ZodIssueCode.custom, message: STATUS_ERROR });
    return status ?? z.NEVER;
  }),
  // Read as sent: an empty box is "" (refused), no box at all is undefined (ask where first).
  // What it may hold (CustomDestinationSchema) is the service's check, whose message the row shows.
  destination: z.unknown().transform((value) => (typeof value === "string" ? value : undefined)),
  redirectTo: RedirectToSchema,
});

/** The page behind the row's status form when custom destination is chosen without JavaScript. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return rowActionPage(context.db, request, params.id ?? "", DASHBOARD);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const shipmentId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: StatusChangeSchema });
  // The row's form in the list shows `error` beside its status select.
  if (submission.status !== "success") return data({ error: STATUS_ERROR }, { status: 400 });
  const { redirectTo: to, ...change } = submission.value;
  const redirectTo = safeRedirect(to, DASHBOARD);
  const outcome = await changeStatus(context, { shipmentId, actor: actorFor(admin), clientAddress: clientAddress(request), ...change });
  if (outcome.ok) return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
  switch (outcome.reason) {
    case "destination-needed":
      // Chosen in the row's dropdown without JavaScript: ask where first, on a page of its own.
      throw redirect(`/admin/shipments/${encodeURIComponent(shipmentId)}/status?${new URLSearchParams({ redirectTo })}`, 303);
    case "invalid":
    case "rate-limited":
      return data({ error: outcome.message ?? STATUS_ERROR }, refusalInit(outcome));
    default:
      return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
  }
}

export default function CustomDestinationPage() {
  const { shipment, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <div>
          <h1 className="text-2xl font-bold">{t("Custom destination")}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="font-mono font-semibold">{shipment.trackingId}</span>
            <StatusBadge status={shipment.status} />
          </p>
        </div>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="status" value="custom_destination" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label={t("Please enter the custom destination")}
            errors={actionData?.error ? [actionData.error] : undefined}
            inputProps={{ id: "destination", name: "destination", defaultValue: shipment.customDestination ?? "", maxLength: MAX_LENGTH.customDestination, autoComplete: "off" }}
          />
          <div className="flex justify-end gap-2">
            <Link to={redirectTo} className="btn-secondary">
              {t("Cancel")}
            </Link>
            <button type="submit" className="btn-primary" data-pending={t("Saving...")}>
              {t("Save")}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
