import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { assignShipments, courierOptions, shipmentCourier } from "~/features/couriers/couriers.server";
import { AssignCourierForm } from "~/features/couriers/assign-courier-form";
import { rowActionPage } from "~/features/shipments/shipment-list.server";
import { RedirectToSchema } from "~/domain/form-fields";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { Trans, useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Courier"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Give a shipment to a courier for today, or take it off their run sheet.") },
  ];
};

const SHIPMENTS = "/admin/shipments";

/** The courier's id, or "" for none; an id is at most a UUID's length, longer is no courier of the list. */
const CourierIdSchema = z.string().max(64).optional().catch(undefined);

/** The page the form answers with without JavaScript when refused; opened on its own it shows the form. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const page = await rowActionPage(context.db, request, params.id ?? "", SHIPMENTS);
  const [couriers, current] = await Promise.all([courierOptions(context.db), shipmentCourier(context.db, page.shipment.id)]);
  return { ...page, couriers, current };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const redirectTo = safeRedirect(RedirectToSchema.parse(form.get("redirectTo") ?? undefined), SHIPMENTS);
  const courierId = CourierIdSchema.parse(form.get("courierId") ?? undefined) ?? "";
  const outcome = await assignShipments(context, { ids: [params.id ?? ""], courierId: courierId === "" ? null : courierId, actor: actorFor(admin), language: await context.language() });
  if (!outcome.ok) return data({ error: outcome.message ?? "", redirectTo }, refusalInit(outcome));
  return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
}

export default function ShipmentCourierPage() {
  const { shipment, couriers, current, redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">
          <Trans t={t} i18nKey="Courier of <mono>{{trackingId}}</mono>" values={{ trackingId: shipment.trackingId }} components={{ mono: <span className="font-mono" /> }} />
        </h1>
        <AssignCourierForm shipmentId={shipment.id} couriers={couriers} current={current} redirectTo={answer?.redirectTo ?? redirectTo} error={answer?.error} />
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
