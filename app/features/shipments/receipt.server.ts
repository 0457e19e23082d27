// What the printable receipt and the parcel label show: the whole shipment, its parcels, its
// price lines and a QR code of its public tracking address.
import { asc, eq } from "drizzle-orm";
import { chargeFor } from "~/features/pricing/charge";
import { shipmentPackages, shipments } from "../../../drizzle/schema";
import { receiptEstimatedDelivery } from "~/features/shipments/delivery-estimate";
import type { QuoteLine } from "~/features/pricing/pricing";
import { normalizeStatus } from "~/features/shipments/shipment-status";
import type { Db } from "~/.server/db";
import { qrCode } from "./qr-code.server";
import { latestProofs } from "~/features/couriers/proofs.server";

function quoteLines(costBreakdown: string | null): Pick<QuoteLine, "key" | "label" | "amount">[] {
  if (!costBreakdown) return [];
  try {
    const lines = (JSON.parse(costBreakdown) as { lines?: unknown }).lines;
    return Array.isArray(lines)
      ? lines.filter((line): line is QuoteLine => typeof line?.label === "string" && typeof line?.amount === "number")
      : [];
  } catch {
    return [];
  }
}

export async function getReceipt(db: Db, id: string, origin: string) {
  const shipment = await db.select().from(shipments).where(eq(shipments.id, id)).get();
  if (!shipment) return null;
  const packages = await db
    .select()
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, id))
    .orderBy(asc(shipmentPackages.position));
  const trackingUrl = `${origin}/track/${encodeURIComponent(shipment.trackingId)}`;
  const proofs = await latestProofs(db, [id]);
  return {
    proof: proofs.get(id) ?? null,
    shipment: { ...shipment, status: normalizeStatus(shipment.status) ?? "pending" },
    packages,
    costLines: quoteLines(shipment.costBreakdown),
    charge: chargeFor(shipment),
    estimatedDelivery: receiptEstimatedDelivery(shipment),
    trackingUrl,
    qr: qrCode(trackingUrl),
  };
}
