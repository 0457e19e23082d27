import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { confirmationMatches, forIntent, isGiven, knownIntent, withCrossFieldRules, withDefaultIntent } from "./form-rules";

const Fields = z.object({
  name: z.string({ required_error: "Name is required" }),
  terms: z.boolean({ required_error: "Tick the box" }),
  password: z.string({ required_error: "Password is required" }),
  confirm: z.string().optional(),
});
const matches = confirmationMatches("password", "confirm", "Passwords do not match");

function errorsOf(schema: z.ZodTypeAny, fields: Record<string, string>) {
  const submission = parseWithZod(new URLSearchParams(fields), { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("cross-field rules", () => {
  const sent = { password: "one", confirm: "two" };

  it("are skipped by zod's own superRefine once a field is missing (why this module exists)", () => {
    const refined = Fields.superRefine((values, ctx) => matches(values, ctx));
    expect(errorsOf(refined, sent)).toEqual({ name: ["Name is required"], terms: ["Tick the box"] });
  });

  it("run beside the fields' own rules, so one answer names every fault", () => {
    expect(errorsOf(withCrossFieldRules(Fields, matches), sent)).toEqual({
      name: ["Name is required"],
      terms: ["Tick the box"],
      confirm: ["Passwords do not match"],
    });
    expect(errorsOf(withCrossFieldRules(Fields, matches), { name: "A", terms: "on", password: "one", confirm: "one" })).toEqual({});
  });

  it("wait for the confirmation to be typed", () => {
    expect(errorsOf(withCrossFieldRules(Fields, matches), { name: "A", terms: "on", password: "one", confirm: "" })).toEqual({});
  });

  it("apply to the one form whose intent they name", () => {
    const schema = withCrossFieldRules(z.object({ intent: z.string() }).passthrough(), forIntent("password", matches));
    expect(errorsOf(schema, { intent: "profile", ...sent })).toEqual({});
    expect(errorsOf(schema, { intent: "password", ...sent })).toEqual({ confirm: ["Passwords do not match"] });
  });

  it("read typed values from callers other than a form", () => {
    const result = withCrossFieldRules(Fields, matches).safeParse({ name: "A", terms: true, password: "one", confirm: "two" });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["confirm", "Passwords do not match"],
    ]);
  });
});

describe("default intent", () => {
  it("is filled in only when none was sent", () => {
    const schema = withDefaultIntent("sign-in", z.object({ intent: z.enum(["sign-in", "demo"]) }));
    expect(schema.parse({})).toEqual({ intent: "sign-in" });
    expect(schema.parse({ intent: "demo" })).toEqual({ intent: "demo" });
  });
});

describe("known intent", () => {
  const Page = withCrossFieldRules(
    z.discriminatedUnion("intent", [z.object({ intent: z.literal("start"), email: z.string() }), z.object({ intent: z.literal("new") })]),
    knownIntent(["start", "new"], "Use a button"),
  );

  it("names a missing or unknown intent for the whole form", () => {
    expect(errorsOf(Page, {})).toMatchObject({ "": ["Use a button"] });
    expect(errorsOf(Page, { intent: "bogus", email: "a@b.co" })).toMatchObject({ "": ["Use a button"] });
    expect(errorsOf(Page, { intent: "new" })).toEqual({});
    expect(Object.keys(errorsOf(Page, { intent: "start" }) ?? {})).toEqual(["email"]);
  });
});

describe("isGiven", () => {
  it("counts empty and absent fields as not given, zero and false as given", () => {
    expect([undefined, null, ""].map(isGiven)).toEqual([false, false, false]);
    expect([0, false, " ", "x"].map(isGiven)).toEqual([true, true, true, true]);
  });
});
