import { describe, expect, it } from "vitest";
import { deliveryCalendar, escapeText, foldLine, hasDeliveryDayToCome } from "./icalendar";
import { SHIPMENT_STATUSES } from "~/features/shipments/shipment-status";
import { translator } from "~/features/languages/i18n.server";

const english = translator("en", "tracking");

const event = {
  trackingId: "SWP482913K7Q2ZD",
  estimatedDelivery: Date.UTC(2026, 10, 26, 23, 30),
  url: "https://parcel.test/track/SWP482913K7Q2ZD",
  companyName: "SwiftParcel",
  host: "parcel.test",
  now: Date.UTC(2026, 10, 23, 9, 5, 7),
};

describe("deliveryCalendar", () => {
  it("is one all-day event on the estimated delivery day, with CRLF line ends", () => {
    const text = deliveryCalendar(event, english);
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n /g, "")).toContain("\r\nDTSTART;VALUE=DATE:20261126\r\nDTEND;VALUE=DATE:20261127\r\n");
    expect(text).toContain("\r\nUID:delivery-SWP482913K7Q2ZD@parcel.test\r\n");
    expect(text).toContain("\r\nDTSTAMP:20261123T090507Z\r\n");
    expect(text.replace(/\r\n /g, "")).toContain("SUMMARY:SwiftParcel parcel SWP482913K7Q2ZD: estimated delivery");
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it("is the day the estimate names, with no time and no zone for a calendar to move it by", () => {
    // 23:30 UTC on the 26th was read as the 27th in Tokyo, which the page without JavaScript did not say.
    const text = deliveryCalendar(event, english);
    expect(text).not.toMatch(/TZID|DTSTART:|DTSTART;TZID/);
    expect(deliveryCalendar({ ...event, estimatedDelivery: Date.UTC(2026, 10, 26, 0, 0) }, english)).toContain("DTSTART;VALUE=DATE:20261126");
    // The day after the last of a month and of a year.
    expect(deliveryCalendar({ ...event, estimatedDelivery: Date.UTC(2026, 11, 31, 12) }, english)).toContain("DTEND;VALUE=DATE:20270101");
  });

  it("speaks the reader's language, escaped as RFC 5545 text", () => {
    const spanish = deliveryCalendar(event, translator("es", "tracking")).replace(/\r\n /g, "");
    expect(spanish).toContain("SUMMARY:Paquete SWP482913K7Q2ZD de SwiftParcel: entrega estimada");
    expect(spanish).toContain("DESCRIPTION:Entrega estimada del paquete SWP482913K7Q2ZD. La fecha puede cambiar: sigue el paquete en https://parcel.test/track/SWP482913K7Q2ZD");
    const french = deliveryCalendar(event, translator("fr", "tracking")).replace(/\r\n /g, "");
    expect(french).toContain("SUMMARY:Colis SwiftParcel SWP482913K7Q2ZD\u00a0: livraison estimée");
  });
});

describe("hasDeliveryDayToCome", () => {
  const estimatedDelivery = Date.UTC(2026, 10, 26, 23, 30);
  const offered = (status: (typeof SHIPMENT_STATUSES)[number], now: number, timeZone = "UTC", estimate: number | null = estimatedDelivery) =>
    hasDeliveryDayToCome({ status, estimatedDelivery: estimate }, { now, timeZone });

  it("offers the day before it and on it, for a parcel not yet settled", () => {
    expect(offered("in_transit", Date.UTC(2026, 10, 20, 10))).toBe(true);
    expect(offered("in_transit", Date.UTC(2026, 10, 26, 23, 59))).toBe(true);
    expect(offered("exception", Date.UTC(2026, 10, 25))).toBe(true);
  });

  it("never offers a day that has passed: overdue, exception and failed parcels included", () => {
    for (const status of ["in_transit", "out_for_delivery", "exception", "failed", "pending"] as const) {
      expect(offered(status, Date.UTC(2026, 10, 27, 0, 1)), status).toBe(false);
    }
  });

  it("reads today where the reader is, the day of the estimate the same for everyone", () => {
    // 02:00 UTC on the 27th is still the 26th in Los Angeles, already the 27th in Tokyo.
    const now = Date.UTC(2026, 10, 27, 2);
    expect(offered("in_transit", now, "America/Los_Angeles")).toBe(true);
    expect(offered("in_transit", now, "Asia/Tokyo")).toBe(false);
  });

  it("never offers anything for a settled parcel or one without an estimate", () => {
    for (const status of ["delivered", "custom_destination", "returned"] as const) expect(offered(status, Date.UTC(2026, 10, 20))).toBe(false);
    expect(offered("in_transit", Date.UTC(2026, 10, 20), "UTC", null)).toBe(false);
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
