import { statusLabel, statusTone, type ShipmentStatus, type StatusTone } from "~/features/shipments/shipment-status";

const TONE_CLASSES: Record<StatusTone, string> = {
  green: "bg-green-100 text-green-900 ring-green-700/30",
  blue: "bg-blue-100 text-blue-900 ring-blue-700/30",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-700/30",
  red: "bg-red-100 text-red-900 ring-red-700/30",
  grey: "bg-slate-100 text-slate-800 ring-slate-700/30",
};

export function StatusBadge({ status }: { status: ShipmentStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[statusTone(status)]}`}
    >
      {statusLabel(status)}
    </span>
  );
}
