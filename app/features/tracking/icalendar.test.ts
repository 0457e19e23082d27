import { describe, expect, it } from "vitest";
import { deliveryCalendar, escapeText, foldLine } from "./icalendar";

const event = {
  trackingId: "SWP482913K7Q2ZD",
  estimatedDelivery: Date.UTC(2026, 10, 26, 23, 30),
  url: "https://parcel.test/track/SWP482913K7Q2ZD",
  companyName: "SwiftParcel",
  host: "parcel.test",
  now: Date.UTC(2026, 10, 23, 9, 5, 7),
  timeZone: "UTC",
};

describe("deliveryCalendar", () => {
  it("is one all-day event on the estimated delivery day, with CRLF line ends", () => {
    const text = deliveryCalendar(event);
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n /g, "")).toContain("\r\nDTSTART;VALUE=DATE:20261126\r\nDTEND;VALUE=DATE:20261127\r\n");
    expect(text).toContain("\r\nUID:delivery-SWP482913K7Q2ZD@parcel.test\r\n");
    expect(text).toContain("\r\nDTSTAMP:20261123T090507Z\r\n");
    expect(text.replace(/\r\n /g, "")).toContain("SUMMARY:SwiftParcel parcel SWP482913K7Q2ZD: estimated delivery");
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it("falls on the day the reader's time zone gives", () => {
    // 23:30 UTC on the 26th is the 27th in Tokyo.
    expect(deliveryCalendar({ ...event, timeZone: "Asia/Tokyo" })).toContain("DTSTART;VALUE=DATE:20261127");
  });
});

describe("text values", () => {
  it("escape what RFC 5545 reserves", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("fold after 75 octets without splitting a character", () => {
    const folded = foldLine(`DESCRIPTION:${"é".repeat(60)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"é".repeat(60)}`);
  });
});
