// The reader's time zone, from the client-hint cookie (UTC until the browser has sent it).
import { clientHints } from "~/client-hints";
import { isTimeZone } from "~/domain/format";

export function requestTimeZone(request: Request): string {
  // getHints ignores a value that does not decode; a decoded one must still name a zone.
  const { timeZone } = clientHints.getHints(request);
  return isTimeZone(timeZone) ? timeZone : "UTC";
}
