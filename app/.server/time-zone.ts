// The reader's time zone, which the browser reports in the `tz` cookie (UTC until it has).
import { isTimeZone } from "~/domain/format";
import { readCookie } from "./session";

export function requestTimeZone(request: Request): string {
  const zone = readCookie(request, "tz");
  return zone && isTimeZone(zone) ? zone : "UTC";
}
