// Demo data: two demo accounts, one more customer and 40 shipments across every status,
// service and region, each with its history and invoice. Every history runs from the creation
// entry (pending, at the Processing Center) to the shipment's status, and the shipment is where
// its latest entry is. Deterministic for a given `now`, with fixed
// ids, so seeding twice changes nothing.
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../app/features/accounts/demo-accounts.server";
import { estimateDelivery } from "../app/features/shipments/delivery-dates";
import type { ExchangeRate } from "../app/features/pricing/exchange-rates";
import { invoiceAmounts, invoiceNumber } from "../app/features/invoices/invoice";
import { quote } from "../app/features/pricing/pricing";
import {
  defaultStatusDescription,
  defaultStatusPlace,
  isDelivered,
  SCAN_DESCRIPTIONS,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from "../app/features/shipments/shipment-status";
import { statusChangeEntry } from "../app/features/tracking/tracking-history";
import type { PackageType, ServiceType } from "../app/features/shipments/shipping-options";
import { generateTrackingId } from "../app/features/tracking/tracking-id";
import type { invoices, shipmentPackages, shipments, trackingEvents, users } from "./schema";

/** Tracking IDs anyone can try at once (listed in the README). */
export const DEMO_TRACKING_IDS: { trackingId: string; status: ShipmentStatus }[] = [
  { trackingId: "SWP482913K7Q2ZD", status: "in_transit" },
  { trackingId: "SWP517204M3X9PA", status: "delivered" },
  { trackingId: "SWP603318B8N4TC", status: "out_for_delivery" },
  { trackingId: "SWP729455R2H6WE", status: "pending" },
  { trackingId: "SWP845061J5F7LQ", status: "exception" },
];

/**
 * One shipment in each of the thirteen statuses, with a fixed tracking ID, so tests and people
 * can walk every state.
 */
export const STATUS_TRACKING_IDS: { trackingId: string; status: ShipmentStatus }[] = [
  { trackingId: "SWP100001PNDG01", status: "pending" },
  { trackingId: "SWP100002CNFM02", status: "confirmed" },
  { trackingId: "SWP100003PRCS03", status: "processing" },
  { trackingId: "SWP100004PKUP04", status: "picked_up" },
  { trackingId: "SWP100005SHPD05", status: "shipped" },
  { trackingId: "SWP100006TRNS06", status: "in_transit" },
  { trackingId: "SWP100007OUTD07", status: "out_for_delivery" },
  { trackingId: "SWP100008RDYP08", status: "ready_for_pickup" },
  { trackingId: "SWP100009DLVR09", status: "delivered" },
  { trackingId: "SWP100010FAIL10", status: "failed" },
  { trackingId: "SWP100011EXCP11", status: "exception" },
  { trackingId: "SWP100012RTRN12", status: "returned" },
  { trackingId: "SWP100013CSTM13", status: "custom_destination" },
];

/**
 * Fixed IDs for two more shipments (the second pending and the second confirmed one), for
 * stories that change a shipment: the status walk's stay as seeded.
 */
export const SPARE_TRACKING_IDS: { trackingId: string; status: ShipmentStatus }[] = [
  { trackingId: "SWP200001SPRA01", status: "pending" },
  { trackingId: "SWP200002SPRB02", status: "confirmed" },
];

const SHIPMENT_COUNT = 40;
/** The services the demo shipments are drawn from; a few go by Same Day (SAME_DAY_SHIPMENTS). */
const ROUTED_SERVICES: readonly ServiceType[] = ["express", "standard", "economy", "overnight"];
/** Same Day shipments within one city: where they start, and the recipient's address there. */
const SAME_DAY_SHIPMENTS: ReadonlyMap<number, { city: string; street: string; zip: string }> = new Map([
  [20, { city: "New York", street: "11 Wall St", zip: "10005" }],
  [34, { city: "London", street: "1 Canada Square", zip: "E14 5AB" }],
]);
/** The demo shipments are priced in dollars, the base currency, as of the rates migrations/0009 sets. */
const SEED_USD_RATE: ExchangeRate = { currency: "USD", rate: 1, setAt: Date.UTC(2026, 10, 20) };
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const PLACES = [
  { city: "New York", country: "US", street: "350 Fifth Avenue", zip: "10118", hub: "Newark Gateway Hub" },
  { city: "Los Angeles", country: "US", street: "200 N Spring St", zip: "90012", hub: "Ontario Air Hub" },
  { city: "Chicago", country: "US", street: "233 S Wacker Dr", zip: "60606", hub: "Chicago Sort Center" },
  { city: "Toronto", country: "CA", street: "301 Front St W", zip: "M5V 2T6", hub: "Mississauga Gateway" },
  { city: "Mexico City", country: "MX", street: "Av. Paseo de la Reforma 222", zip: "06600", hub: "Mexico City Air Hub" },
  { city: "London", country: "GB", street: "30 St Mary Axe", zip: "EC3A 8BF", hub: "Heathrow Gateway" },
  { city: "Berlin", country: "DE", street: "Friedrichstraße 68", zip: "10117", hub: "Leipzig Air Hub" },
  { city: "Paris", country: "FR", street: "35 Rue du Louvre", zip: "75002", hub: "Roissy Hub" },
  { city: "Madrid", country: "ES", street: "Calle de Alcalá 45", zip: "28014", hub: "Madrid Barajas Hub" },
  { city: "Amsterdam", country: "NL", street: "Damrak 70", zip: "1012 LM", hub: "Schiphol Gateway" },
  { city: "Lagos", country: "NG", street: "12 Adeola Odeku St", zip: "101241", hub: "Lagos Air Hub" },
  { city: "Nairobi", country: "KE", street: "Kenyatta Avenue 14", zip: "00100", hub: "Nairobi JKIA Hub" },
  { city: "Johannesburg", country: "ZA", street: "1 Sandton Drive", zip: "2196", hub: "Johannesburg OR Tambo Hub" },
  { city: "Mumbai", country: "IN", street: "Nariman Point 21", zip: "400021", hub: "Mumbai Air Hub" },
  { city: "Singapore", country: "SG", street: "10 Marina Blvd", zip: "018983", hub: "Changi Gateway" },
  { city: "Tokyo", country: "JP", street: "1-1 Marunouchi", zip: "100-0005", hub: "Narita Gateway" },
  { city: "Sydney", country: "AU", street: "200 George St", zip: "2000", hub: "Sydney Gateway" },
  { city: "São Paulo", country: "BR", street: "Av. Paulista 1578", zip: "01310-200", hub: "Guarulhos Hub" },
  { city: "Buenos Aires", country: "AR", street: "Av. Corrientes 1234", zip: "C1043", hub: "Ezeiza Hub" },
  { city: "Dubai", country: "AE", street: "Sheikh Zayed Rd 1", zip: "00000", hub: "Dubai World Central Hub" },
] as const;

const PEOPLE = [
  "Maria Garcia", "Wei Chen", "Aisha Bello", "Liam O'Connor", "Sofia Rossi", "Kenji Tanaka",
  "Olivia Brown", "Mateo Silva", "Priya Sharma", "Noah Schmidt", "Fatima Al-Sayed", "Lucas Martin",
  "Emma Johansson", "Diego Fernández", "Chloe Dubois", "Samuel Mensah", "Hannah Müller", "Ravi Patel",
];

const CONTENTS: { description: string; packageType: PackageType; weight: [number, number] }[] = [
  { description: "Signed contracts", packageType: "document", weight: [0.1, 0.5] },
  { description: "Passport and visa papers", packageType: "envelope", weight: [0.1, 0.3] },
  { description: "Handmade ceramics", packageType: "box", weight: [2, 6] },
  { description: "Laptop and charger", packageType: "package", weight: [2, 4] },
  { description: "Clothing samples", packageType: "package", weight: [1, 5] },
  { description: "Books", packageType: "box", weight: [3, 12] },
  { description: "Spare machine parts", packageType: "pallet", weight: [80, 240] },
  { description: "Coffee beans", packageType: "package", weight: [1, 10] },
];

/** The statuses a shipment passed through to reach `status`. */
const PATHS: Record<ShipmentStatus, ShipmentStatus[]> = {
  pending: ["pending"],
  confirmed: ["pending", "confirmed"],
  processing: ["pending", "processing"],
  picked_up: ["pending", "confirmed", "picked_up"],
  shipped: ["pending", "confirmed", "picked_up", "shipped"],
  in_transit: ["pending", "confirmed", "picked_up", "in_transit"],
  out_for_delivery: ["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery"],
  ready_for_pickup: ["pending", "confirmed", "picked_up", "in_transit", "ready_for_pickup"],
  delivered: ["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery", "delivered"],
  failed: ["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery", "failed"],
  exception: ["pending", "confirmed", "picked_up", "in_transit", "exception"],
  returned: ["pending", "confirmed", "picked_up", "in_transit", "exception", "returned"],
  custom_destination: ["pending", "confirmed", "picked_up", "in_transit", "custom_destination"],
};

/** A small deterministic generator (mulberry32) so the same seed gives the same data. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    between: (low: number, high: number) => low + next() * (high - low),
    /** A whole number from 0 to below `max`. */
    int: (max: number) => Math.floor(next() * max),
    bytes: (length: number) => Uint8Array.from({ length }, () => Math.floor(next() * 256)),
  };
}

type UserRow = typeof users.$inferInsert;
type ShipmentRow = typeof shipments.$inferInsert;
type EventRow = typeof trackingEvents.$inferInsert;
type PackageRow = typeof shipmentPackages.$inferInsert;
type InvoiceRow = typeof invoices.$inferInsert;

export type SeedData = { users: UserRow[]; shipments: ShipmentRow[]; events: EventRow[]; packages: PackageRow[]; invoices: InvoiceRow[] };

export const SEED_USER_IDS = { customer: "seed-user-demo", admin: "seed-user-admin", other: "seed-user-lena" } as const;

function emailFor(name: string): string {
  return `${name.toLowerCase().normalize("NFD").replace(/[^a-z ]/g, "").replace(/ /g, ".")}@example.com`;
}

function eventLocation(status: ShipmentStatus, from: (typeof PLACES)[number], to: (typeof PLACES)[number]): string {
  switch (status) {
    case "pending":
    case "processing":
    case "delivered":
      return defaultStatusPlace(status);
    case "custom_destination":
      return customDestinationOf(to);
    case "confirmed":
    case "picked_up":
      return `${from.city} Pickup`;
    case "shipped":
      return `${from.city} Sort Center`;
    case "in_transit":
      return from.country === to.country ? from.hub : to.hub;
    default:
      return to.city;
  }
}

function customDestinationOf(to: (typeof PLACES)[number]): string {
  return `${to.city} Pickup Point`;
}

export function buildSeed(
  now: number,
  passwordHashes: { customer: string; admin: string; other: string },
): SeedData {
  const random = randomSource(42);
  const seededUsers: UserRow[] = [
    {
      id: SEED_USER_IDS.customer,
      email: DEMO_CUSTOMER.email,
      passwordHash: passwordHashes.customer,
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      phone: "+1 415 555 0134",
      address: "1 Market St",
      city: "San Francisco",
      country: "US",
      postalCode: "94105",
      role: "user",
      plan: "standard",
      planBilling: "monthly",
      createdAt: now - 120 * DAY_MS,
      updatedAt: now - 120 * DAY_MS,
    },
    {
      id: SEED_USER_IDS.admin,
      email: DEMO_ADMIN.email,
      passwordHash: passwordHashes.admin,
      firstName: DEMO_ADMIN.firstName,
      lastName: DEMO_ADMIN.lastName,
      role: "admin",
      createdAt: now - 400 * DAY_MS,
      updatedAt: now - 400 * DAY_MS,
    },
    {
      id: SEED_USER_IDS.other,
      email: "lena.fischer@example.com",
      passwordHash: passwordHashes.other,
      firstName: "Lena",
      lastName: "Fischer",
      phone: "+49 30 5550 1234",
      address: "Torstraße 101",
      city: "Berlin",
      country: "DE",
      postalCode: "10119",
      role: "user",
      createdAt: now - 60 * DAY_MS,
      updatedAt: now - 60 * DAY_MS,
    },
  ];

  const statuses: ShipmentStatus[] = [
    ...DEMO_TRACKING_IDS.map((demo) => demo.status),
    ...SHIPMENT_STATUSES,
    ...SHIPMENT_STATUSES,
  ];
  while (statuses.length < SHIPMENT_COUNT) statuses.push(random.pick(["in_transit", "delivered", "pending"] as const));

  const seededShipments: ShipmentRow[] = [];
  const events: EventRow[] = [];
  const packages: PackageRow[] = [];
  const seededInvoices: InvoiceRow[] = [];

  for (let index = 0; index < SHIPMENT_COUNT; index += 1) {
    const id = `seed-shipment-${String(index + 1).padStart(2, "0")}`;
    const status = statuses[index]!;
    const owner = index < 24 ? "customer" : index < 32 ? "other" : null;
    let from = owner === "customer" ? PLACES[index % 3]! : random.pick(PLACES);
    let to = random.pick(PLACES);
    if (to === from && random.next() < 0.7) to = PLACES[(PLACES.indexOf(from) + 5) % PLACES.length]!;
    let serviceType: ServiceType = random.pick(ROUTED_SERVICES);
    const contents = random.pick(CONTENTS);
    // Drawn as before, so that the rest of the demo data stays as it was; then across one city.
    const sameDay = SAME_DAY_SHIPMENTS.get(index);
    if (sameDay) {
      from = PLACES.find((place) => place.city === sameDay.city)!;
      to = from;
      serviceType = "same_day";
    }
    // Ceramics travel as fragile, contracts against a signature: the add-ons on a few shipments.
    const fragile = contents.description === "Handmade ceramics" || sameDay?.city === "London";
    const signatureRequired = contents.description === "Signed contracts";
    const weightKg = Math.round(random.between(...contents.weight) * 10) / 10;
    const declaredValue = Math.round(random.between(20, 1500)) * 100;
    // Settled shipments are older; the demo ones are recent so their story is current.
    const ageDays = index < DEMO_TRACKING_IDS.length ? 1 + index : random.between(0.2, 75);
    const createdAt = Math.round(now - ageDays * DAY_MS);
    const estimatedDelivery = estimateDelivery(serviceType, createdAt);

    const senderName =
      owner === "customer" ? `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}` : owner === "other" ? "Lena Fischer" : random.pick(PEOPLE);
    const senderEmail = owner === "customer" ? DEMO_CUSTOMER.email : owner === "other" ? "lena.fischer@example.com" : emailFor(senderName);
    const recipientName = random.pick(PEOPLE.filter((person) => person !== senderName));

    const path = PATHS[status];
    const end = Math.min(now - HOUR_MS, Math.max(createdAt + HOUR_MS, estimatedDelivery));
    const stepTimes = path.map((_, step) =>
      step === 0 ? createdAt : Math.round(createdAt + ((end - createdAt) * step) / Math.max(path.length - 1, 1)),
    );
    const history: EventRow[] = path.map((pathStatus, step) => ({
      id: `${id}-event-${step + 1}`,
      shipmentId: id,
      status: pathStatus,
      location: eventLocation(pathStatus, from, to),
      description:
        pathStatus === "custom_destination"
          ? statusChangeEntry({ status: pathStatus, customDestination: customDestinationOf(to) }).description
          : (SCAN_DESCRIPTIONS[pathStatus] ?? defaultStatusDescription(pathStatus)),
      occurredAt: stepTimes[step]!,
      actorUserId: step === 0 ? null : SEED_USER_IDS.admin,
      actorLabel: step === 0 ? "system" : `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`,
    }));
    events.push(...history);
    const updatedAt = stepTimes.at(-1)!;
    const delivered = isDelivered(status);
    const priced = quote({
      serviceType,
      packageType: contents.packageType,
      weightKg,
      fromCountry: from.country,
      toCountry: to.country,
      rate: SEED_USD_RATE,
      deliveryOption: "standard",
      insurance: false,
      declaredValue,
      signatureRequired,
      fragile,
    });
    const cost = priced.total;
    const costBreakdown = JSON.stringify(priced);
    const withDimensions = contents.packageType === "package" || contents.packageType === "box" || contents.packageType === "pallet";
    const dimensions = withDimensions
      ? contents.packageType === "pallet"
        ? { length: 120, width: 80, height: 100 }
        : { length: Math.round(random.between(20, 60)), width: Math.round(random.between(15, 40)), height: Math.round(random.between(10, 40)) }
      : null;

    let trackingId = DEMO_TRACKING_IDS[index]?.trackingId;
    if (!trackingId) {
      // Drawn even where the status walk fixes the ID, so the rest of the demo data stays as it was.
      const drawn = generateTrackingId("SWP", createdAt, random.bytes);
      const fixed = [...STATUS_TRACKING_IDS, ...SPARE_TRACKING_IDS][index - DEMO_TRACKING_IDS.length];
      trackingId = fixed?.trackingId ?? drawn;
    }
    seededShipments.push({
      id,
      trackingId,
      userId: owner ? SEED_USER_IDS[owner] : null,
      status,
      senderName,
      senderEmail,
      senderPhone: "+1 555 010 " + String(1000 + index).slice(-4),
      senderAddress: from.street,
      senderCity: from.city,
      senderCountry: from.country,
      senderPostalCode: from.zip,
      recipientName,
      recipientEmail: emailFor(recipientName),
      recipientPhone: "+44 20 7946 " + String(1000 + index * 7).slice(-4),
      recipientAddress: sameDay?.street ?? to.street,
      recipientCity: to.city,
      recipientCountry: to.country,
      recipientPostalCode: sameDay?.zip ?? to.zip,
      serviceType,
      signatureRequired,
      fragile,
      packageType: contents.packageType,
      description: contents.description,
      weightKg,
      lengthCm: dimensions?.length ?? null,
      widthCm: dimensions?.width ?? null,
      heightCm: dimensions?.height ?? null,
      currency: "USD",
      declaredValue,
      cost,
      costBreakdown,
      estimatedDelivery,
      actualDelivery: delivered ? updatedAt : null,
      currentLocation: history.at(-1)!.location,
      customDestination: status === "custom_destination" ? customDestinationOf(to) : null,
      createdAt,
      updatedAt,
    });
    // Billed at the default tax rate of 0 (settings); delivered parcels have been paid for.
    const invoice = invoiceAmounts({ cost, costBreakdown, taxRateBasisPoints: 0 });
    seededInvoices.push({
      id: `seed-invoice-${String(index + 1).padStart(2, "0")}`,
      number: invoiceNumber(trackingId),
      shipmentId: id,
      userId: owner ? SEED_USER_IDS[owner] : null,
      // Issued by the default settings (migrations/0001_default_settings.sql).
      issuerName: "SwiftParcel",
      issuerAddress: "100 Harbor Way, Suite 200, Oakland, CA 94607, United States",
      issuerPhone: "+1 (555) 010-0199",
      currency: "USD",
      baseCurrency: invoice.exchange?.baseCurrency ?? "USD",
      exchangeRate: invoice.exchange?.rate ?? null,
      exchangeRateSetAt: invoice.exchange?.setAt ?? null,
      lineItems: JSON.stringify(invoice.lines),
      subtotal: invoice.subtotal,
      taxRateBasisPoints: invoice.taxRateBasisPoints,
      tax: invoice.tax,
      total: invoice.total,
      status: delivered ? "paid" : "unpaid",
      issuedAt: createdAt,
      paidAt: delivered ? updatedAt : null,
    });
    if (owner) {
      packages.push({
        shipmentId: id,
        position: 1,
        description: contents.description,
        weightKg,
        lengthCm: dimensions?.length ?? 30,
        widthCm: dimensions?.width ?? 22,
        heightCm: dimensions?.height ?? 2,
        value: declaredValue,
        quantity: 1,
      });
    }
  }
  return { users: seededUsers, shipments: seededShipments, events, packages, invoices: seededInvoices };
}
