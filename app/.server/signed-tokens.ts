// Tokens that need no storage: an HMAC-SHA-256 of a purpose and a value under SESSION_SECRET,
// base64url. A token is checked by making it again from the value and comparing the two in
// constant time, so the answer's timing says nothing about how much of a token was right.
import { timingSafeEqual } from "node:crypto";

const encoder = new TextEncoder();

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The token of `value` for `purpose` (a link's kind: the same value signs differently for another purpose). */
export async function signedToken(env: Pick<Env, "SESSION_SECRET">, purpose: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(`${purpose}:${value}`)));
}

export async function signedTokenMatches(env: Pick<Env, "SESSION_SECRET">, purpose: string, value: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const expected = encoder.encode(await signedToken(env, purpose, value));
  const given = encoder.encode(token);
  return expected.byteLength === given.byteLength && timingSafeEqual(expected, given);
}

/** The bytes of a base64url (or base64) string; throws on characters base64 has not. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (character) => character.charCodeAt(0));
}
