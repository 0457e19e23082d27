import { useTranslation } from "react-i18next";
import { statusName, statusTone, STATUSES_NAMESPACE, type ShipmentStatus, type StatusTone } from "~/features/shipments/shipment-status";

const TONE_CLASSES: Record<StatusTone, string> = {
  green: "bg-green-100 text-green-900 ring-green-700/30",
  blue: "bg-blue-100 text-blue-900 ring-blue-700/30",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-700/30",
  red: "bg-red-100 text-red-900 ring-red-700/30",
  grey: "bg-slate-100 text-slate-800 ring-slate-700/30",
};

/** Status names in the page's language: `const label = useStatusLabel(); label("in_transit")`. */
export function useStatusLabel(): (status: ShipmentStatus) => string {
  const { t } = useTranslation(STATUSES_NAMESPACE);
  return (status) => statusName(t, status);
}

export function StatusBadge({ status }: { status: ShipmentStatus }) {
  const label = useStatusLabel();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[statusTone(status)]}`}
    >
      {label(status)}
    </span>
  );
}
