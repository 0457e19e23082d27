import { describe, expect, it } from "vitest";
import { DAY_MS, failingTooLong, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "./webhook-retries";

describe("webhook retries", () => {
  it("grow, and together last about three days", () => {
    for (let index = 1; index < RETRY_DELAYS_MS.length; index += 1) expect(RETRY_DELAYS_MS[index]).toBeGreaterThan(RETRY_DELAYS_MS[index - 1]!);
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(3 * DAY_MS);
    expect(total).toBeLessThan(3.5 * DAY_MS);
  });

  it("stop after the tenth attempt", () => {
    expect(MAX_ATTEMPTS).toBe(10);
    expect(retryDelayMs(1)).toBe(5000);
    expect(retryDelayMs(9)).toBe(DAY_MS);
    expect(retryDelayMs(10)).toBeNull();
    expect(retryDelayMs(0)).toBeNull();
  });

  it("disable an endpoint failing for three days, not one that recovered", () => {
    const now = 10 * DAY_MS;
    expect(failingTooLong(null, now)).toBe(false);
    expect(failingTooLong(now - 2 * DAY_MS, now)).toBe(false);
    expect(failingTooLong(now - 3 * DAY_MS, now)).toBe(true);
  });
});
