// Which addresses a webhook endpoint may have. Outside local development: https only, no user
// name or password in it, and a host that is a public name or a public address: never an IP
// literal in a private, loopback, link-local, shared (CGNAT), documentation, multicast or
// reserved range (IPv4, or IPv6 including IPv4-mapped and NAT64 forms), never `localhost`, a
// name under it, a single-label name or a local-only suffix (.local, .internal, .lan,
// .home.arpa). The URL parser has already turned every spelling of an IPv4 address (hex,
// octal, one number) into its dotted form. What a public name resolves to is checked by the
// server (webhook-dns.server.ts) with these same ranges. Local development (ENVIRONMENT =
// "development") also accepts http and loopback addresses, so tests can receive.

export const MAX_URL_LENGTH = 1000;

export const URL_MESSAGES = {
  required: "Please enter the endpoint's address",
  tooLong: `Please keep the address under ${MAX_URL_LENGTH} characters`,
  invalid: "Please enter a full web address, e.g. https://example.com/webhooks",
  https: "Please use an https:// address",
  credentials: "Please leave the user name and password out of the address",
  private: "Please use an address on the public internet: private, loopback and link-local addresses cannot receive webhooks",
} as const;

type Range = [base: number[], prefixBits: number];

/** IPv4 ranges no webhook is sent to (RFC 6890's special-purpose registry, and multicast and reserved space). */
const IPV4_BLOCKED: Range[] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet"];

function inRange(bytes: number[], [base, prefixBits]: Range): boolean {
  for (let bit = 0; bit < prefixBits; bit += 1) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[index]! & mask) !== (base[index]! & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (without brackets), or null. */
function ipv6Bytes(text: string): number[] | null {
  let address = text.toLowerCase();
  const tail: number[] = [];
  const dotted = address.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = ipv4Bytes(dotted[1]!);
    if (!v4) return null;
    tail.push(...v4);
    address = `${address.slice(0, -dotted[1]!.length)}0:0`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const bytes = all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

export type AddressKind = "public" | "loopback" | "private";

/** What kind of address an IP literal is; null when `text` is no IP address. */
export function addressKind(text: string): AddressKind | null {
  const v4 = ipv4Bytes(text);
  if (v4) return inRange(v4, [[127, 0, 0, 0], 8]) ? "loopback" : IPV4_BLOCKED.some((range) => inRange(v4, range)) ? "private" : "public";
  const v6 = ipv6Bytes(text.replace(/^\[|\]$/g, ""));
  if (!v6) return null;
  const zero = (from: number, to: number) => v6.slice(from, to).every((byte) => byte === 0);
  if (zero(0, 15) && v6[15] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address inside decides.
  const mapped = zero(0, 10) && v6[10] === 0xff && v6[11] === 0xff;
  const nat64 = v6[0] === 0 && v6[1] === 0x64 && v6[2] === 0xff && v6[3] === 0x9b && zero(4, 12);
  if (mapped || nat64 || (zero(0, 12) && !zero(12, 16))) return addressKind(v6.slice(12).join("."));
  const blocked: Range[] = [
    [[0], 128], // ::
    [[0xfc], 7], // unique local
    [[0xfe, 0x80], 10], // link-local
    [[0xfe, 0xc0], 10], // site-local (deprecated)
    [[0xff], 8], // multicast
    [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
    [[0x01, 0, 0, 0, 0, 0, 0, 0], 64], // discard-only
  ];
  return blocked.some(([base, bits]) => inRange(v6, [[...base, ...Array<number>(16 - base.length).fill(0)], bits])) ? "private" : "public";
}

/** Whether an address may receive webhooks: public ones, and loopback ones in local development. */
export function addressAllowed(kind: AddressKind, development: boolean): boolean {
  return kind === "public" || (kind === "loopback" && development);
}

/**
 * The message to show for an endpoint address, or null when it is acceptable as written
 * (a public name is then looked up by the server). `development`: ENVIRONMENT is "development".
 */
export function endpointUrlProblem(raw: string, development: boolean): string | null {
  const value = raw.trim();
  if (value === "") return URL_MESSAGES.required;
  if (value.length > MAX_URL_LENGTH) return URL_MESSAGES.tooLong;
  // The URL parser drops tabs and line breaks: an address holding one is refused, not read as another.
  if (/[\u0000-\u001f\u007f-\u009f\s]/.test(value)) return URL_MESSAGES.invalid;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return URL_MESSAGES.invalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return URL_MESSAGES.invalid;
  if (url.protocol === "http:" && !development) return URL_MESSAGES.https;
  if (url.username !== "" || url.password !== "") return URL_MESSAGES.credentials;
  const host = url.hostname.replace(/\.$/, "");
  const literal = addressKind(host);
  if (literal) return addressAllowed(literal, development) ? null : URL_MESSAGES.private;
  if (host === "localhost" || host.endsWith(".localhost")) return development ? null : URL_MESSAGES.private;
  if (!development && (!host.includes(".") || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix)))) return URL_MESSAGES.private;
  return null;
}

/** The host to look up for an accepted address: null when it is an IP literal or a loopback name. */
export function hostToResolve(url: string): string | null {
  const host = new URL(url).hostname.replace(/\.$/, "");
  if (addressKind(host) || host === "localhost" || host.endsWith(".localhost")) return null;
  return host;
}
