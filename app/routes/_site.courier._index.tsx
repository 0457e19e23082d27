import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requireCourier } from "~/http/guards.server";
import { COURIER_MESSAGES, findStop, runSheet } from "~/features/couriers/couriers.server";
import { courierDay, RUN_SHEET_ORDER_LABELS, RUN_SHEET_ORDERS, runSheetOrder } from "~/features/couriers/courier-rules";
import { StopDetails, stopPath } from "~/features/couriers/stop-card";
import { ScanField } from "~/features/couriers/scan-field";
import { OfflineNote, OfflinePanel } from "~/features/couriers/offline-panel";
import { PrintControls } from "~/components/print-controls";
import { MAX_LENGTH } from "~/domain/field-limits";
import type { SiteHandle } from "~/routes/_site";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { useMessages } from "~/components/forms";
import { metaT } from "~/features/languages/translate";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "couriers");
  return [
    { title: t("Run sheet | {{company}}", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Today's stops, in order, with what to deliver where.") },
  ];
};

// Plain HTML for the courier's low-end phone: its behaviours run from the public pages' one script.
export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hideChat: true, hydrate: false };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const courier = await requireCourier(context, request);
  const params = new URL(request.url).searchParams;
  const order = runSheetOrder(params.get("order"));
  const typed = (params.get("trackingId") ?? "").slice(0, MAX_LENGTH.code).trim();
  // Scanned or typed: straight to that stop when it is one of the courier's.
  const found = typed === "" ? undefined : await findStop(context.db, { courierId: courier.id, trackingId: typed });
  if (found) throw redirect(stopPath(found.trackingId));
  const day = courierDay(Date.now());
  const stops = await runSheet(context.db, { courierId: courier.id, day, order });
  const page = { day, order, stops, print: params.get("print") === "1", scanned: typed, scanError: typed === "" ? null : COURIER_MESSAGES.notOnSheet };
  return data(page, { status: typed === "" ? 200 : 404 });
}

export default function RunSheetPage() {
  const { day, order, stops, print, scanned, scanError } = useLoaderData<typeof loader>();
  const { t } = useTranslation("couriers");
  const message = useMessages();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-4 p-4 print:p-0">
      <div className="print:hidden">
        <PrintControls printHref={`/courier?${new URLSearchParams({ order, print: "1" })}`} autoPrint={print} backTo="/courier" backLabel={t("Run sheet")} />
      </div>
      <h1 className="text-2xl font-bold">
        <Trans t={t} i18nKey="Run sheet <day>{{day}}</day>" values={{ day }} components={{ day: <time dateTime={day} /> }} />
      </h1>
      <OfflinePanel />
      <section className="card space-y-2 print:hidden" aria-labelledby="scan-title">
        <h2 id="scan-title" className="text-lg font-semibold">
          {t("Find a parcel")}
        </h2>
        <ScanField defaultValue={scanned} error={scanError ? message(scanError) : null} />
      </section>
      <nav aria-label={t("Order of stops")} className="flex flex-wrap items-center gap-2 print:hidden">
        <span className="text-sm font-medium">{t("Order:")}</span>
        {RUN_SHEET_ORDERS.map((option) => (
          <Link key={option} to={`/courier?order=${option}`} aria-current={option === order ? "page" : undefined} className={option === order ? "btn-primary py-1" : "btn-secondary py-1"}>
            {t(RUN_SHEET_ORDER_LABELS[option])}
          </Link>
        ))}
      </nav>
      {stops.length === 0 ? (
        <p className="card">{t("No stops for today yet. Your stops appear here once an admin assigns them to you.")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("Stops")}>
          {stops.map((stop, index) => (
            <li key={stop.id} className="card break-inside-avoid print:border print:shadow-none">
              <StopDetails stop={stop} number={index + 1} linked={!print} />
            </li>
          ))}
        </ol>
      )}
      <OfflineNote />
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
