import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema";

/** A Drizzle client over the request's D1 binding (bindings arrive per request on Workers). */
export function getDb(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof getDb>;
