// The shape of a submitted form, checked by the worker entry before any route reads it.
// Conform builds nested values from field names (`packages[3].weight`): an index of 999999
// makes an array a million long, and a repeated structured name turns a value into a list
// where a string was expected. These checks refuse such a form with a 400 and a message
// before Conform allocates anything. Each field's own cap is its schema's; the ceilings here
// only bound what any form may carry.
import { LIMITS } from "~/features/shipments/shipment-steps";

/** Lists a form may carry, by field name, and how many items each may hold. */
export const LIST_LIMITS: Readonly<Record<string, { max: number; message: string }>> = {
  packages: { max: LIMITS.packages, message: `A shipment can hold at most ${LIMITS.packages} packages` },
};
/** Any other list: `name[n]` with n at most LIST_CEILING - 1. */
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

/** Why `name` cannot be taken, or null when it can. */
function nameProblem(name: string): string | null {
  if (name.length > NAME_CEILING) return `A field name is longer than ${NAME_CEILING} characters.`;
  const path = fieldPath(name);
  if (!path) return `The field name "${name}" is not valid.`;
  if (path.length > DEPTH_CEILING) return `The field name "${name}" is nested too deeply.`;
  if (typeof path[0] !== "string" || path[0] === "") return `The field name "${name}" is not valid.`;
  for (const [position, segment] of path.entries()) {
    if (typeof segment === "string" && FORBIDDEN_SEGMENTS.has(segment)) return `The field name "${name}" is not valid.`;
    if (typeof segment !== "number") continue;
    const list = path[position - 1];
    const limit = typeof list === "string" ? LIST_LIMITS[list] : undefined;
    const max = limit?.max ?? LIST_CEILING;
    if (!Number.isSafeInteger(segment) || segment >= max) {
      return `${limit?.message ?? `A list can hold at most ${LIST_CEILING} items`} (the form sent "${name}").`;
    }
  }
  return null;
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
  const problem = nameProblem(typeof index === "number" ? `${name}[${index}]` : name);
  if (problem) return problem;
  if (LIST_INTENTS.has(intent.type)) {
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
export function formShapeProblem(entries: Iterable<[string, FormDataEntryValue]>): string | null {
  const seen = new Set<string>();
  const appended = new Map<string, number>();
  const names: string[] = [];
  let count = 0;
  let intent: string | null = null;
  for (const [name, value] of entries) {
    count += 1;
    if (count > MAX_FIELDS) return `The form has more than ${MAX_FIELDS} fields.`;
    if (typeof value !== "string") return "This form takes no files.";
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
    if (name.endsWith("[]")) {
      const items = (appended.get(name) ?? 0) + 1;
      if (items > LIST_CEILING) return `A list can hold at most ${LIST_CEILING} items (the form sent "${name}" more often).`;
      appended.set(name, items);
    } else if (/[.[]/.test(name)) {
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
