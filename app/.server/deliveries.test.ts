import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./deliveries";

describe("retryDelaySeconds", () => {
  it("doubles the wait after each failed attempt, up to an hour", () => {
    expect([1, 2, 3, 4, 12, 13, 20].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 2048, 3600, 3600]);
  });

  it("waits 68 minutes in all over the 12 retries wrangler.toml allows", () => {
    const total = Array.from({ length: 12 }, (_, index) => retryDelaySeconds(index + 1)).reduce((sum, seconds) => sum + seconds, 0);
    expect(total).toBe(4095);
  });
});
