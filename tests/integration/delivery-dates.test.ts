// An estimated delivery is a date: every screen shows the day it names, whatever the reader's
// time zone and with or without JavaScript (the time-zone hint), and its calendar file is that
// all-day date. Offered only while the day is still to come for a parcel not yet settled.
// (Issue 23 item 4: in Tokyo one shipment's estimate read Nov 27 without JavaScript and Nov 28
// with it, and so did its .ics; overdue, exception and failed parcels offered past dates.)
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { shipments } from "../../drizzle/schema";
import { actorFor } from "~/.server/events";
import { formatDay } from "~/domain/format";
import type { ShipmentStatus } from "~/features/shipments/shipment-status";
import { createShipment } from "~/features/shipments/shipments.server";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { get, newClientAddress, pageText } from "./requests";

const DAY = 86_400_000;
const ZONES = [null, "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"] as const;

let owner: Awaited<ReturnType<typeof createUser>>;
let ownerCookie: string;
let adminCookie: string;

/** A shipment of the owner's, in `status`, estimated for `estimatedDelivery`. */
async function shipmentEstimated(status: ShipmentStatus, estimatedDelivery: number) {
  const { id, trackingId } = await createShipment(serviceContext(), {
    shipment: {
      userId: owner.id,
      senderName: "Dana Sender",
      senderEmail: owner.email,
      senderCity: "Lyon",
      senderCountry: "FR",
      recipientName: "Kenji Recipient",
      recipientCity: "Tokyo",
      recipientCountry: "JP",
      currency: "USD",
      cost: 2_500,
      estimatedDelivery,
    },
    actor: actorFor(owner),
  });
  await db.update(shipments).set({ status }).where(eq(shipments.id, id));
  return { id, trackingId };
}

/** A request from a reader whose browser has (or, null, has not) told its time zone, with its own look-up allowance. */
function headersIn(zone: string | null, cookie?: string): Record<string, string> {
  const cookies = [zone ? `CH-time-zone=${encodeURIComponent(zone)}` : null, cookie].filter(Boolean).join("; ");
  return { "CF-Connecting-IP": newClientAddress(), ...(cookies ? { Cookie: cookies } : {}) };
}

/** The tracking page's "Estimated delivery" fact. */
async function shownEstimate(trackingId: string, zone: string | null): Promise<string> {
  const html = await pageText(await get(`/track/${trackingId}`, headersIn(zone)));
  const fact = /Estimated delivery<\/dt><dd[^>]*>([^<]*)</.exec(html);
  if (!fact) throw new Error(`No estimated delivery on the page of ${trackingId}`);
  return fact[1]!;
}

/** The calendar file's all-day event: its first day and the day after it, as YYYYMMDD. */
async function calendarDays(trackingId: string, zone: string | null): Promise<{ start: string; end: string }> {
  const response = await get(`/track/${trackingId}/calendar.ics`, headersIn(zone));
  expect(response.status).toBe(200);
  const body = await response.text();
  return { start: /\r\nDTSTART;VALUE=DATE:(\d{8})\r\n/.exec(body)![1]!, end: /\r\nDTEND;VALUE=DATE:(\d{8})\r\n/.exec(body)![1]! };
}

const yyyymmdd = (time: number) => new Date(time).toISOString().slice(0, 10).replaceAll("-", "");

/** Midnight UTC, `days` from today. */
function dayFromToday(days: number): number {
  return Math.floor(Date.now() / DAY) * DAY + days * DAY;
}

beforeAll(async () => {
  owner = await createUser();
  ownerCookie = await signedInCookie(owner.id);
  adminCookie = await signedInCookie((await createUser({ role: "admin" })).id);
});

describe("an estimated delivery is the same date for every reader", () => {
  // Late in the UTC day: already the next day in Tokyo. Early in it: still the day before in Los Angeles.
  const cases = [
    { name: "late in the UTC day", at: dayFromToday(20) + 23 * 3_600_000 + 30 * 60_000 },
    { name: "early in the UTC day", at: dayFromToday(21) + 2 * 3_600_000 },
  ];

  for (const { name, at } of cases) {
    it(`on the tracking page and in its calendar file, in every zone (${name})`, async () => {
      const { trackingId } = await shipmentEstimated("in_transit", at);
      const expected = formatDay(at);
      for (const zone of ZONES) {
        expect(await shownEstimate(trackingId, zone), String(zone)).toBe(expected);
        expect(await calendarDays(trackingId, zone), String(zone)).toEqual({ start: yyyymmdd(at), end: yyyymmdd(at + DAY) });
      }
    });

    it(`in the multi-parcel look-up, the owner's list and the receipt and the admin's edit page (${name})`, async () => {
      const { id, trackingId } = await shipmentEstimated("out_for_delivery", at);
      const expected = formatDay(at);
      const neighbours = [formatDay(at - DAY), formatDay(at + DAY)];
      for (const zone of ZONES) {
        const pages = [
          // Two IDs (one unknown): a single one opens its own page.
          await pageText(await get(`/track?ids=${trackingId},SWP000000NOPE00`, headersIn(zone))),
          await pageText(await get(`/dashboard?search=${trackingId}`, headersIn(zone, ownerCookie))),
          await pageText(await get(`/receipt/${id}`, headersIn(zone, adminCookie))),
          await pageText(await get(`/admin/shipments/${id}/edit`, headersIn(zone, adminCookie))),
        ];
        for (const [index, html] of pages.entries()) {
          expect(html, `${zone} page ${index}`).toContain(expected);
          for (const other of neighbours) expect(html, `${zone} page ${index}`).not.toContain(other);
        }
      }
    });
  }
});

describe("the calendar offer", () => {
  it("is made for a day still to come of a parcel on its way, an exception among them", async () => {
    for (const status of ["pending", "in_transit", "exception"] as const) {
      const { trackingId } = await shipmentEstimated(status, dayFromToday(3) + 12 * 3_600_000);
      expect(await pageText(await get(`/track/${trackingId}`, headersIn(null))), status).toContain(`href="/track/${trackingId}/calendar.ics"`);
      expect((await get(`/track/${trackingId}/calendar.ics`, headersIn(null))).status, status).toBe(200);
    }
  });

  it("is not made, and the file is refused, once the estimated day has passed: overdue, exception and failed parcels", async () => {
    for (const status of ["in_transit", "out_for_delivery", "exception", "failed"] as const) {
      const { trackingId } = await shipmentEstimated(status, dayFromToday(-3) + 12 * 3_600_000);
      for (const zone of ZONES) {
        const html = await pageText(await get(`/track/${trackingId}`, headersIn(zone)));
        expect(html, `${status} ${zone}`).not.toContain("calendar.ics");
        expect(html, `${status} ${zone}`).toContain("Running late");
        const file = await get(`/track/${trackingId}/calendar.ics`, headersIn(zone));
        expect(file.status, `${status} ${zone}`).toBe(404);
        expect(await file.text()).toBe("This parcel's estimated delivery day has passed, so there is no date to add to a calendar.");
      }
    }
  });

  it("is not made for a settled parcel, even with a day to come", async () => {
    for (const status of ["delivered", "custom_destination", "returned"] as const) {
      const { trackingId } = await shipmentEstimated(status, dayFromToday(3));
      expect(await pageText(await get(`/track/${trackingId}`, headersIn(null))), status).not.toContain("calendar.ics");
      const file = await get(`/track/${trackingId}/calendar.ics`, headersIn(null));
      expect(file.status, status).toBe(404);
      expect(await file.text()).toBe("This parcel has no delivery still to come, so there is nothing to add to a calendar.");
    }
  });
});
