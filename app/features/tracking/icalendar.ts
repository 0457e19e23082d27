// A calendar file (RFC 5545) holding one all-day event: a parcel's estimated delivery day.
// It names the parcel by its tracking ID and links to its public page; nothing personal.
import { localDate } from "~/domain/calendar";

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

/** The calendar day `time` falls on in `timeZone`, as an RFC 5545 DATE (20261120), and the day after. */
function dayAndNext(time: number, timeZone: string): [string, string] {
  const { year, month, day } = localDate(time, timeZone);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return [`${year}${pad(month)}${pad(day)}`, `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`];
}

export type DeliveryEvent = {
  trackingId: string;
  estimatedDelivery: number;
  /** The parcel's public tracking page. */
  url: string;
  /** Who the file comes from, for the summary and the event's id (the site's host name). */
  companyName: string;
  host: string;
  /** When the file is made (DTSTAMP). */
  now: number;
  /** The reader's zone: the all-day event falls on the day the tracking page shows. */
  timeZone: string;
};

/** The .ics text: CRLF line ends, folded lines, one VEVENT with a stable UID per parcel. */
export function deliveryCalendar(event: DeliveryEvent): string {
  const [day, nextDay] = dayAndNext(event.estimatedDelivery, event.timeZone);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(event.companyName)}//Parcel tracking//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:delivery-${event.trackingId}@${event.host}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;VALUE=DATE:${day}`,
    `DTEND;VALUE=DATE:${nextDay}`,
    `SUMMARY:${escapeText(`${event.companyName} parcel ${event.trackingId}: estimated delivery`)}`,
    `DESCRIPTION:${escapeText(`Estimated delivery of parcel ${event.trackingId}. The date can change: follow the parcel at ${event.url}`)}`,
    `URL:${event.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
