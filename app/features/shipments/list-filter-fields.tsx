import { useTranslation } from "react-i18next";
import { SORT_FIELDS, SORT_LABELS, type SortField, type SortOrder } from "~/features/shipments/shipment-sort";
import { SHIPMENT_STATUSES, statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";

/** A shipment list's status filter: "every status" (the empty value, labelled as the list likes), then each status. */
export function StatusFilter({ id, value, allLabel }: { id: string; value: ShipmentStatus | null; allLabel: string }) {
  const { t } = useTranslation("shipments");
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("Status")}
      </label>
      <select id={id} name="status" defaultValue={value ?? ""} className="input">
        <option value="">{allLabel}</option>
        {SHIPMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(statusLabel(status), { ns: "statuses" })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The sort field and order selects of a shipment list's filter bar, customer's and admin's alike. */
export function SortFields({ sortBy, sortOrder, idPrefix }: { sortBy: SortField; sortOrder: SortOrder; idPrefix: string }) {
  const { t } = useTranslation("shipments");
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-sort`} className="label">
          {t("Sort by")}
        </label>
        <select id={`${idPrefix}-sort`} name="sortBy" defaultValue={sortBy} className="input">
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(SORT_LABELS[field])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-order`} className="label">
          {t("Order")}
        </label>
        <select id={`${idPrefix}-order`} name="sortOrder" defaultValue={sortOrder} className="input">
          <option value="desc">{t("Descending")}</option>
          <option value="asc">{t("Ascending")}</option>
        </select>
      </div>
    </>
  );
}
