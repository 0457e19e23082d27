import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { redirectWithOutcome } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { deleteSelectedShipments } from "~/features/shipments/shipment-changes.server";
import { MAX_SELECTED, NOTHING_SELECTED, selectedIds } from "~/features/shipments/shipment-selection";
import { getShipmentsByIds } from "~/features/shipments/shipment-list.server";
import { redirectWithToast } from "~/http/toast.server";
import { BulkDeleteForm } from "~/features/shipments/shipment-actions";
import { RedirectToSchema } from "~/domain/form-fields";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Delete shipments"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Confirm the deletion of several shipments.") },
  ];
};

const DASHBOARD = "/admin/dashboard";

const BulkDeleteSchema = z.object({ ids: z.array(z.string()).default([]), redirectTo: RedirectToSchema });

/** The confirmation page. "Select all" without JavaScript sends the page's ids beside it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(params.get("redirectTo"), DASHBOARD);
  const ids = selectedIds(params).slice(0, MAX_SELECTED);
  const shipments = await getShipmentsByIds(context.db, ids);
  if (shipments.length === 0) throw await redirectWithToast(context.cloudflare.env, redirectTo, { type: "error", message: NOTHING_SELECTED });
  return { shipments, redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: BulkDeleteSchema });
  const { ids = [], redirectTo } = submission.status === "success" ? submission.value : {};
  const outcome = await deleteSelectedShipments(context, { ids, actor: actorFor(admin) });
  return redirectWithOutcome(context.cloudflare.env, safeRedirect(redirectTo, DASHBOARD), outcome);
}

export default function BulkDeletePage() {
  const { shipments, redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{t("Delete shipments")}</h1>
        <p className="font-medium">{t("Are you sure you want to delete {{count}} shipments?", { count: shipments.length })}</p>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {shipments.map((shipment) => (
            <li key={shipment.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
              <span className="font-mono font-semibold">{shipment.trackingId}</span>
              <span className="text-slate-700">
                {t("{{sender}} to {{recipient}}", { sender: shipment.senderName, recipient: shipment.recipientName })}
              </span>
            </li>
          ))}
        </ul>
        <BulkDeleteForm ids={shipments.map((shipment) => shipment.id)} redirectTo={redirectTo} />
      </div>
    </main>
  );
}
