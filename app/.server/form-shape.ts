// The shape of a submitted form, checked by the worker entry before any route reads it.
// Conform builds nested values from field names (`packages[3].weight`): an index of 999999
// makes an array a million long, a repeated structured name turns a value into a list where
// a string was expected, and `packages[0].weight.x` (or `[0]`, `[]`) turns a value into an
// object or a list that the page then renders with the form's errors (a 500: the page reads a
// value as text). These checks refuse such a form with a 400 and a message before Conform
// allocates anything or any page renders. Each field's own cap is its schema's; the ceilings
// here only bound what any form may carry.
//
// The shapes are the app's, for every form at once: each field is one value (a plain name, which
// may repeat for a group of checkboxes), except the lists of groups in LIST_LIMITS, whose items
// are `list[n].field`. A form that needs another shape adds its list there.
import { LIMITS } from "~/features/shipments/shipment-steps";

/** The lists of groups a form may carry (`packages[n].weight`), by field name, and how many items each may hold. */
export const LIST_LIMITS: Readonly<Record<string, { max: number; message: string }>> = {
  packages: { max: LIMITS.packages, message: `A shipment can hold at most ${LIMITS.packages} packages` },
};
/** Positions a Conform list intent may name at most (LIST_CEILING - 1), whatever the list. */
export const LIST_CEILING = 50;
export const MAX_FIELDS = 300;
/** Characters in one field's value; the schemas cap each field far below this. */
export const FIELD_CEILING = 10_000;
export const NAME_CEILING = 200;
/** Segments in one field name: `packages[0].weight` has three. */
export const DEPTH_CEILING = 6;

/** Conform's reserved controls: a list or validation intent, and its form state (both JSON). */
const CONFORM_INTENT = "__intent__";
const CONFORM_STATE = "__state__";
const INTENT_TYPES = new Set(["validate", "update", "reset", "insert", "remove", "reorder"]);
const LIST_INTENTS = new Set(["insert", "remove", "reorder"]);
/** C0 controls but tab, line feed and carriage return, and DEL: no one types them into a form. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Segments that would reach an object's prototype. */
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

type Segment = string | number;

/**
 * `name` as Conform reads it (keys, `[n]` indices, `[]` at the end), or null when Conform
 * would refuse it. A key of digits only (`packages.7`) counts as an index: on a list it is one.
 */
export function fieldPath(name: string): Segment[] | null {
  if (name === "" || name.length > NAME_CEILING) return null;
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: Segment[] = [];
  let end = 0;
  for (let match = token.exec(name); match; match = token.exec(name)) {
    const separated = match.index === end || (match.index === end + 1 && name[end] === "." && end > 0);
    if (!separated) return null;
    const [, key, index] = match;
    if (key !== undefined) segments.push(/^\d+$/.test(key) ? Number(key) : key);
    else segments.push(index === "" ? "" : Number(index));
    end = token.lastIndex;
  }
  if (end !== name.length) return null;
  // `[]` (append) only at the end, as Conform allows.
  if (segments.some((segment, position) => segment === "" && position < segments.length - 1)) return null;
  return segments;
}

/** The refusals of a name whose shape is not the form's. */
export function notOneValue(name: string): string {
  return `The field "${name}" does not fit the form: it makes a list or a group of what is a single value.`;
}
export function notAList(name: string): string {
  return `The field "${name}" does not fit the form: it makes a single value of what is a list.`;
}

/** Where a name (or an intent's target) lands: a single value, a list of groups, or one group of it. */
type Target = { kind: "value" } | { kind: "list"; list: string } | { kind: "group"; list: string };

/**
 * Where `name` lands among the app's shapes, or why it cannot be taken. With `partial`, a name
 * may stop at a list or one of its groups (what a Conform intent may name); a field may not.
 */
function locate(name: string, partial: boolean): Target | string {
  if (name.length > NAME_CEILING) return `A field name is longer than ${NAME_CEILING} characters.`;
  const path = fieldPath(name);
  if (!path) return `The field name "${name}" is not valid.`;
  if (path.length > DEPTH_CEILING) return `The field name "${name}" is nested too deeply.`;
  const [first, ...rest] = path;
  if (typeof first !== "string" || first === "") return `The field name "${name}" is not valid.`;
  if (path.some((segment) => typeof segment === "string" && FORBIDDEN_SEGMENTS.has(segment))) return `The field name "${name}" is not valid.`;
  const limit = LIST_LIMITS[first];
  if (!limit) return rest.length === 0 ? { kind: "value" } : notOneValue(name);
  // A list of groups: `list[n].field`, n within the list's bound.
  const [index, field, ...deeper] = rest;
  if (index === undefined) return partial ? { kind: "list", list: first } : notAList(name);
  if (typeof index === "number" && (!Number.isSafeInteger(index) || index >= limit.max)) return `${limit.message} (the form sent "${name}").`;
  if (typeof index !== "number") return notAList(name);
  if (field === undefined) return partial ? { kind: "group", list: first } : notAList(name);
  if (typeof field !== "string" || field === "" || deeper.length > 0) return notOneValue(name);
  return { kind: "value" };
}

/** Why `name` cannot be taken as a field, or null when it can. */
function nameProblem(name: string): string | null {
  const target = locate(name, false);
  return typeof target === "string" ? target : null;
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar => value === null || ["string", "number", "boolean"].includes(typeof value);
const isGroup = (value: unknown) => isRecord(value) && Object.values(value).every(isScalar);

/** Whether an intent's value (an update's, an insert's default) has the shape of what it names. */
function fitsTarget(value: unknown, target: Target): boolean {
  if (value === undefined) return true;
  if (target.kind === "value") return isScalar(value);
  if (target.kind === "group") return isGroup(value);
  return Array.isArray(value) && value.length <= LIST_LIMITS[target.list]!.max && value.every(isGroup);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isListPosition(value: unknown): boolean {
  return value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < LIST_CEILING);
}

/**
 * Conform's intent control names a field and positions in a list; it must be JSON that
 * Conform can apply without throwing, within the same bounds as the fields.
 */
function intentProblem(serialized: string, names: readonly string[]): string | null {
  const invalid = "The form's control value is not valid.";
  let intent: unknown;
  try {
    intent = JSON.parse(serialized);
  } catch {
    return invalid;
  }
  if (!isRecord(intent) || typeof intent.type !== "string" || !INTENT_TYPES.has(intent.type) || !isRecord(intent.payload)) {
    return invalid;
  }
  const { name, index, from, to } = intent.payload;
  if (!isListPosition(index) || !isListPosition(from) || !isListPosition(to)) return invalid;
  if (name === undefined || name === "") {
    // Only a whole-form check or reset may leave the name out.
    return intent.type === "validate" || intent.type === "reset" ? null : invalid;
  }
  if (typeof name !== "string") return invalid;
  const target = locate(name, true);
  if (typeof target === "string") return target;
  if (typeof index === "number") {
    // A position names an item of a list of groups, within its bound.
    if (target.kind !== "list") return invalid;
    const limit = LIST_LIMITS[target.list]!;
    if (index >= limit.max) return `${limit.message} (the form sent "${name}[${index}]").`;
  }
  const item: Target = typeof index === "number" && target.kind === "list" ? { kind: "group", list: target.list } : target;
  // Conform puts an update's value (an insert's default) where the intent names: it must be what is there.
  if (intent.type === "update" && !fitsTarget(intent.payload.value, item)) return invalid;
  if (intent.type === "insert" && !fitsTarget(intent.payload.defaultValue, target.kind === "list" ? { kind: "group", list: target.list } : target)) return invalid;
  if (LIST_INTENTS.has(intent.type)) {
    if (target.kind !== "list") return invalid;
    // The list must be absent or a list: no field may sit at its name, or below it by key.
    const list = fieldPath(name)!;
    const clashes = names.some((field) => {
      const path = fieldPath(field);
      if (!path || path.length < list.length || !list.every((segment, position) => segment === path[position])) return false;
      return path.length === list.length || typeof path[list.length] !== "number";
    });
    if (clashes) return invalid;
  }
  return null;
}

/**
 * Why a submitted form cannot be taken (a message for a 400), or null when its shape is fine.
 * Runs in one pass over the entries with no allocation beyond a set of the names seen.
 */
export function formShapeProblem(entries: Iterable<[string, FormDataEntryValue]>, { files = 0 }: { files?: number } = {}): string | null {
  const seen = new Set<string>();
  const names: string[] = [];
  let count = 0;
  let fileCount = 0;
  let intent: string | null = null;
  for (const [name, value] of entries) {
    count += 1;
    if (count > MAX_FIELDS) return `The form has more than ${MAX_FIELDS} fields.`;
    if (typeof value !== "string") {
      // A form that takes a file (an import's upload) takes that many, each under a plain name.
      fileCount += 1;
      if (fileCount > files) return files === 0 ? "This form takes no files." : `This form takes at most ${files} file${files === 1 ? "" : "s"}.`;
      const problem = nameProblem(name);
      if (problem) return problem;
      continue;
    }
    if (CONTROL_CHARACTER.test(name)) return "A field name contains a control character.";
    if (CONTROL_CHARACTER.test(value)) return `The field "${name.slice(0, NAME_CEILING)}" contains a control character.`;
    if (value.length > FIELD_CEILING) {
      return `The field "${name.slice(0, NAME_CEILING)}" is longer than ${FIELD_CEILING.toLocaleString("en-US")} characters.`;
    }
    if (name === CONFORM_INTENT || name === CONFORM_STATE) {
      if (seen.has(name)) return `The field "${name}" was sent more than once.`;
      seen.add(name);
      if (name === CONFORM_INTENT) intent = value;
      else if (!isValidJson(value)) return "The form's state is not valid.";
      continue;
    }
    const problem = nameProblem(name);
    if (problem) return problem;
    names.push(name);
    if (/[.[]/.test(name)) {
      // A plain name may repeat (a group of checkboxes); a structured one names one value.
      if (seen.has(name)) return `The field "${name}" was sent more than once.`;
      seen.add(name);
    }
  }
  return intent === null ? null : intentProblem(intent, names);
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
