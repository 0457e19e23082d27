import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/.server/session";
import { deleteShipments } from "~/.server/shipment-changes";
import { getShipmentsByIds } from "~/.server/shipment-list";
import { actorFor } from "~/.server/events";
import { redirectWithToast } from "~/.server/toast";
import { BulkDeleteForm, bulkDeleteQuestion } from "~/components/shipment-actions";

export const meta: MetaFunction = () => [
  { title: "Delete shipments | SwiftParcel Admin" },
  { name: "description", content: "Confirm the deletion of several shipments." },
];

const DASHBOARD = "/admin/dashboard";
/** More than a page of the list: a request naming more is cut to this many. */
const MAX_IDS = 100;

function strings(values: FormDataEntryValue[]): string[] {
  return values.filter((value): value is string => typeof value === "string" && value !== "").slice(0, MAX_IDS);
}

const NOTHING_SELECTED = { type: "error", message: "Please select shipments first" } as const;

/** The confirmation page. "Select all" without JavaScript sends the page's ids beside it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(params.get("redirectTo"), DASHBOARD);
  const ids = strings(params.get("all") === "page" ? params.getAll("pageIds") : params.getAll("ids"));
  const shipments = await getShipmentsByIds(context.db, ids);
  if (shipments.length === 0) throw await redirectWithToast(context.cloudflare.env, redirectTo, NOTHING_SELECTED);
  return { shipments, redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), DASHBOARD);
  const ids = strings(form.getAll("ids"));
  const env = context.cloudflare.env;
  if (ids.length === 0) return redirectWithToast(env, redirectTo, NOTHING_SELECTED);
  const deleted = await deleteShipments(context, { ids, actor: actorFor(admin) });
  if (deleted === 0) return redirectWithToast(env, redirectTo, { type: "error", message: "Failed to delete shipments" });
  return redirectWithToast(env, redirectTo, {
    type: "success",
    message: deleted === 1 ? "1 shipment deleted" : `${deleted} shipments deleted`,
  });
}

export default function BulkDeletePage() {
  const { shipments, redirectTo } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">Delete shipments</h1>
        <p className="font-medium">{bulkDeleteQuestion(shipments.length)}</p>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {shipments.map((shipment) => (
            <li key={shipment.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
              <span className="font-mono font-semibold">{shipment.trackingId}</span>
              <span className="text-slate-700">
                {shipment.senderName} to {shipment.recipientName}
              </span>
            </li>
          ))}
        </ul>
        <BulkDeleteForm ids={shipments.map((shipment) => shipment.id)} redirectTo={redirectTo} />
      </div>
    </main>
  );
}
