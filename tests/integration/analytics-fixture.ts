// A small, hand-counted set of shipments and ratings around a fixed "now", for asserting every
// analytics figure exactly (tests/integration/analytics.test.ts). Times are UTC.
import { shipmentRatings, shipments, trackingEvents, users } from "../../drizzle/schema";
import { db } from "./fixtures";

/** Wednesday 25 November 2026, noon UTC. With "7d" the period is 18 Nov 12:00 to now, the previous one 11 to 18 Nov. */
export const NOW = Date.UTC(2026, 10, 25, 12);

const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour);

export const CUSTOMER_A = "analytics-customer-a";
export const CUSTOMER_B = "analytics-customer-b";

type Row = {
  id: string;
  userId: string | null;
  senderEmail: string;
  route: [string, string];
  currency: string;
  cost: number;
  status: string;
  createdAt: number;
  estimatedDelivery?: number;
  actualDelivery?: number;
};

/**
 * Current period: s1-s5 (5 shipments; USD 150.00 and EUR 50.00). Previous: p1-p3 (3; USD 105.00).
 * Before both: o1, never counted. Delivered in the current period: s1 (on time, 2 business
 * days), s2 (late, 3) and p3 (created in the previous period, late, 2).
 */
export const FIXTURE_SHIPMENTS: Row[] = [
  // Wed 18 13:00 → Fri 20 10:00, estimated Fri 20 13:00: on time, 2 business days.
  { id: "s1", userId: CUSTOMER_A, senderEmail: "a@example.com", route: ["US", "DE"], currency: "USD", cost: 10_000, status: "delivered", createdAt: at(18, 13), estimatedDelivery: at(20, 13), actualDelivery: at(20, 10) },
  // Thu 19 09:00 → Tue 24 11:00, estimated Fri 20: late, 3 business days (Fri, Mon, Tue).
  { id: "s2", userId: CUSTOMER_A, senderEmail: "a@example.com", route: ["US", "DE"], currency: "EUR", cost: 5_000, status: "delivered", createdAt: at(19, 9), estimatedDelivery: at(20, 9), actualDelivery: at(24, 11) },
  { id: "s3", userId: CUSTOMER_B, senderEmail: "b@example.com", route: ["GB", "JP"], currency: "USD", cost: 2_500, status: "exception", createdAt: at(20, 15) },
  // Two counter shipments (no account) from one sender, whose address is typed in two cases.
  { id: "s4", userId: null, senderEmail: "Walk.In@Example.com", route: ["US", "CA"], currency: "USD", cost: 1_500, status: "in_transit", createdAt: at(24, 6) },
  { id: "s5", userId: null, senderEmail: "walk.in@example.com", route: ["US", "DE"], currency: "USD", cost: 1_000, status: "pending", createdAt: at(25, 8) },
  // Thu 12 10:00 → Fri 13 15:00, estimated Mon 16: on time, 1 business day.
  { id: "p1", userId: CUSTOMER_A, senderEmail: "a@example.com", route: ["US", "DE"], currency: "USD", cost: 4_000, status: "delivered", createdAt: at(12, 10), estimatedDelivery: at(16, 10), actualDelivery: at(13, 15) },
  { id: "p2", userId: CUSTOMER_B, senderEmail: "b@example.com", route: ["FR", "BR"], currency: "USD", cost: 6_000, status: "returned", createdAt: at(17, 9) },
  // Tue 17 08:00 → Thu 19 17:00, estimated Wed 18: late, 2 business days; delivered in the current period.
  { id: "p3", userId: CUSTOMER_A, senderEmail: "a@example.com", route: ["US", "US"], currency: "USD", cost: 500, status: "delivered", createdAt: at(17, 8), estimatedDelivery: at(18, 8), actualDelivery: at(19, 17) },
  { id: "o1", userId: CUSTOMER_B, senderEmail: "b@example.com", route: ["US", "DE"], currency: "USD", cost: 99_900, status: "delivered", createdAt: at(5, 10), estimatedDelivery: at(9, 10), actualDelivery: at(6, 10) },
];

/** s1 and s2 rated in the current period (5 and 2), p1 in the previous one (4). */
export const FIXTURE_RATINGS = [
  { shipmentId: "s1", score: 5, createdAt: at(21, 10) },
  { shipmentId: "s2", score: 2, createdAt: at(24, 12) },
  { shipmentId: "p1", score: 4, createdAt: at(14, 10) },
];

/**
 * History entries that matter to the transit time: s1 picked up Thu 19 (1 business day to its
 * delivery), s2 first in transit Fri 20 (2: Mon, Tue), p1 picked up Thu 12 (1). p3 was never
 * scanned on the way, so it has no transit time.
 */
export const FIXTURE_EVENTS = [
  { shipmentId: "s1", status: "pending", occurredAt: at(18, 13) },
  { shipmentId: "s1", status: "picked_up", occurredAt: at(19, 10) },
  { shipmentId: "s2", status: "pending", occurredAt: at(19, 9) },
  { shipmentId: "s2", status: "in_transit", occurredAt: at(20, 8) },
  { shipmentId: "s2", status: "in_transit", occurredAt: at(23, 8) },
  { shipmentId: "p1", status: "picked_up", occurredAt: at(12, 18) },
  { shipmentId: "p3", status: "out_for_delivery", occurredAt: at(19, 9) },
];

/** Writes the fixture; ids are prefixed so that it can sit beside other data. */
export async function insertAnalyticsFixture(prefix = "fx-") {
  await db.batch([
    db.insert(users).values({ id: CUSTOMER_A, email: "a@example.com", passwordHash: "-", firstName: "Ada", lastName: "Alpha" }),
    db.insert(users).values({ id: CUSTOMER_B, email: "b@example.com", passwordHash: "-", firstName: "Bo", lastName: "Beta" }),
    ...FIXTURE_SHIPMENTS.map((row) =>
      db.insert(shipments).values({
        id: `${prefix}${row.id}`,
        trackingId: `FXT${row.id.toUpperCase().padEnd(12, "0")}`,
        userId: row.userId,
        status: row.status,
        senderName: row.userId === CUSTOMER_A ? "Ada Alpha" : row.userId === CUSTOMER_B ? "Bo Beta" : "Walk In, \"Counter\"",
        senderEmail: row.senderEmail,
        senderCity: "Origin City",
        senderCountry: row.route[0],
        recipientName: "Recipient",
        recipientCity: "Destination City",
        recipientCountry: row.route[1],
        currency: row.currency,
        cost: row.cost,
        estimatedDelivery: row.estimatedDelivery ?? null,
        actualDelivery: row.actualDelivery ?? null,
        createdAt: row.createdAt,
        updatedAt: row.actualDelivery ?? row.createdAt,
      }),
    ),
    ...FIXTURE_EVENTS.map((event, index) =>
      db.insert(trackingEvents).values({ ...event, id: `${prefix}event-${index}`, shipmentId: `${prefix}${event.shipmentId}`, description: "Scanned" }),
    ),
    ...FIXTURE_RATINGS.map((rating) =>
      db.insert(shipmentRatings).values({ ...rating, shipmentId: `${prefix}${rating.shipmentId}`, source: "owner", userId: CUSTOMER_A }),
    ),
  ]);
}
