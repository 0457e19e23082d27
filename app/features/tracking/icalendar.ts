// A calendar file (RFC 5545) holding one all-day event: a parcel's estimated delivery day.
// It names the parcel by its tracking ID and links to its public page; nothing personal.
import type { TFunction } from "i18next";
import { dayOf, isPastDay, nextDay, type CalendarDay } from "~/domain/calendar";
import { isSettled, type ShipmentStatus } from "~/features/shipments/shipment-status";

/** RFC 5545 3.3.11: backslash, semicolon, comma and line breaks are escaped in text values. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** RFC 5545 3.1: lines longer than 75 octets continue on the next line after a space, never splitting a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation line starts with a space, leaving 74.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** 20261120T153000Z */
function utcStamp(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** An RFC 5545 DATE: 20261127. */
function dateValue({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

/**
 * Whether a parcel has a delivery day still to come, which the tracking page offers as a
 * calendar file and the file's address serves: not settled, and its estimated day is today or
 * later where the reader is. An overdue parcel's day has passed; a settled one expects none.
 */
export function hasDeliveryDayToCome<Shipment extends { status: ShipmentStatus; estimatedDelivery: number | null }>(
  shipment: Shipment,
  { now, timeZone }: { now: number; timeZone: string },
): shipment is Shipment & { estimatedDelivery: number } {
  const { status, estimatedDelivery } = shipment;
  if (isSettled(status) || estimatedDelivery === null || !Number.isFinite(estimatedDelivery)) return false;
  return !isPastDay(estimatedDelivery, now, timeZone);
}

export type DeliveryEvent = {
  trackingId: string;
  /** A date-only value (app/domain/calendar.ts): the event is that whole day. */
  estimatedDelivery: number;
  /** The parcel's public tracking page. */
  url: string;
  /** Who the file comes from, for the summary and the event's id (the site's host name). */
  companyName: string;
  host: string;
  /** When the file is made (DTSTAMP). */
  now: number;
};

/**
 * The .ics text: CRLF line ends, folded lines, one VEVENT with a stable UID per parcel. The
 * event is all-day (DTSTART and DTEND as DATE values, no zone): a calendar shows it on the day
 * the tracking page names, wherever the reader is. Its words are in the language of `t` (a
 * translator of the `tracking` catalogs), the reader's.
 */
export function deliveryCalendar(event: DeliveryEvent, t: TFunction): string {
  const day = dayOf(event.estimatedDelivery);
  const values = { company: event.companyName, trackingId: event.trackingId, url: event.url };
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(event.companyName)}//Parcel tracking//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:delivery-${event.trackingId}@${event.host}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;VALUE=DATE:${dateValue(day)}`,
    `DTEND;VALUE=DATE:${dateValue(nextDay(day))}`,
    `SUMMARY:${escapeText(t("{{company}} parcel {{trackingId}}: estimated delivery", values))}`,
    `DESCRIPTION:${escapeText(t("Estimated delivery of parcel {{trackingId}}. The date can change: follow the parcel at {{url}}", values))}`,
    `URL:${event.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
