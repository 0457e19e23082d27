import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { clientAddress } from "~/.server/rate-limit";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { changeSelectedStatuses } from "~/features/shipments/shipment-changes.server";
import { isBulkStatus, selectedIds, selectionFault } from "~/features/shipments/shipment-selection";
import { BulkAnswerPage } from "~/features/shipments/shipment-actions";
import { normalizeStatus, STATUS_NOT_LISTED } from "~/features/shipments/shipment-status";
import { MAX_LENGTH } from "~/domain/field-limits";
import { RedirectToSchema } from "~/domain/form-fields";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Update status"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Change the status of several shipments at once.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

const DASHBOARD = "/admin/dashboard";

/** The bulk bar's status (any but custom destination); the shipments are its selection (selectedIds). */
const BulkStatusSchema = z.object({
  status: z.string({ required_error: STATUS_NOT_LISTED }).max(MAX_LENGTH.code, STATUS_NOT_LISTED).transform((value, ctx) => {
    const status = normalizeStatus(value);
    if (status && isBulkStatus(status)) return status;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: STATUS_NOT_LISTED });
    return z.NEVER;
  }),
});

/** The page a refused bulk change answers with, without JavaScript; opened on its own it leads back to the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), DASHBOARD) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: BulkStatusSchema });
  const ids = selectedIds(form);
  const redirectTo = safeRedirect(RedirectToSchema.parse(form.get("redirectTo")), DASHBOARD);
  // Every reason at once: the selection's and the status's. The list's bar shows them with JavaScript, this page without.
  const errors = [selectionFault(ids), ...(submission.status === "success" ? [] : (submission.error?.status ?? []))].filter((error): error is string => Boolean(error));
  if (submission.status !== "success" || errors.length > 0) return data({ errors, redirectTo }, { status: 400 });
  const outcome = await changeSelectedStatuses(context, { ids, status: submission.value.status, actor: actorFor(admin), clientAddress: clientAddress(request) });
  if (!outcome.ok) return data({ errors: [outcome.message ?? STATUS_NOT_LISTED], redirectTo }, refusalInit(outcome));
  return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
}

export default function BulkStatusPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  return (
    <BulkAnswerPage
      title={t("Update status")}
      errors={answer?.errors}
      nothingDone={t("No status was changed.")}
      hint={t("Tick shipments on the list, choose their new status beside Update status, and press it.")}
      redirectTo={answer?.redirectTo ?? page.redirectTo}
    />
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
