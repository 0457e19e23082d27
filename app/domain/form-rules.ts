// Rules that compare fields ('Passwords do not match', dimensions when the type is package)
// and run alongside each field's own rules, so that one answer lists every error. zod runs an
// object's refine/superRefine only once no field has failed its type, and an empty required
// field or an unticked box does fail it: such a rule would stay silent until everything else
// passed. A rule given here reads the fields as they were sent, before the schema checks them.
import { z } from "zod";

/** The fields as sent: strings from a form (Conform's payload), typed values from a JSON caller. */
export type SentFields = Readonly<Record<string, unknown>>;
export type CrossFieldRule = (fields: SentFields, ctx: z.RefinementCtx) => void;

/**
 * Runs `transform` on the input before `schema`; unlike z.preprocess, the result keeps the
 * schema's input type, which Conform's useForm reads the field names from.
 */
function before<T extends z.ZodTypeAny>(schema: T, transform: (input: unknown, ctx: z.RefinementCtx) => unknown): z.ZodEffects<T> {
  return new z.ZodEffects({ schema, typeName: z.ZodFirstPartyTypeKind.ZodEffects, effect: { type: "preprocess", transform } });
}

/** `schema` plus `rules`, which run whatever the fields' own checks find. */
export function withCrossFieldRules<T extends z.ZodTypeAny>(schema: T, ...rules: CrossFieldRule[]): z.ZodEffects<T> {
  return before(schema, (input, ctx) => {
    const fields: SentFields = typeof input === "object" && input !== null ? (input as SentFields) : {};
    for (const rule of rules) rule(fields, ctx);
    return input;
  });
}

/**
 * A submission without `intent` (sent by a script, or by Enter in a form whose default button
 * has none) counts as sent with `intent`.
 */
export function withDefaultIntent<T extends z.ZodTypeAny>(intent: string, schema: T): z.ZodEffects<T> {
  return before(schema, (input) =>
    typeof input === "object" && input !== null && (input as SentFields).intent === undefined ? { ...input, intent } : input,
  );
}

/**
 * The button's `intent` must be one of `intents`: otherwise `message` for the form as a whole
 * (shown above it), since no field the reader sees is at fault.
 */
export function knownIntent(intents: readonly string[], message: string): CrossFieldRule {
  return (fields, ctx) => {
    if (!intents.includes(fields.intent as string)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message });
  };
}

/** A field counts as given unless absent or empty: a form sends "" for an empty input. */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** `rule` for the submissions of one intent only, on pages with several forms. */
export function forIntent(intent: string, rule: CrossFieldRule): CrossFieldRule {
  return (fields, ctx) => {
    if (fields.intent === intent) rule(fields, ctx);
  };
}

/** The confirmation, once typed, must equal the field it confirms. */
export function confirmationMatches(field: string, confirmation: string, message: string): CrossFieldRule {
  return (fields, ctx) => {
    if (isGiven(fields[confirmation]) && fields[confirmation] !== fields[field]) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [confirmation], message });
    }
  };
}
