// /track/{id}/calendar.ics: the estimated delivery day of a parcel still on its way, as an
// all-day event in a calendar file (RFC 5545) to add to any calendar. Public like the tracking page, and counted
// against the same look-up limit; it names the parcel by its tracking ID only.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress, countTrackingLookUps } from "~/.server/rate-limit";
import { getSettings } from "~/features/settings/settings.server";
import { requestTimeZone } from "~/.server/time-zone";
import { lookUpMany } from "~/features/tracking/tracking.server";
import { deliveryCalendar, hasDeliveryDayToCome } from "~/features/tracking/icalendar";
import { isSettled } from "~/features/shipments/shipment-status";
import { normalizeTrackingId } from "~/features/tracking/tracking-id";
import { translator } from "~/features/languages/i18n.server";

function text(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const trackingId = normalizeTrackingId(params.trackingId ?? "");
  const t = translator(await context.language(), ["tracking", "messages"]);
  const limit = await countTrackingLookUps(context, { clientAddress: clientAddress(request) });
  if (!limit.allowed) return text(429, t("Too many tracking requests. Please wait a minute and try again.", { ns: "messages" }), { "Retry-After": String(limit.retryAfterSeconds) });
  const [[found], { companyName }] = await Promise.all([lookUpMany(context.db, [trackingId]), getSettings(context.db)]);
  const shipment = found?.shipment;
  if (!shipment) return text(404, t("No tracking information found"));
  const now = Date.now();
  if (!hasDeliveryDayToCome(shipment, { now, timeZone: requestTimeZone(request) })) {
    // Only a day still to come goes into a calendar: none once settled, none that has passed.
    return text(
      404,
      isSettled(shipment.status) || shipment.estimatedDelivery === null
        ? t("This parcel has no delivery still to come, so there is nothing to add to a calendar.")
        : t("This parcel's estimated delivery day has passed, so there is no date to add to a calendar."),
    );
  }
  const url = new URL(request.url);
  const body = deliveryCalendar({
    trackingId,
    estimatedDelivery: shipment.estimatedDelivery,
    url: `${context.origin}/track/${encodeURIComponent(trackingId)}`,
    companyName,
    host: url.hostname,
    now,
  }, t);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${trackingId.replace(/[^A-Z0-9]/g, "")}-delivery.ics"`,
    },
  });
}
