// The admin list's selection for its bulk actions (delete, status change): the rows ticked, or,
// with "All" ticked on a page served without JavaScript, every row of that page. It is bounded:
// a request naming more than MAX_SELECTED shipments is more than any page of the list holds.
import type { TFunction } from "i18next";
import { SHIPMENT_STATUSES, statusName, type ShipmentStatus } from "./shipment-status";

export const MAX_SELECTED = 100;

export const NOTHING_SELECTED = "Please select shipments first";
export const TOO_MANY_SELECTED = `Select up to ${MAX_SELECTED} shipments at a time.`;
export const SELECTED_NOT_FOUND = "Some of the selected shipments no longer exist, so no status was changed: refresh the list and select them again.";

/** What a form or a query string carries: FormData and URLSearchParams both read like this. */
type Fields = { get(name: string): unknown; getAll(name: string): unknown[] };

/** The ids a bulk action names, each once, in order: the ticked rows (`ids`), or the page's rows (`pageIds`) when "All" says `page`. */
export function selectedIds(fields: Fields): string[] {
  const values = fields.get("all") === "page" ? fields.getAll("pageIds") : fields.getAll("ids");
  return [...new Set(values.filter((value): value is string => typeof value === "string" && value !== ""))];
}

/** Why a selection cannot be acted on (nothing, or more than the bound), or null. */
export function selectionFault(ids: readonly string[]): string | null {
  if (ids.length === 0) return NOTHING_SELECTED;
  if (ids.length > MAX_SELECTED) return TOO_MANY_SELECTED;
  return null;
}

/** What a bulk change sets: any status but custom destination, whose place is typed for each parcel on its own. */
export type BulkStatus = Exclude<ShipmentStatus, "custom_destination">;

export const BULK_STATUSES = SHIPMENT_STATUSES.filter((status): status is BulkStatus => status !== "custom_destination");

export function isBulkStatus(status: ShipmentStatus): status is BulkStatus {
  return status !== "custom_destination";
}

/**
 * The bulk change's toast: '2 shipments updated', with those that had the status already, or
 * that nothing changed; in the language of `t` (the `messages` catalogs, status names from `statuses`).
 */
export function bulkStatusMessage(t: TFunction, { changed, unchanged, status }: { changed: number; unchanged: number; status: ShipmentStatus }): string {
  const label = statusName(t, status);
  if (changed === 0) {
    return unchanged === 1 ? t("The status is already {{status}}: nothing changed", { status: label }) : t("The selected shipments are already {{status}}: nothing changed", { status: label });
  }
  if (unchanged === 0) return t("{{count}} shipments updated", { count: changed });
  return t("{{count}} shipments updated; {{unchanged}} already {{status}}", { count: changed, unchanged, status: label });
}
