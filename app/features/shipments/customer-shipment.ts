// From the customer's form to a priced shipment: the estimate shown while the form is filled
// in, and the rows stored when it is sent. Reads the country table, so server only.
import { getCountry, isCountryCode } from "~/domain/countries";
import { isPickerCurrency } from "~/features/pricing/currencies";
import { estimateDelivery } from "./delivery-dates";
import { BASE_CURRENCY, type ExchangeRate } from "~/features/pricing/exchange-rates";
import { toMinorUnits } from "~/domain/format";
import { insuranceCapFault, quote, type Quote } from "~/features/pricing/pricing";
import { chargeFor, type Charge } from "~/features/pricing/charge";
import { sameDayRouteFault } from "./same-day";
import type { Voice } from "~/.server/answer-language";
import { fullPhoneNumber, packageTotals, type FieldErrors, type ShipmentDraft, type ShipmentFormValues } from "./shipment-steps";
import { parseDeliveryOption, parseServiceType, type DeliveryOption, type ServiceType } from "./shipping-options";

/** Customers send parcels: the "package" type, multiplier 1. */
const CUSTOMER_PACKAGE_TYPE = "package";

export type Estimate = {
  quote: Quote;
  /** The quote's total with tax at the settings' rate: what the shipment and its invoice will charge. */
  charge: Charge;
  weightKg: number;
  /** Minor units of the quote's currency. */
  declaredValue: number;
  estimatedDelivery: number;
};

type PriceInput = {
  packages: Parameters<typeof packageTotals>[0];
  serviceType: ServiceType;
  deliveryOption: DeliveryOption;
  insurance: boolean;
  signatureRequired: boolean;
  fragile: boolean;
  /** The rate of the currency chosen: declared values are in that currency. */
  rate: ExchangeRate;
  /** The settings' tax rate, which the shipment's invoice will bill at. */
  taxRateBasisPoints: number;
  fromCountry: string;
  toCountry: string;
};

/** Total weight and declared value over the packages, priced by the one tariff (pricing.ts). */
function price(input: PriceInput, now: number): Estimate {
  const totals = packageTotals(input.packages);
  const declaredValue = toMinorUnits(totals.declaredValueMajor, input.rate.currency);
  const quoted = quote({ ...input, packageType: CUSTOMER_PACKAGE_TYPE, weightKg: totals.weightKg, declaredValue });
  return {
    quote: quoted,
    charge: chargeFor({ cost: quoted.total, currency: quoted.currency, taxRateBasisPoints: input.taxRateBasisPoints }),
    weightKg: totals.weightKg,
    declaredValue,
    estimatedDelivery: estimateDelivery(input.serviceType, now),
  };
}

/** The currency a draft is priced in: the one chosen when it is on the list, else US dollars. */
export function draftCurrency(draft: Pick<ShipmentDraft, "currency">): string {
  return isPickerCurrency(draft.currency) ? draft.currency : BASE_CURRENCY;
}

/**
 * The estimate shows only once the total weight is above 0 and both countries are
 * chosen. Options not chosen yet count at their defaults. `rate` is that of the draft's
 * currency (draftCurrency); without one there is no estimate.
 */
export function estimateDraft(
  draft: ShipmentDraft,
  { now, rate, taxRateBasisPoints }: { now: number; rate: ExchangeRate | null; taxRateBasisPoints: number },
): Estimate | null {
  if (packageTotals(draft.packages).weightKg <= 0) return null;
  if (!isCountryCode(draft.senderCountry) || !isCountryCode(draft.recipientCountry)) return null;
  if (!rate || rate.currency !== draftCurrency(draft)) return null;
  return price(
    {
      packages: draft.packages,
      serviceType: parseServiceType(draft.serviceType) ?? "express",
      deliveryOption: parseDeliveryOption(draft.deliveryOption) ?? "standard",
      insurance: draft.insurance,
      signatureRequired: draft.signatureRequired,
      fragile: draft.fragile,
      rate,
      taxRateBasisPoints,
      fromCountry: draft.senderCountry,
      toCountry: draft.recipientCountry,
    },
    now,
  );
}

/**
 * What the package step's schema cannot check alone, at the rate of the draft's currency: Same
 * Day only within one city (the addresses are the earlier steps'), and insurance of at most
 * $50,000 declared, converted at that rate (a currency without a rate is refused). Null when
 * the options can be sold. Said in `voice`.
 */
export function draftOptionFaults(draft: ShipmentDraft, rate: ExchangeRate | null, voice: Voice): FieldErrors | null {
  const faults: FieldErrors = {};
  if (parseServiceType(draft.serviceType) === "same_day") {
    const fault = sameDayRouteFault({
      fromCity: draft.senderCity,
      fromCountry: draft.senderCountry,
      toCity: draft.recipientCity,
      toCountry: draft.recipientCountry,
    });
    if (fault) faults.serviceType = [fault];
  }
  if (!rate || rate.currency !== draftCurrency(draft)) {
    faults.currency = [voice.t("Prices in {{currency}} are not available at the moment. Please choose another currency.", { currency: draftCurrency(draft) })];
  } else if (draft.insurance) {
    const fault = insuranceCapFault(toMinorUnits(packageTotals(draft.packages).declaredValueMajor, rate.currency), rate, voice);
    if (fault) faults.insurance = [fault];
  }
  return Object.keys(faults).length > 0 ? faults : null;
}

/** "Books ×2, Laptop": what is inside, for lists and labels. */
export function describePackages(packages: readonly { description: string; quantity: number }[]): string {
  return packages.map((item) => (item.quantity > 1 ? `${item.description} ×${item.quantity}` : item.description)).join(", ");
}

const orNull = (value: string | undefined) => (value ? value : null);

/** The shipment and package rows for a checked form, priced as the estimate showed; `rate` is that of the form's currency; `userId` null: the back office's, for no account. */
export function shipmentFromForm(
  values: ShipmentFormValues,
  { userId, now, rate, taxRateBasisPoints }: { userId: string | null; now: number; rate: ExchangeRate; taxRateBasisPoints: number },
) {
  const { currency, packages } = values;
  if (rate.currency !== currency) throw new Error(`A ${currency} shipment cannot be priced at the ${rate.currency} rate`);
  const priced = price({ ...values, rate, taxRateBasisPoints, fromCountry: values.senderCountry, toCountry: values.recipientCountry }, now);
  // One parcel keeps its size on the shipment itself; several keep theirs on their package rows.
  const single = packages.length === 1 && packages[0]!.quantity === 1 ? packages[0]! : null;
  return {
    shipment: {
      userId,
      senderName: values.senderName,
      senderEmail: values.senderEmail,
      senderPhone: fullPhoneNumber(values.senderPhone, getCountry(values.senderCountry)?.phoneCode),
      senderAddress: values.senderAddress,
      senderCity: values.senderCity,
      senderState: orNull(values.senderState),
      senderCountry: values.senderCountry,
      senderPostalCode: values.senderPostalCode,
      recipientName: values.recipientName,
      recipientEmail: values.recipientEmail,
      recipientPhone: fullPhoneNumber(values.recipientPhone, getCountry(values.recipientCountry)?.phoneCode),
      recipientAddress: values.recipientAddress,
      recipientCity: values.recipientCity,
      recipientState: orNull(values.recipientState),
      recipientCountry: values.recipientCountry,
      recipientPostalCode: values.recipientPostalCode,
      serviceType: values.serviceType,
      packageType: CUSTOMER_PACKAGE_TYPE,
      deliveryOption: values.deliveryOption,
      insurance: values.insurance,
      signatureRequired: values.signatureRequired,
      fragile: values.fragile,
      description: describePackages(packages),
      weightKg: priced.weightKg,
      lengthCm: single?.length ?? null,
      widthCm: single?.width ?? null,
      heightCm: single?.height ?? null,
      currency,
      declaredValue: priced.declaredValue,
      cost: priced.quote.total,
      costBreakdown: JSON.stringify(priced.quote),
      taxRateBasisPoints: priced.charge.taxRateBasisPoints,
      specialInstructions: orNull(values.specialInstructions),
      referenceNumber: orNull(values.referenceNumber),
      estimatedDelivery: priced.estimatedDelivery,
    },
    packages: packages.map((item) => ({
      description: item.description,
      weightKg: item.weight,
      lengthCm: item.length,
      widthCm: item.width,
      heightCm: item.height,
      value: toMinorUnits(item.value, currency),
      quantity: item.quantity,
    })),
  };
}
