import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { AuditEntry } from "~/features/shipments/shipment-changes.server";
import { formatDate, formatDateTime, formatDay, formatMoney, isoDateTime } from "~/domain/format";
import { normalizeStatus, statusLabel } from "~/features/shipments/shipment-status";
import { useLocale, useTimeZone } from "~/components/root-data";
import { WrapPoints } from "~/components/wrap-points";

const ACTIONS: Partial<Record<AuditEntry["type"], string>> = {
  "shipment.created": "Created",
  "shipment.updated": "Edited",
  "shipment.status_changed": "Status changed",
  "shipment.location_changed": "Location set",
  "shipment.deleted": "Deleted",
  "shipment.assigned": "Courier assigned",
};

const FIELD_LABELS: Record<string, string> = {
  senderName: "Sender name",
  senderEmail: "Sender email",
  senderPhone: "Sender phone",
  senderCompany: "Sender company",
  senderAddress: "Sender address",
  senderCity: "Sender city",
  senderState: "Sender state",
  senderCountry: "Sender country",
  senderPostalCode: "Sender postal code",
  recipientName: "Recipient name",
  recipientEmail: "Recipient email",
  recipientPhone: "Recipient phone",
  recipientCompany: "Recipient company",
  recipientAddress: "Recipient address",
  recipientCity: "Recipient city",
  recipientState: "Recipient state",
  recipientCountry: "Recipient country",
  recipientPostalCode: "Recipient postal code",
  serviceType: "Service type",
  packageType: "Package type",
  deliveryOption: "Delivery option",
  insurance: "Insurance",
  signatureRequired: "Signature required",
  fragile: "Fragile handling",
  description: "Description",
  weightKg: "Weight (kg)",
  lengthCm: "Length (cm)",
  widthCm: "Width (cm)",
  heightCm: "Height (cm)",
  currency: "Currency",
  declaredValue: "Declared value",
  cost: "Cost",
  specialInstructions: "Special instructions",
  notes: "Notes",
  estimatedDelivery: "Estimated delivery",
  actualDelivery: "Actual delivery",
  customDeliveryDays: "Custom delivery days",
  currentLocation: "Current location",
  customDestination: "Custom destination",
  status: "Status",
  courier: "Courier",
  trackingId: "Tracking ID",
};

const MONEY_FIELDS = new Set(["declaredValue", "cost"]);
/** Moments, shown on the reader's calendar; the estimated delivery is a date-only value, the same for everyone. */
const MOMENT_FIELDS = new Set(["actualDelivery"]);
const DAY_FIELDS = new Set(["estimatedDelivery"]);

type Reader = { currency: string; timeZone: string; locale: string; t: TFunction };

function shown(field: string, value: unknown, { currency, timeZone, locale, t }: Reader): string {
  if (value === null || value === undefined || value === "") return t("(empty)");
  if (typeof value === "boolean") return value ? t("Yes") : t("No");
  if (typeof value === "number" && MONEY_FIELDS.has(field)) return formatMoney(value, currency, locale);
  if (typeof value === "number" && MOMENT_FIELDS.has(field)) return formatDate(value, timeZone, locale);
  if (typeof value === "number" && DAY_FIELDS.has(field)) return formatDay(value, locale);
  if (field === "status" && typeof value === "string") {
    const status = normalizeStatus(value);
    return status ? t(statusLabel(status), { ns: "statuses" }) : value;
  }
  return String(value);
}

function isChange(value: unknown): value is { from?: unknown; to?: unknown } {
  return typeof value === "object" && value !== null && ("from" in value || "to" in value);
}

/** Who changed the shipment, when, and each changed field with its previous value. */
export function AuditTrail({ entries, currency }: { entries: AuditEntry[]; currency: string }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("shipments");
  const reader: Reader = { currency, timeZone, locale, t };
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title" className="mb-4 text-lg font-semibold">
        {t("Audit trail")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-700">{t("No changes recorded yet.")}</p>
      ) : (
        <ol className="space-y-4">
          {entries.map((entry) => (
            <li key={entry.id} className="border-l-2 border-brand-600 pl-4">
              <p>
                <Trans
                  t={t}
                  i18nKey="<action>{{action}}</action> by <who>{{who}}</who> on <when>{{when}}</when>"
                  values={{ action: ACTIONS[entry.type] ? t(ACTIONS[entry.type]!) : entry.type, who: entry.actorEmail ?? t("the system"), when: formatDateTime(entry.createdAt, timeZone, locale) }}
                  components={{
                    action: <span className="font-semibold" />,
                    who: entry.actorEmail ? <WrapPoints text={entry.actorEmail} /> : <span />,
                    when: <time dateTime={isoDateTime(entry.createdAt)} />,
                  }}
                />
              </p>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {Object.entries(entry.changes).map(([field, change]) => (
                  <li key={field}>
                    {t("{{field}}:", { field: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field })}{" "}
                    {isChange(change) ? (
                      <>
                        {"from" in change ? <>{shown(field, change.from, reader)} → </> : null}
                        <span className="font-medium text-slate-900">{shown(field, change.to, reader)}</span>
                      </>
                    ) : (
                      <span className="font-medium text-slate-900">{shown(field, change, reader)}</span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
