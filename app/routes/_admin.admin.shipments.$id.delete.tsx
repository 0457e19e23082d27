import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { redirectWithOutcome } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { deleteShipment } from "~/features/shipments/shipment-changes.server";
import { rowActionPage } from "~/features/shipments/shipment-list.server";
import { DeleteShipmentForm } from "~/features/shipments/shipment-actions";
import { StatusBadge } from "~/features/shipments/status-badge";
import { RedirectToSchema } from "~/domain/form-fields";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Delete shipment"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Confirm the deletion of a shipment.") },
  ];
};

const DASHBOARD = "/admin/dashboard";

const DeleteSchema = z.object({ redirectTo: RedirectToSchema });

/** Pages of the shipment itself cannot be gone back to once it is deleted. */
function afterDelete(redirectTo: string, shipmentId: string): string {
  return redirectTo.startsWith(`/admin/shipments/${shipmentId}/`) ? DASHBOARD : redirectTo;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return rowActionPage(context.db, request, params.id ?? "", DASHBOARD);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const shipmentId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: DeleteSchema });
  const redirectTo = safeRedirect(submission.status === "success" ? submission.value.redirectTo : null, DASHBOARD);
  const outcome = await deleteShipment(context, { shipmentId, actor: actorFor(admin) });
  return redirectWithOutcome(context.cloudflare.env, afterDelete(redirectTo, shipmentId), outcome);
}

export default function DeleteShipmentPage() {
  const { shipment, redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{t("Delete shipment")}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{shipment.trackingId}</span>
          <StatusBadge status={shipment.status} />
          <span className="text-slate-700">
            {t("{{sender}} to {{recipient}}", { sender: shipment.senderName, recipient: shipment.recipientName })}
          </span>
        </p>
        <p className="font-medium">{t("Are you sure you want to delete this shipment?")}</p>
        <DeleteShipmentForm shipmentId={shipment.id} redirectTo={redirectTo} />
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
