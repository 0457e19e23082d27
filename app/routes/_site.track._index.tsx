import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { metaT } from "~/features/languages/translate";
import { clientAddress, countTrackingLookUps } from "~/.server/rate-limit";
import { requestTimeZone } from "~/.server/time-zone";
import { lookUpMany } from "~/features/tracking/tracking.server";
import { useLocale, useTimeZone } from "~/components/root-data";
import { StatusBadge } from "~/features/shipments/status-badge";
import { TrackingForm } from "~/features/tracking/tracking-form";
import { countryName, formatDate, formatDay, formatMonthDay } from "~/domain/format";
import { isDelivered, isSettled, statusProgress, statusTone, STATUSES_NAMESPACE } from "~/features/shipments/shipment-status";
import { historyText } from "~/features/tracking/tracking-history";
import { parseTrackingSearch, trackingSearchPath } from "~/features/tracking/tracking-id";
import { runningLate } from "~/features/tracking/tracking-timeline";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "tracking");
  return [
    { title: t("Track a package | {{company}}", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Enter one tracking ID or up to 10 to see where your parcels are, their history and estimated delivery.") },
  ];
};

// Retry-After of a 429 reaches the document response too.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The search form sends its box here with GET. One ID goes on to its own page; several are
 * listed here, one row each, at a shareable address (/track?ids=A,B,C). Each ID asked for
 * counts as one look-up against the client's limit.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get("ids") ?? url.searchParams.get("id");
  if (typed === null) return { state: "empty" as const };
  const search = parseTrackingSearch(typed);
  if (!search.ok) return data({ state: "invalid" as const, typed: typed.slice(0, 1_000), error: search.message }, { status: 400 });
  // Compared decoded, so an address the browser encodes differently never redirects in a loop.
  const tidy = search.trackingIds.length > 1 && [...url.searchParams.keys()].length === 1 && url.searchParams.get("ids") === search.trackingIds.join(",");
  if (!tidy) throw redirect(trackingSearchPath(search.trackingIds));

  const limit = await countTrackingLookUps(context, { clientAddress: clientAddress(request), lookUps: search.trackingIds.length });
  if (!limit.allowed) {
    return data(
      { state: "limited" as const, typed: search.trackingIds.join(", "), error: "Too many tracking requests. Please wait a minute and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const rows = await lookUpMany(context.db, search.trackingIds);
  const timeZone = requestTimeZone(request);
  const now = Date.now();
  return {
    state: "found" as const,
    typed: search.trackingIds.join(", "),
    rows: rows.map((row) => ({
      ...row,
      late: row.shipment ? runningLate({ ...row.shipment, now, timeZone }) : null,
    })),
  };
}

export default function TrackPage() {
  const result = useLoaderData<typeof loader>();
  const typed = result.state === "empty" ? "" : result.typed;
  const error = result.state === "invalid" || result.state === "limited" ? result.error : null;
  const { t } = useTranslation("tracking");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Track your package")}</h1>
      <p className="mb-6 text-slate-700">{t("Enter the tracking ID from your receipt or confirmation e-mail, or up to 10 of them at once.")}</p>
      <div className="card">
        <TrackingForm key={typed} defaultValue={typed} error={error} />
      </div>
      {result.state === "found" ? <ResultRows rows={result.rows} /> : null}
    </main>
  );
}

type Row = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "found" }>["rows"][number];

/** Where a parcel is and when it arrives (or arrived); a returned one expects no delivery. */
function rowFacts(shipment: NonNullable<Row["shipment"]>, { t, statusT, timeZone, locale }: { t: TFunction; statusT: TFunction; timeZone: string; locale: string }): string {
  const destination = `${shipment.destination.city}, ${countryName(shipment.destination.country, locale)}`;
  const place = shipment.currentLocation === null ? null : historyText(statusT, shipment.currentLocation);
  if (isDelivered(shipment.status)) return t("Delivered {{date}} · {{destination}}", { date: formatDate(shipment.actualDelivery, timeZone, locale), destination });
  if (isSettled(shipment.status)) return t("{{place}} · Returned to sender", { place: place ?? destination });
  return t("{{place}} · to {{destination}} · Estimated delivery {{date}}", {
    place: place ?? t("Not yet scanned"),
    destination,
    date: formatDay(shipment.estimatedDelivery, locale),
  });
}

/** One compact row per ID asked for, in the order typed; IDs that match nothing are marked. */
function ResultRows({ rows }: { rows: Row[] }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("tracking");
  const { t: statusT } = useTranslation(STATUSES_NAMESPACE);
  const found = rows.filter((row) => row.shipment).length;
  return (
    <section className="mt-8" aria-labelledby="results-title">
      <h2 id="results-title" className="mb-3 text-xl font-semibold">
        {found < rows.length
          ? t("{{count}} parcels looked up: {{found}} found, {{missing}} not found", { count: rows.length, found, missing: rows.length - found })
          : t("{{count}} parcels looked up: {{found}} found", { count: rows.length, found })}
      </h2>
      <ul className="space-y-3">
        {rows.map(({ trackingId, shipment, late }) => (
          <li key={trackingId} className="card p-4">
            {shipment ? (
              <article aria-labelledby={`row-${trackingId}`} className="space-y-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`row-${trackingId}`} className="font-mono font-semibold">
                    <Link to={`/track/${encodeURIComponent(trackingId)}`} className="link">
                      {trackingId}
                    </Link>
                  </h3>
                  <StatusBadge status={shipment.status} />
                </div>
                <progress
                  className="progress"
                  max={100}
                  value={statusProgress(shipment.status)}
                  aria-label={t("Delivery progress of {{trackingId}}", { trackingId })}
                  data-tone={isDelivered(shipment.status) ? "green" : statusTone(shipment.status) === "red" ? "red" : undefined}
                >
                  {`${statusProgress(shipment.status)}%`}
                </progress>
                <p className="text-sm text-slate-700">
                  {rowFacts(shipment, { t, statusT, timeZone, locale })}
                  {late ? <strong className="text-amber-900">{` · ${t("Running late: expected {{date}}", { date: formatMonthDay(late.expected, locale) })}`}</strong> : null}
                </p>
              </article>
            ) : (
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono font-semibold">{trackingId}</span>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-inset ring-slate-700/30">
                  {t("Not found")}
                </span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
