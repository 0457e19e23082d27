// API keys as people see them: the key's format, its visible prefix, its scopes and the form
// that names a new one. Pure rules; the server side is api-keys.server.ts.
import { z } from "zod";
import { MAX_LENGTH } from "~/domain/field-limits";
import { requiredText } from "~/domain/form-fields";
import { tk } from "~/features/languages/languages";

/** Where the API is served. */
export const API_BASE = "/api/v1";

/** wrangler.toml's `[[ratelimits]] API_LIMITER`: calls per key per 60 seconds. */
export const API_CALLS_PER_MINUTE = 120;

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const KEY_PREFIX = "sp_live_";
/** Characters of the key after KEY_PREFIX that lists show, so a person can tell keys apart. */
const VISIBLE_CHARACTERS = 8;
/** A key's secret part: 32 random bytes, base64url (43 characters). */
const SECRET_PATTERN = /^sp_live_[A-Za-z0-9_-]{43}$/;

/** What a key may do: read, create and cancel (write), post status and location updates (status). */
export const SCOPES = ["read", "write", "status"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_LABELS: Record<Scope, string> = {
  read: tk("Read: tracking, quotes, shipments, documents, invoices"),
  write: tk("Write: create, import and cancel shipments"),
  status: tk("Status updates: set a shipment's status and location"),
};

/** A customer's key reads and writes their own shipments; status updates are the back office's. */
export const CUSTOMER_SCOPES: readonly Scope[] = ["read", "write"];

/** At most this many keys an account (or the service keys together) may have that are not revoked. */
export const MAX_ACTIVE_KEYS = 20;

export const KEY_NAME_MAX = MAX_LENGTH.name;

export function isApiKeyShape(value: string): boolean {
  return SECRET_PATTERN.test(value);
}

/** The start of a key that lists show: "sp_live_ab12cd34". */
export function visiblePrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + VISIBLE_CHARACTERS);
}

/** Scopes as stored ("read,write"), in the order of SCOPES; unknown words are dropped. */
export function formatScopes(scopes: readonly string[]): string {
  return SCOPES.filter((scope) => scopes.includes(scope)).join(",");
}

export function parseScopes(stored: string): Scope[] {
  const words = stored.split(",");
  return SCOPES.filter((scope) => words.includes(scope));
}

const NAME_REQUIRED = "Please name the key";

/** The profile's form: a new key's name. */
export const CreateKeySchema = z.object({
  name: requiredText("Key name", KEY_NAME_MAX, NAME_REQUIRED),
});

const SCOPES_REQUIRED = "Please choose at least one scope";

/** The admin page's form: a service key's name and scopes (checkboxes, one value each). */
export const CreateServiceKeySchema = z.object({
  name: requiredText("Key name", KEY_NAME_MAX, NAME_REQUIRED),
  scopes: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.enum(SCOPES, { errorMap: () => ({ message: "Please choose scopes from the list" }) }))
      .max(SCOPES.length, "Please choose scopes from the list")
      .min(1, SCOPES_REQUIRED),
  ),
});

/** A key's id in the forms that revoke it. */
export const RevokeKeySchema = z.object({
  keyId: z.string({ required_error: "Please choose a key" }).trim().min(1, "Please choose a key").max(MAX_LENGTH.code * 2, "Please choose a key"),
});

/** The profile's key forms: create one (a name) or revoke one. */
export const CustomerKeyActionSchema = z.discriminatedUnion("intent", [
  CreateKeySchema.extend({ intent: z.literal("create") }),
  RevokeKeySchema.extend({ intent: z.literal("revoke") }),
]);

/** The admin page's key forms: create a service key (a name, scopes) or revoke one. */
export const ServiceKeyActionSchema = z.discriminatedUnion("intent", [
  CreateServiceKeySchema.extend({ intent: z.literal("create") }),
  RevokeKeySchema.extend({ intent: z.literal("revoke") }),
]);
