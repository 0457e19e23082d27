// Signing as the Standard Webhooks specification says (https://www.standardwebhooks.com): each
// request carries `webhook-id` (the message's id, the same on every attempt), `webhook-timestamp`
// (seconds since the epoch, at the attempt) and `webhook-signature`: `v1,` and the base64
// HMAC-SHA256 of `id.timestamp.body` under the secret's bytes, one per secret in use, separated
// by spaces. A secret is `whsec_` and the base64 of 32 random bytes.

export const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

export function generateSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** A message's id: `msg_` and a random UUID's 32 hexadecimal digits. */
export function messageId(): string {
  return `msg_${crypto.randomUUID().replaceAll("-", "")}`;
}

/** One signature, `v1,<base64>`, of `body` sent as message `id` at `timestamp` (seconds). */
export async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", fromBase64(secret.slice(SECRET_PREFIX.length)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of one attempt, signed with every secret in `secrets` (the current one first). */
export async function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((secret) => sign(secret, id, timestamp, body)));
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signatures.join(" ") };
}
