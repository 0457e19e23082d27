import { describe, expect, it } from "vitest";
import { translator } from "~/features/languages/i18n.server";
import { signInDelayMs, tryAgainIn, waitOf } from "./waiting";

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
  const [en, es, fr] = (["en", "es", "fr"] as const).map((language) => translator(language, "messages"));

  it("rounds up to whole minutes, and to hours from an hour on", () => {
    expect(waitOf(1)).toEqual({ count: 1, unit: "minutes" });
    expect(waitOf(59 * 60 + 1)).toEqual({ count: 1, unit: "hours" });
    expect(tryAgainIn(1, en!)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(60, en!)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(61, en!)).toBe("Please try again in 2 minutes.");
    expect(tryAgainIn(59 * 60, en!)).toBe("Please try again in 59 minutes.");
    expect(tryAgainIn(3600, en!)).toBe("Please try again in 1 hour.");
    expect(tryAgainIn(3 * 3600 - 5, en!)).toBe("Please try again in 3 hours.");
  });

  it("says the wait in Spanish and French, singular and plural", () => {
    expect(tryAgainIn(30, es!)).toBe("Vuelve a intentarlo dentro de 1 minuto.");
    expect(tryAgainIn(5 * 60, es!)).toBe("Vuelve a intentarlo dentro de 5 minutos.");
    expect(tryAgainIn(3600, es!)).toBe("Vuelve a intentarlo dentro de 1 hora.");
    expect(tryAgainIn(2 * 3600, es!)).toBe("Vuelve a intentarlo dentro de 2 horas.");
    expect(tryAgainIn(60, fr!)).toBe("Veuillez réessayer dans 1 minute.");
    expect(tryAgainIn(45 * 60, fr!)).toBe("Veuillez réessayer dans 45 minutes.");
    expect(tryAgainIn(3600, fr!)).toBe("Veuillez réessayer dans 1 heure.");
    expect(tryAgainIn(5 * 3600, fr!)).toBe("Veuillez réessayer dans 5 heures.");
  });
});
