// SEED_SHIPMENTS=<n> for `npm run db:seed`: n more shipments spread over the past year, for the
// benchmark's large database (tests/bench). Customers, shipments, their pickup scans and some
// ratings are written with multi-row INSERTs (a thousand rows from one JSON parameter each, far
// under D1's 100 bound parameters), many statements to a batch, so that 100,000 shipments take
// seconds rather than minutes.
import { isDelivered, SHIPMENT_STATUSES, type ShipmentStatus } from "../app/features/shipments/shipment-status";
import { randomSource, SEED_USER_IDS } from "./seed-data";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ROWS_PER_STATEMENT = 1_000;
const STATEMENTS_PER_BATCH = 20;
const SHIPMENTS_PER_CUSTOMER = 50;
/** One shipment in this many belongs to the demo customer, so that its dashboard grows with the data. */
const DEMO_CUSTOMER_SHARE = 100;

const COUNTRIES = ["US", "US", "US", "CA", "MX", "GB", "DE", "FR", "NL", "JP", "AU", "BR", "ZA", "IN", "SG"];
const CITIES: Record<string, string> = {
  US: "Chicago", CA: "Toronto", MX: "Mexico City", GB: "London", DE: "Berlin", FR: "Paris", NL: "Amsterdam",
  JP: "Tokyo", AU: "Sydney", BR: "São Paulo", ZA: "Cape Town", IN: "Mumbai", SG: "Singapore",
};
const NAMES = ["Avery", "Blake", "Casey", "Devon", "Emery", "Finley", "Harper", "Jordan", "Kai", "Logan", "Morgan", "Quinn", "Riley", "Sawyer"];
const SURNAMES = ["Baker", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Haddad", "Ito", "Kowalski", "Larsen", "Moreau", "Novak", "Okafor", "Patel"];

type Prepared = { bind(...values: unknown[]): unknown };
type D1Like = { prepare(sql: string): Prepared; batch(statements: unknown[]): Promise<unknown> };

/**
 * INSERT statements of `rows`: each statement binds one parameter, a JSON array of up to
 * ROWS_PER_STATEMENT rows, which json_each() unpacks into as many rows (far inside D1's 100
 * bound parameters and its statement and value sizes).
 */
function multiRowInserts(db: D1Like, table: string, columns: string[], rows: unknown[][]): unknown[] {
  const cells = columns.map((_, index) => `value ->> ${index}`).join(", ");
  const sql = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${cells} FROM json_each(?)`;
  const statements: unknown[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    statements.push(db.prepare(sql).bind(JSON.stringify(rows.slice(start, start + ROWS_PER_STATEMENT))));
  }
  return statements;
}

async function runInBatches(db: D1Like, statements: unknown[]): Promise<void> {
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    await db.batch(statements.slice(start, start + STATEMENTS_PER_BATCH));
  }
}

/** Writes `count` shipments (ids bench-<n>) and their customers; run on an empty bench database. */
export async function seedBulkShipments(db: D1Like, { count, now, passwordHash }: { count: number; now: number; passwordHash: string }) {
  const random = randomSource(2026);
  const customerCount = Math.max(1, Math.ceil(count / SHIPMENTS_PER_CUSTOMER));
  const customers: unknown[][] = [];
  for (let index = 0; index < customerCount; index += 1) {
    const first = NAMES[index % NAMES.length]!;
    const last = SURNAMES[Math.floor(index / NAMES.length) % SURNAMES.length]!;
    const joined = now - (400 - (index % 365)) * DAY_MS;
    customers.push([`bench-user-${index}`, `bench.${index}@example.com`, passwordHash, first, last, joined, joined]);
  }

  const shipments: unknown[][] = [];
  const scans: unknown[][] = [];
  const ratings: unknown[][] = [];
  const statuses: readonly ShipmentStatus[] = [...SHIPMENT_STATUSES, "delivered", "delivered", "delivered", "in_transit", "in_transit"];
  for (let index = 0; index < count; index += 1) {
    const id = `bench-${index}`;
    const createdAt = now - Math.floor(random.next() * 365 * DAY_MS);
    const age = now - createdAt;
    // Younger shipments are still on their way; older ones mostly arrived.
    const status: ShipmentStatus = age < 2 * DAY_MS ? "pending" : age < 5 * DAY_MS ? "in_transit" : random.pick(statuses);
    const owner = index % DEMO_CUSTOMER_SHARE === 0 ? SEED_USER_IDS.customer : random.next() < 0.15 ? null : `bench-user-${random.int(customerCount)}`;
    const from = random.pick(COUNTRIES);
    const to = random.pick(COUNTRIES);
    const estimated = createdAt + (2 + random.int(6)) * DAY_MS;
    const delivered = isDelivered(status) ? Math.min(now - HOUR_MS, createdAt + (1 + random.int(8)) * DAY_MS + random.int(10) * HOUR_MS) : null;
    const sender = `${random.pick(NAMES)} ${random.pick(SURNAMES)}`;
    const senderEmail = owner === null ? `walk.in.${random.int(5_000)}@example.com` : `${owner}@example.com`;
    const currency = random.next() < 0.8 ? "USD" : random.pick(["EUR", "GBP"]);
    shipments.push([
      id,
      `BEN${String(index).padStart(12, "0")}`,
      owner,
      status,
      sender,
      senderEmail,
      CITIES[from]!,
      from,
      `${random.pick(NAMES)} ${random.pick(SURNAMES)}`,
      CITIES[to]!,
      to,
      currency,
      1_000 + random.int(20_000),
      estimated,
      delivered,
      createdAt,
      delivered ?? createdAt,
    ]);
    if (status !== "pending") {
      scans.push([`bench-scan-${index}`, id, "picked_up", CITIES[from]!, "Package picked up", createdAt + (2 + random.int(20)) * HOUR_MS]);
    }
    if (delivered !== null && random.next() < 0.3) {
      ratings.push([id, 1 + Math.min(4, Math.floor(random.next() * 6)), "mail_link", delivered + DAY_MS]);
    }
  }

  await runInBatches(db, [
    ...multiRowInserts(db, "users", ["id", "email", "password_hash", "first_name", "last_name", "created_at", "updated_at"], customers),
    ...multiRowInserts(
      db,
      "shipments",
      // prettier-ignore
      ["id", "tracking_id", "user_id", "status", "sender_name", "sender_email", "sender_city", "sender_country", "recipient_name", "recipient_city", "recipient_country", "currency", "cost", "estimated_delivery", "actual_delivery", "created_at", "updated_at"],
      shipments,
    ),
    ...multiRowInserts(db, "tracking_events", ["id", "shipment_id", "status", "location", "description", "occurred_at"], scans),
    ...multiRowInserts(db, "shipment_ratings", ["shipment_id", "score", "source", "created_at"], ratings),
  ]);
  return { customers: customers.length, shipments: shipments.length, scans: scans.length, ratings: ratings.length };
}
