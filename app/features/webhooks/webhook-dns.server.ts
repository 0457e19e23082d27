// What a webhook endpoint's host name resolves to, checked outside local development: its A and
// AAAA records, asked of a public DNS-over-HTTPS resolver (Cloudflare's JSON API; a Worker has no
// resolver of its own), must all be public addresses (webhook-url.ts's ranges). Registering or
// changing an endpoint waits for the answer and refuses a name that resolves to a private,
// loopback or link-local address or cannot be resolved; each delivery asks again (a name may
// change what it points to), and fails when the answer is private. A look-up that fails at
// delivery time does not stop it: the platform's own network reaches no private address.
import { isLocalDevelopment } from "~/.server/deployment";
import { addressAllowed, addressKind, hostToResolve, URL_MESSAGES } from "./webhook-url";

const RESOLVER = "https://cloudflare-dns.com/dns-query";
const LOOKUP_TIMEOUT_MS = 3000;
/** DNS record types: 1 is A, 28 is AAAA. */
const ADDRESS_TYPES = new Set([1, 28]);

export const UNRESOLVED_MESSAGE = "We could not find the server of this address: please check it";

type DnsAnswer = { Status?: number; Answer?: { type?: number; data?: string }[] };

/** The addresses `host` resolves to; null when the resolver could not be asked or answered with an error. */
async function resolve(host: string): Promise<string[] | null> {
  try {
    const answers = await Promise.all(
      ["A", "AAAA"].map(async (type) => {
        const response = await fetch(`${RESOLVER}?name=${encodeURIComponent(host)}&type=${type}`, {
          headers: { Accept: "application/dns-json" },
          signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
        });
        if (!response.ok) return null;
        const answer = (await response.json()) as DnsAnswer;
        // 3: no such name. Any other error: unknown.
        if (answer.Status === 3) return [];
        if (answer.Status !== 0) return null;
        return (answer.Answer ?? []).filter((record) => ADDRESS_TYPES.has(record.type ?? 0) && typeof record.data === "string").map((record) => record.data!);
      }),
    );
    return answers.every((list): list is string[] => list !== null) ? answers.flat() : null;
  } catch {
    return null;
  }
}

/**
 * The message for an endpoint address whose host resolves to an address that may not receive
 * webhooks, or null. `when` says what a failed look-up means: refused ("registering") or
 * let through ("delivering"). Local development looks nothing up.
 */
export async function resolvedAddressProblem(env: Pick<Env, "ENVIRONMENT">, url: string, when: "registering" | "delivering"): Promise<string | null> {
  if (isLocalDevelopment(env)) return null;
  const host = hostToResolve(url);
  if (!host) return null;
  const addresses = await resolve(host);
  if (addresses === null) return when === "registering" ? UNRESOLVED_MESSAGE : null;
  if (addresses.length === 0) return when === "registering" ? UNRESOLVED_MESSAGE : "The address's host name does not resolve";
  const kinds = addresses.map((address) => addressKind(address) ?? "private");
  return kinds.every((kind) => addressAllowed(kind, false)) ? null : URL_MESSAGES.private;
}
