// Generated hostile requests for one action (fast-check arbitraries). Every case carries at
// least one element the app must refuse whatever the rest says, named in `hostility`: a wrong
// envelope (content type, size, host), a form shape the entry refuses (a control character, a
// field over the ceiling, a list index past its bound, a repeated structured name, a malformed
// name, too many fields, a broken Conform control), a record id that is not there, or (for a
// form the page renders) every visible field given a value its bounds or type rule out (one of
// them maybe sent twice), or no field at all where the form requires one. Hidden fields and the
// submit button keep the page's values in the last ones, so the request reaches the action's
// own checks; those cases are drawn most often.
import fc from "fast-check";
import { FIELD_CEILING, LIST_CEILING, MAX_FIELDS } from "~/.server/form-shape";
import { ruleFor } from "~/.server/request-limits";
import { LIMITS } from "~/features/shipments/shipment-steps";
import type { ActionRoute, FormControl, PageForm } from "./hostile-forms";

export type Role = "anonymous" | "customer" | "admin" | "courier";
export type Encoding =
  | "urlencoded"
  | "multipart"
  | "json"
  | "text/plain"
  | "none"
  | "multipart-without-boundary"
  | "application/xml";

export type HostileCase = {
  hostility: string;
  role: Role;
  /** Posted to `<path>.data`, as single fetch does with JavaScript on. */
  singleFetch: boolean;
  /** What a route parameter (`:id`) is: a real record, one that is not there, garbage, or another customer's (another courier's stop). */
  id: "seed" | "missing" | "garbage" | "other-customer";
  /** The form's action address (path and query) or, without a form, the route's. */
  target: string;
  fields: [string, string][];
  /** The body as sent, for a JSON body that is no object of fields. */
  rawBody?: string;
  encoding: Encoding;
  accept: string | null;
  headers: Record<string, string>;
};

const KB = 1024;
const BODY_CAP = 32 * KB;

const CONTROL_CHARACTERS = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u001b", "\u001f", "\u007f"];

/** Values no field takes as they are: stored, they would be wrong. */
function definiteValues(control: FormControl): string[] {
  const values: string[] = [];
  if (control.required) values.push("");
  const over = control.maxLength;
  if (over !== undefined && over < FIELD_CEILING) values.push("ab".repeat(over).slice(0, over + 1), "x".repeat(Math.min(over * 3, FIELD_CEILING)));
  switch (control.kind) {
    case "email":
      values.push("not-an-email", "a@", "@example.com", "a b@example.com", "a@b", `${"a".repeat(250)}@example.com`);
      break;
    case "number":
      values.push("NaN", "12abc", "--1", "one");
      if (control.max !== undefined) values.push(String(control.max + 1), String(control.max * 1000 + 1));
      if (control.min !== undefined) values.push(String(control.min - 1));
      break;
    case "date":
      values.push("2024-13-45", "31/12/2024", "not-a-date");
      break;
    case "tel":
      values.push("12", "1".repeat(40), "phone", "+");
      break;
    case "password":
      // At least 6 characters, at most 128.
      values.push("12345", `${"Pa1!".repeat(40)}`);
      break;
    case "select":
    case "radio":
      values.push("not-an-option", `${control.options.find(Boolean) ?? "x"}-not-listed`);
      break;
  }
  return values;
}

/** Hostile-looking values that a field might still take; only ever beside a definite one. */
const SOFT_VALUES = [
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "\u202egnp.exe",
  "😀".repeat(40),
  "   ",
  "null",
  "[object Object]",
  "-1",
  "9".repeat(40),
  "//evil.example/",
  "javascript:alert(1)",
];

function softValue(control: FormControl): fc.Arbitrary<string> {
  if (control.kind === "checkbox") return fc.constantFrom("yes", "off", "true", "1", "missing-record");
  return fc.constantFrom(...SOFT_VALUES);
}

function hostileValue(control: FormControl): fc.Arbitrary<string> {
  const definite = definiteValues(control);
  return definite.length > 0 ? fc.constantFrom(...definite) : softValue(control);
}

const isVisible = (control: FormControl) => control.kind !== "hidden";
const isStructured = (name: string) => /[.[]/.test(name);

/** The form's fields: hidden ones as the page set them (or hostile), visible ones hostile, and a submit button. */
function formFields(form: PageForm, { keepHidden, defaultButton }: { keepHidden: boolean; defaultButton: boolean }): fc.Arbitrary<[string, string][]> {
  const controls = form.controls.map((control) =>
    (control.kind === "hidden" && keepHidden ? fc.constant(control.value) : control.kind === "hidden" ? fc.constantFrom(control.value, ...SOFT_VALUES) : hostileValue(control)).map(
      (value): [string, string] => [control.name, value],
    ),
  );
  const button =
    form.buttons.length === 0
      ? fc.constant<[string, string][]>([])
      : defaultButton
        ? fc.constant<[string, string][]>([[form.buttons[0]!.name, form.buttons[0]!.value]])
        : fc.constantFrom(...form.buttons).map((chosen): [string, string][] => [[chosen.name, chosen.value]]);
  return fc.tuple(fc.tuple(...controls), button).map(([values, pressed]) => [...values, ...pressed]);
}

/** Fields any form might have, for an action no page renders a form for. */
const GENERIC_FIELDS: [string, string][] = [
  ["email", "not-an-email"],
  ["password", ""],
  ["intent", "next"],
  ["redirectTo", "/"],
  ["packages[0].weight", "NaN"],
];

/**
 * Names that give a field a shape no form of the app has (issue 22): a list or a group where a
 * single value belongs (`weight.x`, `weight[0]`, `weight[]`), or a single value where the
 * packages list or one of its packages belongs. The shipment form's step 3 once crashed on them.
 */
const SHAPE_SUFFIXES = [".x", "[0]", "[]", "[0].x", ".x[0]"];
const SHAPE_NAMES = [
  "packages",
  "packages[]",
  "packages[0]",
  ...["weight", "value"].flatMap((field) => [".x", "[0]", "[]"].map((suffix) => `packages[0].${field}${suffix}`)),
];

/** Line breaks, a tab and C1's next line: the entry lets them through (a message may hold lines), one-line fields must not. */
const LINE_BREAKS = ["\r\n", "\n", "\r", "\t", "\u0085", "\r\nBcc: probe@example.com"];

/** A one-line field a person types into: the fields that go into mail subjects, page titles, CSV cells. */
const isOneLineText = (control: FormControl) => ["text", "email", "tel"].includes(control.kind);

/** The form as the page rendered it (every control's value, its first button): what a browser sends untouched. */
function pageFields(form: PageForm): [string, string][] {
  const fields = form.controls.filter((control) => control.kind !== "checkbox" && control.kind !== "radio").map((control): [string, string] => [control.name, control.value]);
  const button = form.buttons[0];
  return button ? [...fields, [button.name, button.value]] : fields;
}

/** A value with a control character somewhere in it. */
const withControlCharacter = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 20 }))
  .map(([before, control, after]) => before + control + after);

function replaceOne(fields: [string, string][], index: number, value: string): [string, string][] {
  if (fields.length === 0) return [["note", value]];
  const at = index % fields.length;
  return fields.map(([name, old], position) => [name, position === at ? value : old]);
}

const listIndexName = fc.oneof(
  fc.integer({ min: LIMITS.packages, max: 1_000_000_000_000 }).map((index) => `packages[${index}].weight`),
  fc.constantFrom("packages[999999].weight", "packages[10000].weight", "packages.999999.weight", `packages[${LIMITS.packages}].description`),
  fc.integer({ min: LIST_CEILING, max: 100_000_000 }).map((index) => `items[${index}]`),
  fc.integer({ min: LIST_CEILING, max: 100_000 }).map((index) => `packages[0].tags[${index}]`),
);

const BAD_NAMES = ["a..b", "__proto__.polluted", "constructor.prototype.polluted", "x[", "x]", "[0]", ".x", "x[].y", "a.b.c.d.e.f.g", "n".repeat(250), ""];

const BAD_CONTROLS: [string, string][] = [
  ["__intent__", "not json"],
  ["__intent__", "{}"],
  ["__intent__", "null"],
  ["__intent__", "[]"],
  ["__intent__", JSON.stringify({ type: "insert", payload: { name: "email" } })],
  ["__intent__", JSON.stringify({ type: "update", payload: { name: "packages[999999]", value: "1" } })],
  ["__intent__", JSON.stringify({ type: "remove", payload: { name: "packages", index: 1e9 } })],
  ["__intent__", JSON.stringify({ type: "reorder", payload: { name: "packages", from: 0, to: 1e12 } })],
  ["__intent__", JSON.stringify({ type: "explode", payload: {} })],
  ["__state__", "{"],
];

/** JSON bodies no JSON endpoint takes: not JSON, not an object, or fields it must refuse. */
const BAD_JSON_BODIES = [
  "{",
  "[]",
  "null",
  '"text"',
  "42",
  JSON.stringify({ email: "not-an-email", name: "", message: "   ", adminName: "" }),
  JSON.stringify({ email: "a@b", message: "" }),
  JSON.stringify({ email: 5, message: { nested: true }, adminName: ["x"] }),
  '{"__proto__": {"polluted": true}, "message": ""}',
  JSON.stringify({ message: "m".repeat(20_000) }),
  `${"[".repeat(2_000)}${"]".repeat(2_000)}`,
];

const ACCEPT = fc.constantFrom<string | null>("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/json", "*/*", null);

/** Who sends an action's cases: a courier too (most often) for the courier's own actions. */
function rolesFor(route: ActionRoute): Role[] {
  return route.pattern.startsWith("/courier") ? ["anonymous", "customer", "admin", "courier", "courier", "courier"] : ["anonymous", "customer", "admin"];
}

/** The arbitrary of hostile cases for one action, from the forms its pages render (maybe none). */
export function hostileCases(route: ActionRoute, forms: PageForm[]): fc.Arbitrary<HostileCase> {
  type Filled = { chosen: PageForm | null; fields: [string, string][] };
  const anyFields: fc.Arbitrary<Filled> =
    forms.length > 0
      ? fc.constantFrom(...forms).chain((chosen) => formFields(chosen, { keepHidden: false, defaultButton: false }).map((fields): Filled => ({ chosen, fields })))
      : fc.constant<Filled>({ chosen: null, fields: GENERIC_FIELDS });
  const envelope = fc.record({
    role: fc.constantFrom<Role>(...rolesFor(route)),
    singleFetch: fc.integer({ min: 0, max: 2 }).map((draw) => draw === 0),
    accept: ACCEPT,
    encoding: fc.constantFrom<Encoding>("urlencoded", "urlencoded", "urlencoded", "multipart"),
  });
  const target = (chosen: PageForm | null) => chosen?.action ?? route.pattern;
  // What the route's address takes (app/.server/request-limits.ts): anything else is hostile.
  const accepts: readonly string[] = ruleFor(new URL(route.pattern, "https://parcel.test").pathname).accepts;
  const foreignTypes = (["json", "text/plain", "none", "multipart-without-boundary", "application/xml", "urlencoded"] as const).filter(
    (encoding) => !accepts.includes(encoding === "json" ? "application/json" : encoding === "urlencoded" ? "application/x-www-form-urlencoded" : encoding),
  );
  type Draft = Omit<HostileCase, "role" | "singleFetch" | "accept" | "encoding"> & Partial<Pick<HostileCase, "encoding">>;
  const plain = (hostility: string, draft: fc.Arbitrary<Omit<Draft, "hostility" | "id" | "headers"> & Partial<Draft>>) =>
    draft.map((made): Draft => ({ id: "seed", headers: {}, ...made, hostility }));

  const kinds: fc.WeightedArbitrary<Draft>[] = [
    plain(
      "content type",
      fc.tuple(anyFields, fc.constantFrom<Encoding>(...foreignTypes)).map(
        ([{ chosen, fields }, encoding]) => ({ target: target(chosen), fields, encoding }),
      ),
    ),
    plain(
      "forwarded host",
      anyFields.map(({ chosen, fields }) => ({ target: target(chosen), fields, headers: { "X-Forwarded-Host": "evil.example" } })),
    ),
    plain(
      "body over the cap",
      fc.tuple(anyFields, fc.integer({ min: 2, max: 8 })).map(([{ chosen, fields }, parts]) => ({
        target: target(chosen),
        fields: [...fields, ...Array.from({ length: parts }, (_, index): [string, string] => [`pad${index}`, "p".repeat(Math.ceil(BODY_CAP / parts) + 1)])],
      })),
    ),
    plain(
      "control character",
      fc.tuple(anyFields, fc.nat(), withControlCharacter, fc.boolean()).map(([{ chosen, fields }, index, value, inName]) => ({
        target: target(chosen),
        fields: inName ? [...fields, [`note${value}`, "x"] as [string, string]] : replaceOne(fields, index, value),
      })),
    ),
    plain(
      "field over the ceiling",
      fc.tuple(anyFields, fc.nat(), fc.integer({ min: FIELD_CEILING + 1, max: BODY_CAP - 2 * KB })).map(([{ chosen, fields }, index, length]) => ({
        target: target(chosen),
        fields: replaceOne(fields, index, "y".repeat(length)),
      })),
    ),
    plain(
      "list index past its bound",
      fc.tuple(anyFields, listIndexName).map(([{ chosen, fields }, name]) => ({ target: target(chosen), fields: [...fields, [name, "1"] as [string, string]] })),
    ),
    plain(
      "structured name repeated",
      fc.tuple(anyFields, fc.nat()).map(([{ chosen, fields }, index]) => {
        const structured = fields.filter(([name]) => isStructured(name) && !name.endsWith("[]"));
        const [name, value] = structured.length > 0 ? structured[index % structured.length]! : ["packages[0].weight", "1"];
        return { target: target(chosen), fields: [...fields, [name, value], [name, `${value}2`]] as [string, string][] };
      }),
    ),
    plain(
      "malformed field name",
      fc.tuple(anyFields, fc.constantFrom(...BAD_NAMES)).map(([{ chosen, fields }, name]) => ({ target: target(chosen), fields: [...fields, [name, "1"] as [string, string]] })),
    ),
    plain(
      "too many fields",
      fc.tuple(anyFields, fc.integer({ min: MAX_FIELDS + 1, max: MAX_FIELDS * 3 })).map(([{ chosen, fields }, count]) => ({
        target: target(chosen),
        fields: [...fields, ...Array.from({ length: count }, (_, index): [string, string] => [`f${index}`, ""])],
      })),
    ),
    plain(
      "broken Conform control",
      fc.tuple(anyFields, fc.constantFrom(...BAD_CONTROLS)).map(([{ chosen, fields }, control]) => ({ target: target(chosen), fields: [...fields, control] })),
    ),
  ].map((arbitrary) => ({ arbitrary, weight: 1 }));

  // Every visible field of a rendered form out of bounds or of the wrong type; the page's hidden
  // fields and default button as they are, so the request reaches the action's own checks.
  const checkable = forms.filter((candidate) => candidate.controls.some((control) => isVisible(control) && definiteValues(control).length > 0));
  if (checkable.length > 0) {
    const invalid = fc
      .constantFrom(...checkable)
      .chain((chosen) => formFields(chosen, { keepHidden: true, defaultButton: true }).map((fields) => ({ chosen, fields })));
    kinds.push({ arbitrary: plain("every visible field invalid", invalid.map(({ chosen, fields }) => ({ target: chosen.action, fields }))), weight: 8 });
    // ...and one of them sent twice, as a second value.
    kinds.push({
      arbitrary: plain(
        "every visible field invalid, one repeated",
        fc.tuple(invalid, fc.nat()).map(([{ chosen, fields }, index]) => {
          const visible = fields.filter(([name]) => chosen.controls.some((control) => control.name === name && isVisible(control)));
          const [name, value] = visible[index % visible.length]!;
          return { target: chosen.action, fields: [...fields, [name, `${value}x`] as [string, string]] };
        }),
      ),
      weight: 2,
    });
  }
  // A line break or a tab in a one-line field of a form otherwise as its page rendered it (a
  // settings form holds valid values), so it is that one character the action must refuse.
  const oneLine = forms.filter((candidate) => candidate.controls.some(isOneLineText));
  if (oneLine.length > 0) {
    kinds.push({
      arbitrary: plain(
        "line break in a one-line field",
        fc.tuple(fc.constantFrom(...oneLine), fc.nat(), fc.constantFrom(...LINE_BREAKS), fc.nat()).map(([chosen, index, breaking, at]) => {
          const fields = pageFields(chosen);
          const texts = chosen.controls.filter(isOneLineText);
          const field = texts[index % texts.length]!;
          const old = field.value.length >= 2 ? field.value : "Acme Parcel";
          // Inside the value: at either end it would be trimmed away, and the value taken as it was.
          const cut = 1 + (at % (old.length - 1));
          const value = `${old.slice(0, cut)}${breaking}${old.slice(cut)}`;
          return { target: chosen.action, fields: fields.map(([name, current]): [string, string] => [name, name === field.name ? value : current]) };
        }),
      ),
      weight: 3,
    });
  }
  // No field at all, where the page's form has a required one.
  const requiring = forms.filter((candidate) => candidate.controls.some((control) => isVisible(control) && control.required));
  if (requiring.length > 0) {
    kinds.push({ arbitrary: plain("empty body", fc.constantFrom(...requiring).map((chosen) => ({ target: chosen.action, fields: [] }))), weight: 1 });
  }
  // A JSON endpoint: a body it must refuse.
  if (accepts.includes("application/json")) {
    kinds.push({
      arbitrary: fc.constantFrom(...BAD_JSON_BODIES).map((rawBody): Draft => ({
        hostility: "JSON body refused",
        id: "seed",
        target: route.pattern,
        fields: [],
        rawBody,
        encoding: "json",
        headers: {},
      })),
      weight: 8,
    });
  }
  // A record that is not there (or, to a customer, someone else's), with the page's fields.
  if (route.params.length > 0) {
    kinds.push({
      arbitrary: fc
        .tuple(anyFields, fc.constantFrom<HostileCase["id"]>("missing", "garbage", "other-customer"))
        .map(([{ chosen, fields }, id]): Draft => ({ hostility: `record id: ${id}`, id, target: target(chosen), fields, headers: {} })),
      weight: 3,
    });
  }

  return fc.tuple(fc.oneof(...kinds), envelope).map(([draft, settings]): HostileCase => {
    // Another customer's record is no refusal for an admin, who may act on any record.
    const id = draft.id === "other-customer" && settings.role === "admin" ? "missing" : draft.id;
    return { ...settings, ...draft, id, encoding: draft.encoding ?? settings.encoding };
  });
}

/**
 * Every shape of SHAPE_SUFFIXES and SHAPE_NAMES once for one action (not drawn: each action gets
 * them all), each on the fields of one of its forms as the page rendered them, so that without
 * the entry's check the request would reach the action and the page it renders. The roles and
 * single fetch take turns.
 */
export function shapeCases(route: ActionRoute, forms: PageForm[]): HostileCase[] {
  const roles: Role[] = route.pattern.startsWith("/courier") ? ["courier", "customer", "admin", "anonymous"] : ["customer", "admin", "anonymous"];
  const shapes = [...SHAPE_SUFFIXES.map((suffix) => ({ suffix })), ...SHAPE_NAMES.map((name) => ({ name }))];
  return shapes.map((shape, turn): HostileCase => {
    const chosen = forms.length > 0 ? forms[turn % forms.length]! : null;
    const fields = chosen ? pageFields(chosen) : GENERIC_FIELDS;
    const named = fields.filter(([name]) => name !== "__intent__");
    const [original, value] = named.length > 0 ? named[turn % named.length]! : ["packages[0].weight", "1"];
    const reshaped = "name" in shape ? shape.name : `${original}${shape.suffix}`;
    // Half of them in place of the field, half beside it.
    const kept = turn % 2 === 0 ? fields.filter(([name]) => name !== original) : fields;
    return {
      hostility: `field shape: ${reshaped}`,
      role: roles[turn % roles.length]!,
      singleFetch: turn % 4 === 3,
      id: "seed",
      target: chosen?.action ?? route.pattern,
      fields: [...kept, [reshaped, value || "1"]],
      encoding: turn % 5 === 4 ? "multipart" : "urlencoded",
      accept: null,
      headers: {},
    };
  });
}
