// The estimated delivery date of a shipment saved from the admin form:
// derived from the countries and the service while no custom delivery days are given; a
// positive whole number of custom days means today plus that many days; any other custom
// value (a range, a word) leaves the estimate as it was, or calculates it when there is none.
import { estimateDelivery } from "./delivery-dates";
import { RANGE } from "~/domain/field-limits";
import type { ServiceType } from "./shipping-options";

const DAY_MS = 86_400_000;

/** "3" gives 3; "0", "-2", "2.5", "3-5", "soon" and more days than the form takes (365) give null. */
export function customDeliveryDayCount(value: string | null | undefined): number | null {
  const text = value?.trim() ?? "";
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days >= RANGE.customDeliveryDays.min && days <= RANGE.customDeliveryDays.max ? days : null;
}

export type EstimateInputs = {
  customDeliveryDays: string | null;
  serviceType: ServiceType;
  fromCountry: string | null;
  toCountry: string | null;
};

/** The service's business days from `now`, once both countries are known. */
function calculated(inputs: EstimateInputs, now: number): number | null {
  return inputs.fromCountry && inputs.toCountry ? estimateDelivery(inputs.serviceType, now) : null;
}

/**
 * The estimate to store. `previous` is the saved shipment when editing: an edit that does
 * not touch the custom days, the service or the countries keeps the saved estimate.
 */
export function formEstimatedDelivery(
  inputs: EstimateInputs,
  now: number,
  previous?: EstimateInputs & { estimatedDelivery: number | null },
): number | null {
  const custom = inputs.customDeliveryDays?.trim() ?? "";
  const customChanged = !previous || (previous.customDeliveryDays?.trim() ?? "") !== custom;
  const days = customDeliveryDayCount(custom);
  if (days !== null) return customChanged ? now + days * DAY_MS : previous.estimatedDelivery;
  if (custom !== "") return previous?.estimatedDelivery ?? calculated(inputs, now);
  const routeChanged =
    !previous ||
    previous.serviceType !== inputs.serviceType ||
    previous.fromCountry !== inputs.fromCountry ||
    previous.toCountry !== inputs.toCountry;
  if (customChanged || routeChanged) return calculated(inputs, now);
  return previous.estimatedDelivery ?? calculated(inputs, now);
}

/** The receipt counts custom days from the shipment's creation; otherwise the stored estimate. */
export function receiptEstimatedDelivery(shipment: {
  createdAt: number;
  customDeliveryDays: string | null;
  estimatedDelivery: number | null;
}): number | null {
  const days = customDeliveryDayCount(shipment.customDeliveryDays);
  return days !== null ? shipment.createdAt + days * DAY_MS : shipment.estimatedDelivery;
}
