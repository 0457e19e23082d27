// Service and package types. Forms may send labels ("Express", "Box"); the database
// keeps the lower-case value.

export const SERVICE_TYPES = ["express", "standard", "economy", "overnight", "same_day"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_LABELS: Record<ServiceType, string> = {
  express: "Express",
  standard: "Standard",
  economy: "Economy",
  overnight: "Overnight",
  same_day: "Same Day",
};

export const PACKAGE_TYPES = ["document", "package", "pallet", "envelope", "box"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PACKAGE_LABELS: Record<PackageType, string> = {
  document: "Document",
  package: "Package",
  pallet: "Pallet",
  envelope: "Envelope",
  box: "Box",
};

/** "Express", "express" or " EXPRESS " become "express", "Same Day" and "same-day" "same_day"; null when unknown. */
export function parseServiceType(input: string): ServiceType | null {
  const value = input.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return (SERVICE_TYPES as readonly string[]).includes(value) ? (value as ServiceType) : null;
}

export function parsePackageType(input: string): PackageType | null {
  const value = input.trim().toLowerCase();
  return (PACKAGE_TYPES as readonly string[]).includes(value) ? (value as PackageType) : null;
}

export function serviceLabel(value: string): string {
  const type = parseServiceType(value);
  return type ? SERVICE_LABELS[type] : value;
}

export function packageLabel(value: string): string {
  const type = parsePackageType(value);
  return type ? PACKAGE_LABELS[type] : value;
}

/** "saturday" and "weekend" are one option, labelled Saturday. */
export const DELIVERY_OPTIONS = ["standard", "morning", "evening", "weekend"] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

export const DELIVERY_OPTION_LABELS: Record<DeliveryOption, string> = {
  standard: "Standard (business hours)",
  morning: "Morning (before 12:00)",
  evening: "Evening (after 18:00)",
  weekend: "Saturday",
};

/** Added to the shipping charge, in major units of the quote's currency. */
export const DELIVERY_OPTION_SURCHARGES: Record<DeliveryOption, number> = {
  standard: 0,
  morning: 15,
  evening: 10,
  weekend: 25,
};

/** Insurance costs 1 % of the declared value. */
export const INSURANCE_RATE = 0.01;

/** "weekend", "Saturday" or " MORNING " become the stored value; null when unknown. */
export function parseDeliveryOption(input: string): DeliveryOption | null {
  const value = input.trim().toLowerCase();
  if (value === "saturday") return "weekend";
  return (DELIVERY_OPTIONS as readonly string[]).includes(value) ? (value as DeliveryOption) : null;
}
