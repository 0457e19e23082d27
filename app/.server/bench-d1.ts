// Bench mode only (the BENCH var is "true"; never in wrangler.toml): a thin wrapper around the
// D1 binding that counts what one request sends, so `npm run bench` reports measured D1 round
// trips and writes per page view instead of estimates. The worker entry puts the counts on the
// response as X-Bench-D1-Queries, X-Bench-D1-Writes and X-Bench-D1-Steps.

import { isWrite, watchD1 } from "./d1-watch";

export type D1Counts = {
  queries: number;
  writes: number;
  /**
   * The sequential round trips: a call that starts while no other is in flight opens a new
   * step, one that starts while another is in flight shares its step. What a far-away reader
   * waits for is this many round trips, however many calls each step holds.
   */
  steps?: number;
  /**
   * Milliseconds each call waits before it reaches D1, as a far-away primary would make it:
   * calls the code sends together overlap then, whatever the local machine's speed, so `steps`
   * counts what the code waits for in series and not how fast local D1 answered.
   */
  latencyMs?: number;
  /** When given, every statement sent, with its parameters (the query-plan tests read them). */
  statements?: { sql: string; params: unknown[] }[];
};

/** Calls of each counted request now in flight. */
const inFlight = new WeakMap<D1Counts, number>();

/** Runs one round trip of `counts`'s request, opening a new step when none is in flight. */
async function roundTrip<T>(counts: D1Counts, send: () => Promise<T>): Promise<T> {
  const running = inFlight.get(counts) ?? 0;
  if (running === 0) counts.steps = (counts.steps ?? 0) + 1;
  inFlight.set(counts, running + 1);
  try {
    if (counts.latencyMs) await new Promise((resolve) => setTimeout(resolve, counts.latencyMs));
    return await send();
  } finally {
    inFlight.set(counts, (inFlight.get(counts) ?? 1) - 1);
  }
}

/** `db` with every round trip (a statement or a batch), every write statement and the steps counted into `counts`. */
export function countingD1(db: D1Database, counts: D1Counts): D1Database {
  return watchD1(db, (sent, send) => {
    counts.queries += 1;
    counts.writes += sent.filter(({ sql }) => isWrite(sql)).length;
    counts.statements?.push(...sent);
    return roundTrip(counts, send);
  });
}
