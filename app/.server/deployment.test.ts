import { describe, expect, it } from "vitest";
import { assertDeployable, deploymentProblems, DEVELOPMENT_SECRET, MIN_SECRET_LENGTH, sessionSecretProblem } from "./deployment";

/** wrangler.toml's [env.production] vars with a secret put in, as `wrangler deploy --env production` runs them. */
const production = {
  ENVIRONMENT: "production",
  DEMO_MODE: "false",
  SESSION_SECRET: "rW3q9v2G7kLx0pT5nZ8bYc4dHs6mJf1A",
  PUBLIC_ORIGIN: "https://parcels.example.com",
};

describe("the settings a worker starts with", () => {
  it("lets local development run the demo with the public secret", () => {
    expect(deploymentProblems({ ENVIRONMENT: "development", DEMO_MODE: "true", SESSION_SECRET: DEVELOPMENT_SECRET, PUBLIC_ORIGIN: "" })).toEqual([]);
  });

  it("lets production start with its own secret, demo mode off and its address", () => {
    expect(deploymentProblems(production)).toEqual([]);
    expect(() => assertDeployable(production)).not.toThrow();
  });

  it("refuses production with a missing or default secret", () => {
    const { SESSION_SECRET: _secret, ...withoutSecret } = production;
    expect(() => assertDeployable(withoutSecret)).toThrow(
      'The worker refuses to start in the "production" environment: SESSION_SECRET is not set (wrangler secret put SESSION_SECRET --env production).',
    );
    expect(() => assertDeployable({ ...production, SESSION_SECRET: "" })).toThrow("SESSION_SECRET is not set");
    expect(() => assertDeployable({ ...production, SESSION_SECRET: DEVELOPMENT_SECRET })).toThrow(
      "SESSION_SECRET is the public development default.",
    );
    expect(() => assertDeployable({ ...production, SESSION_SECRET: "short" })).toThrow("shorter than 32 characters");
  });

  it("refuses a secret under 32 characters, counted without the whitespace around it", () => {
    expect(sessionSecretProblem("a".repeat(MIN_SECRET_LENGTH - 1))).toContain("shorter than 32 characters");
    expect(sessionSecretProblem(` ${"k".repeat(MIN_SECRET_LENGTH - 2)} `)).toContain("shorter than 32 characters");
    expect(sessionSecretProblem(`${"k".repeat(MIN_SECRET_LENGTH - 1)}\n`)).toContain("shorter than 32 characters");
    expect(sessionSecretProblem(production.SESSION_SECRET)).toBeNull();
    expect(sessionSecretProblem(`${production.SESSION_SECRET}\n`)).toBeNull();
  });

  it("refuses an all-whitespace secret, whatever its length", () => {
    for (const secret of [" ".repeat(32), " ".repeat(64), "\t".repeat(40), " \n\r\t".repeat(10), "\u00a0".repeat(40)]) {
      expect(sessionSecretProblem(secret), JSON.stringify(secret)).toBe("SESSION_SECRET is only whitespace.");
      expect(() => assertDeployable({ ...production, SESSION_SECRET: secret })).toThrow("SESSION_SECRET is only whitespace.");
    }
  });

  it("refuses any secret that holds the development default, with characters added or its case changed", () => {
    for (const secret of [
      `${DEVELOPMENT_SECRET}-prod`,
      `x${DEVELOPMENT_SECRET}`,
      `prefix-${DEVELOPMENT_SECRET}-and-a-long-enough-suffix`,
      `  ${DEVELOPMENT_SECRET}  `,
      DEVELOPMENT_SECRET.toUpperCase(),
      `${DEVELOPMENT_SECRET.toUpperCase()}!!`,
    ]) {
      expect(sessionSecretProblem(secret), secret).toBe("SESSION_SECRET is the public development default.");
      expect(() => assertDeployable({ ...production, SESSION_SECRET: secret }), secret).toThrow("SESSION_SECRET is the public development default.");
    }
  });

  it("refuses production with demo mode on or without its https address", () => {
    expect(() => assertDeployable({ ...production, DEMO_MODE: "true" })).toThrow('DEMO_MODE is "true"');
    expect(() => assertDeployable({ ...production, BENCH: "true" })).toThrow('BENCH is "true"');
    for (const origin of ["", "parcels.example.com", "http://parcels.example.com", "https://parcels.example.com/app"]) {
      expect(() => assertDeployable({ ...production, PUBLIC_ORIGIN: origin }), origin).toThrow("PUBLIC_ORIGIN");
    }
  });

  it("refuses a provider key without a From address, and starts without a key (mail stays in the outbox)", () => {
    expect(() => assertDeployable({ ...production, RESEND_API_KEY: "re_live", MAIL_FROM: " " })).toThrow("RESEND_API_KEY is set but MAIL_FROM is not");
    expect(deploymentProblems({ ...production, RESEND_API_KEY: "re_live", MAIL_FROM: "SwiftParcel <mail@parcels.example.com>" })).toEqual([]);
    expect(deploymentProblems({ ...production, MAIL_FROM: "" })).toEqual([]);
  });

  it("treats any environment not marked as development as production, a missing marker included", () => {
    const { ENVIRONMENT: _marker, ...unmarked } = production;
    expect(() => assertDeployable({ ...unmarked, SESSION_SECRET: DEVELOPMENT_SECRET })).toThrow(
      "The worker refuses to start in an environment without ENVIRONMENT: SESSION_SECRET is the public development default.",
    );
    expect(deploymentProblems({ ...production, ENVIRONMENT: "staging", SESSION_SECRET: DEVELOPMENT_SECRET, DEMO_MODE: "true" })).toHaveLength(2);
  });
});
