import { describe, expect, it } from "vitest";
import { signInDelayMs, tryAgainIn } from "./waiting";

const MINUTE = 60_000;

describe("signInDelayMs", () => {
  it("lets the first failures through, then waits 1, 2, 4 ... minutes, never more than an hour", () => {
    const free = 10;
    expect([1, 5, 9].map((failures) => signInDelayMs(failures, free))).toEqual([0, 0, 0]);
    expect([10, 11, 12, 13, 14, 15].map((failures) => signInDelayMs(failures, free) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32]);
    expect([16, 17, 1000].map((failures) => signInDelayMs(failures, free) / MINUTE)).toEqual([60, 60, 60]);
  });

  it("follows the configured number of free failures", () => {
    expect(signInDelayMs(2, 3)).toBe(0);
    expect(signInDelayMs(3, 3)).toBe(MINUTE);
    expect(signInDelayMs(100_000, 100_000)).toBe(MINUTE);
  });
});

describe("tryAgainIn", () => {
  it("rounds up to whole minutes, and to hours from an hour on", () => {
    expect(tryAgainIn(1)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(60)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(61)).toBe("Please try again in 2 minutes.");
    expect(tryAgainIn(59 * 60)).toBe("Please try again in 59 minutes.");
    expect(tryAgainIn(3600)).toBe("Please try again in 1 hour.");
    expect(tryAgainIn(3 * 3600 - 5)).toBe("Please try again in 3 hours.");
  });
});
