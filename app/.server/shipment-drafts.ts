// The customer's shipment form between steps: one draft per account, kept in D1 so that
// reload, back and forward never lose what was typed.
import { and, eq, sql } from "drizzle-orm";
import { shipmentDrafts } from "../../drizzle/schema";
import { newDraft, parseStoredDraft, type ShipmentDraft, type StepNumber } from "~/domain/shipment-steps";
import type { Db } from "./db";

export type StoredDraft = {
  values: ShipmentDraft;
  /** The furthest step the customer has reached by passing the steps before it. */
  reached: StepNumber;
  updatedAt: number;
};

function clampStep(step: number): StepNumber {
  return Math.min(4, Math.max(1, step)) as StepNumber;
}

/** A new draft for the account: sender name and e-mail from it. */
export function freshDraft(user: { email: string; firstName: string; lastName: string }, defaultCurrency: string): ShipmentDraft {
  return newDraft({ name: `${user.firstName} ${user.lastName}`, email: user.email, currency: defaultCurrency });
}

/** The account's draft, or a new one that starts from the account's name and e-mail. */
export async function getDraft(
  db: Db,
  user: { id: string; email: string; firstName: string; lastName: string },
  defaultCurrency: string,
): Promise<StoredDraft> {
  const fresh = freshDraft(user, defaultCurrency);
  const row = await db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, user.id)).get();
  if (!row) return { values: fresh, reached: 1, updatedAt: 0 };
  return { values: parseStoredDraft(row.data, fresh), reached: clampStep(row.step), updatedAt: row.updatedAt };
}

/**
 * Merges one step's fields into the draft, in a single statement (json_patch), so that two
 * saves racing each other each keep their own fields. `reached` only ever moves forward.
 */
export async function saveDraft(
  db: Db,
  userId: string,
  { values, base, reached = 1, now = Date.now() }: { values: Partial<ShipmentDraft>; base: ShipmentDraft; reached?: StepNumber; now?: number },
): Promise<void> {
  await db
    .insert(shipmentDrafts)
    .values({ userId, step: reached, data: JSON.stringify({ ...base, ...values }), updatedAt: now })
    .onConflictDoUpdate({
      target: shipmentDrafts.userId,
      set: {
        data: sql`json_patch(${shipmentDrafts.data}, ${JSON.stringify(values)})`,
        step: sql`max(${shipmentDrafts.step}, ${reached})`,
        updatedAt: now,
      },
    });
}

/**
 * Keeps what is on screen while it is typed (with JavaScript). It changes an existing draft
 * only, and leaves its revision alone: a shipment being made from the draft at that moment is
 * neither stopped nor followed by a stray new draft.
 */
export async function patchDraft(db: Db, userId: string, values: Partial<ShipmentDraft>): Promise<void> {
  await db
    .update(shipmentDrafts)
    .set({ data: sql`json_patch(${shipmentDrafts.data}, ${JSON.stringify(values)})` })
    .where(eq(shipmentDrafts.userId, userId));
}

/**
 * Saves the last step's fields into an existing draft and returns the whole of it, or null when
 * there is no draft (it has become a shipment already: a form sent twice).
 */
export async function completeDraft(
  db: Db,
  userId: string,
  { values, fallback, now = Date.now() }: { values: Partial<ShipmentDraft>; fallback: ShipmentDraft; now?: number },
): Promise<StoredDraft | null> {
  const row = await db
    .update(shipmentDrafts)
    .set({ data: sql`json_patch(${shipmentDrafts.data}, ${JSON.stringify(values)})`, updatedAt: now })
    .where(eq(shipmentDrafts.userId, userId))
    .returning()
    .get();
  if (!row) return null;
  return { values: parseStoredDraft(row.data, fallback), reached: clampStep(row.step), updatedAt: row.updatedAt };
}

/** Sends the customer back to an earlier step after the final check found a fault there. */
export async function rewindDraft(db: Db, userId: string, step: StepNumber): Promise<void> {
  await db.update(shipmentDrafts).set({ step }).where(eq(shipmentDrafts.userId, userId));
}

export async function discardDraft(db: Db, userId: string): Promise<void> {
  await db.delete(shipmentDrafts).where(eq(shipmentDrafts.userId, userId));
}

/**
 * Takes the draft out of the table as the shipment is made from it, provided nothing has
 * changed it since it was checked; so one draft never becomes two shipments.
 */
export async function claimDraft(db: Db, userId: string, updatedAt: number): Promise<boolean> {
  const claimed = await db
    .delete(shipmentDrafts)
    .where(and(eq(shipmentDrafts.userId, userId), eq(shipmentDrafts.updatedAt, updatedAt)))
    .returning({ userId: shipmentDrafts.userId });
  return claimed.length > 0;
}

/** Puts a claimed draft back when the shipment could not be stored. */
export async function restoreDraft(db: Db, userId: string, draft: StoredDraft): Promise<void> {
  await db
    .insert(shipmentDrafts)
    .values({ userId, step: draft.reached, data: JSON.stringify(draft.values), updatedAt: draft.updatedAt })
    .onConflictDoNothing();
}
