// What the mail provider tells us about mail it delivered (Resend's webhooks, signed the Svix
// way): a complaint (the recipient marked our mail as spam) puts the address on the
// suppression list, so it gets no more non-essential mail. Other events are taken and ignored.
import { z } from "zod";
import type { ServiceContext } from "~/load-context";
import { fromBase64url } from "~/.server/signed-tokens";
import { suppress } from "./unsubscribe.server";

/** A delivery's signature older or newer than this is refused (a replayed request). */
const TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

/**
 * Whether `body` was signed with `secret` ("whsec_" and base64): the headers svix-id,
 * svix-timestamp and svix-signature (one or more "v1,<base64>"), the signed content
 * `${id}.${timestamp}.${body}` under HMAC-SHA-256.
 */
export async function signedByProvider(secret: string, headers: Headers, body: string, now = Date.now()): Promise<boolean> {
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signatures = headers.get("svix-signature");
  if (!secret || !id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("raw", fromBase64url(secret.replace(/^whsec_/, "")), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  } catch {
    return false;
  }
  const content = encoder.encode(`${id}.${timestamp}.${body}`);
  for (const signature of signatures.split(" ")) {
    const [version, value] = signature.split(",");
    if (version !== "v1" || !value) continue;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = fromBase64url(value);
    } catch {
      continue;
    }
    if (await crypto.subtle.verify("HMAC", key, bytes, content)) return true;
  }
  return false;
}

const ADDRESS_LIST_MAX = 50;

/** The part of a provider event we act on; the rest of it is ignored. */
export const ProviderEventSchema = z.object({
  type: z.string().max(100),
  data: z.object({ to: z.array(z.string().email().max(254)).max(ADDRESS_LIST_MAX).optional() }).passthrough(),
});

export type ProviderEvent = z.output<typeof ProviderEventSchema>;

/** Acts on one provider event: a complaint suppresses its addresses. Answers whether it was acted on. */
export async function takeProviderEvent(context: ServiceContext, event: ProviderEvent): Promise<boolean> {
  if (event.type !== "email.complained" || !event.data.to?.length) return false;
  await suppress(context, event.data.to, "complained");
  return true;
}
