// Requests to the real worker as a browser sends them, and what the account tests read back.
import { SELF } from "cloudflare:test";
import { DEVICE_COOKIE } from "~/features/accounts/device-cookie.server";
import { SESSION_COOKIE } from "~/features/accounts/session.server";
import { readChatSessionId } from "~/features/chat/chat-cookie.server";
import { BASE } from "./base";

export { BASE };

let addressCounter = 0;

/** A client address of its own, so one test's attempts never count against another's limit. */
export function newClientAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

export function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers });
}

/** A form POST from this site (browsers send Origin and Host; other origins get 403). */
export function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress(), ...headers },
  });
}

/** The Set-Cookie value that carries the session token, if the response sets one. */
export function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** A Cookie header value holding the session the response handed out. */
export function sessionFrom(response: Response): string {
  const cookie = sessionSetCookie(response);
  if (!cookie) throw new Error(`No session cookie in a ${response.status} response`);
  return cookie.split(";")[0]!;
}

/** A Cookie header value holding the device cookie the response handed out. */
export function deviceFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error(`No device cookie in a ${response.status} response`);
  return cookie.split(";")[0]!;
}

/** A page's text as a reader sees it: React's comment markers and the quote entities undone. */
export async function pageText(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

/** A GET as the holder of `cookie` (a Cookie header value), or signed out without one. */
export function getAs(path: string, cookie?: string) {
  return get(path, cookie ? { Cookie: cookie } : {});
}

/** A form POST from this site as the holder of `cookie`, or signed out without one. */
export function postAs(path: string, fields: Record<string, string>, cookie?: string) {
  return post(path, fields, cookie ? { Cookie: cookie } : {});
}

/** The page a redirect leads to, with the flash message it set. */
export async function followRedirect(response: Response, cookie: string): Promise<string> {
  const toast = response.headers.getSetCookie().find((value) => value.startsWith("__Host-toast="))?.split(";")[0];
  return pageText(await getAs(response.headers.get("Location")!, [cookie, toast].filter(Boolean).join("; ")));
}

/** The chatSession cookie a response sets, as a Cookie header value. */
export function chatCookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("chatSession="));
  if (!cookie) throw new Error(`No chat cookie in a ${response.status} response`);
  return cookie.split(";")[0]!;
}

/** The support chat session a chatSession cookie (a Cookie header value) holds. */
export async function chatSessionIdOf(cookie: string): Promise<string> {
  return (await readChatSessionId(new Request(`${BASE}/`, { headers: { Cookie: cookie } })))!;
}

/** A page without the catalogs a hydrating page carries for the browser (every word of its namespaces, shown or not). */
export function withoutCatalogs(html: string): string {
  return html.replace(/<script type="application\/json" id="i18n-catalogs"[^>]*>[^<]*<\/script>/, "");
}
