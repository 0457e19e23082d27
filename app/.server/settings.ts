import { eq } from "drizzle-orm";
import { settings } from "../../drizzle/schema";
import type { Db } from "./db";

export type Settings = typeof settings.$inferSelect;

/** The operator settings row, written by the first migrations and edited by admins. */
export async function getSettings(db: Db): Promise<Settings> {
  const row = await db.select().from(settings).where(eq(settings.id, 1)).get();
  if (!row) throw new Error("The settings row is missing: run the migrations (npm run db:migrate)");
  return row;
}
