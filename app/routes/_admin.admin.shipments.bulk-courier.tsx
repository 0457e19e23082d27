import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { assignShipments, COURIER_MESSAGES } from "~/features/couriers/couriers.server";
import { selectedIds, selectionFault } from "~/features/shipments/shipment-selection";
import { BulkAnswerPage } from "~/features/shipments/shipment-actions";
import { RedirectToSchema } from "~/domain/form-fields";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Assign courier"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Give several shipments to a courier for today at once.") },
  ];
};

const SHIPMENTS = "/admin/shipments";

/** The bulk bar's courier ("" takes the selection off any courier); the shipments are its selection (selectedIds). */
const BulkCourierSchema = z.object({ courierId: z.string().max(64, COURIER_MESSAGES.notListed).optional() });

/** The page a refused bulk assignment answers with, without JavaScript; opened on its own it leads back to the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), SHIPMENTS) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const parsed = BulkCourierSchema.safeParse({ courierId: form.get("courierId") ?? undefined });
  const ids = selectedIds(form);
  const redirectTo = safeRedirect(RedirectToSchema.parse(form.get("redirectTo") ?? undefined), SHIPMENTS);
  // Every reason at once: the selection's and the courier's. The list's bar shows them with JavaScript, this page without.
  const errors = [selectionFault(ids), parsed.success ? null : COURIER_MESSAGES.notListed].filter((error): error is string => Boolean(error));
  if (!parsed.success || errors.length > 0) return data({ errors, redirectTo }, { status: 400 });
  const courierId = parsed.data.courierId || null;
  const outcome = await assignShipments(context, { ids, courierId, actor: actorFor(admin), language: await context.language() });
  if (!outcome.ok) return data({ errors: [outcome.message ?? COURIER_MESSAGES.notListed], redirectTo }, refusalInit(outcome));
  return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
}

export default function BulkCourierPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  return (
    <BulkAnswerPage
      title={t("Assign courier")}
      errors={answer?.errors}
      nothingDone={t("Nothing was assigned.")}
      hint={t("Tick shipments on the list, choose a courier beside Assign, and press it.")}
      redirectTo={answer?.redirectTo ?? page.redirectTo}
    />
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
