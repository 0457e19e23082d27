import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { tk } from "~/features/languages/languages";
import { useLocale } from "~/components/root-data";
import { enhancePrint } from "~/behaviours/print";
import { useBehaviour } from "~/behaviours/use-behaviour";
import type { TrackingView } from "~/features/tracking/tracking.server";
import { countryName, formatDate, formatDateTime, formatDay, formatMoney, formatDimensions, formatMonthDay, formatWeight, isoDateTime, shipmentSizes } from "~/domain/format";
import { isDelivered, statusProgress, statusTone, STATUSES_NAMESPACE } from "~/features/shipments/shipment-status";
import { historyText } from "~/features/tracking/tracking-history";
import type { Timeline as TrackingTimeline, TimelineStep, TimelineTone } from "~/features/tracking/tracking-timeline";
import { packageLabel, serviceLabel } from "~/features/shipments/shipping-options";
import { KeepMePosted, type Subscription } from "./keep-me-posted";
import { formatCharge } from "~/features/pricing/charge";
import { StatusBadge, useStatusLabel } from "~/features/shipments/status-badge";
import { WrapPoints } from "~/components/wrap-points";

export function TrackingResult({
  view,
  timeline,
  timeZone,
  signedIn,
  autoPrint,
  calendarHref,
  subscription,
  proof = null,
}: {
  view: TrackingView;
  timeline: TrackingTimeline;
  timeZone: string;
  signedIn: boolean;
  autoPrint: boolean;
  /** The estimated delivery as a calendar file, while a delivery is still to come. */
  calendarHref: string | null;
  subscription: Subscription | null;
  /** The proof of delivery, for its owner and admins only. */
  proof?: ReactNode;
}) {
  const progress = statusProgress(view.status);
  const delivered = isDelivered(view.status);
  const { t } = useTranslation("tracking");
  const { t: statusT } = useTranslation(STATUSES_NAMESPACE);
  const statusLabel = useStatusLabel();
  const locale = useLocale();
  const place = (p: { city: string; country: string }) => `${p.city}, ${countryName(p.country, locale)}`;

  // Download PDF opens the print dialog, and the print view opens it by itself.
  const result = useBehaviour<HTMLDivElement>(enhancePrint, [autoPrint]);
  return (
    <div className="space-y-6 print:space-y-3" ref={result}>
      {autoPrint ? (
        <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-800 print:hidden" data-auto-print>
          {t("This is the print view. Use your browser's Print command and choose “Save as PDF” to keep a copy.")}
        </p>
      ) : null}

      {delivered ? (
        <section className="rounded-lg border border-green-700 bg-green-50 p-5 text-green-900" aria-labelledby="delivered-title">
          <h2 id="delivered-title" className="text-lg font-semibold">
            {view.status === "custom_destination" && view.customDestination
              ? t("Delivered to {{destination}}", { destination: view.customDestination })
              : t("Your package has been delivered")}
          </h2>
          <p>{t("Delivered on {{date}}.", { date: formatDateTime(view.actualDelivery ?? view.updatedAt, timeZone, locale) })}</p>
        </section>
      ) : null}

      {proof}

      {timeline.late ? (
        <p className="rounded-lg border border-amber-600 bg-amber-50 p-4 font-semibold text-amber-950">
          {t("Running late: expected {{date}}", { date: formatMonthDay(timeline.late.expected, locale) })}
        </p>
      ) : null}

      <section className="card space-y-5" aria-labelledby="summary-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="summary-title" className="text-sm font-medium text-slate-600">
              {t("Tracking ID")}
            </h2>
            <p className="font-mono text-2xl font-bold tracking-wide">{view.trackingId}</p>
          </div>
          <StatusBadge status={view.status} />
        </div>

        <div>
          <div className="mb-1 flex justify-between text-sm">
            <label htmlFor="delivery-progress" className="font-medium">
              {t("Delivery progress")}
            </label>
            <span>{progress}%</span>
          </div>
          <progress
            id="delivery-progress"
            className="progress"
            max={100}
            value={progress}
            data-tone={delivered ? "green" : statusTone(view.status) === "red" ? "red" : undefined}
          >
            {progress}%
          </progress>
        </div>

        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={t("From")} value={place(view.origin)} />
          <Fact label={t("To")} value={place(view.destination)} />
          {/* A returned parcel expects no delivery: the fact is when it was returned. */}
          <Fact
            label={delivered ? t("Delivered") : view.status === "returned" ? t("Returned to sender") : t("Estimated delivery")}
            value={
              delivered
                ? formatDate(view.actualDelivery ?? view.updatedAt, timeZone, locale)
                : view.status === "returned"
                  ? formatDate(view.updatedAt, timeZone, locale)
                  : formatDay(view.estimatedDelivery, locale)
            }
          />
          <Fact label={t("Current location")} value={view.currentLocation ? historyText(statusT, view.currentLocation) : t("Not yet scanned")} />
          <Fact label={t("Service")} value={t(serviceLabel(view.serviceType), { ns: "shipments" })} />
          <Fact label={t("Last update")} value={formatDateTime(view.updatedAt, timeZone, locale)} />
        </dl>
      </section>

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="mb-4 text-lg font-semibold">
          {t("Progress")}
        </h2>
        <Timeline steps={timeline.steps} timeZone={timeZone} />
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="mb-4 text-lg font-semibold">
          {t("Shipment history")}
        </h2>
        <ol className="space-y-4 border-l-2 border-slate-200 pl-5 print:space-y-2">
          {view.history.map((entry, index) => (
            <li key={`${entry.occurredAt}-${entry.status}-${index}`} className="relative">
              <span
                className={`absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full ${index === 0 ? "bg-brand-600" : "bg-slate-400"}`}
                aria-hidden="true"
              />
              <p className="font-semibold">{statusLabel(entry.status)}</p>
              <p className="text-slate-800">{historyText(statusT, entry.description)}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={isoDateTime(entry.occurredAt)}>{formatDateTime(entry.occurredAt, timeZone, locale)}</time>
                {entry.location ? ` · ${historyText(statusT, entry.location)}` : null}
              </p>
            </li>
          ))}
        </ol>
      </section>

      {view.details ? <ShipmentDetailsCard details={view.details} /> : null}

      {subscription ? <KeepMePosted subscription={subscription} /> : null}

      <div className="flex flex-wrap gap-3 print:hidden">
        <a
          href={`/track/${encodeURIComponent(view.trackingId)}?print=1`}
          className="btn-secondary"
          data-print
        >
          {t("Download PDF")}
        </a>
        {calendarHref ? (
          <a href={calendarHref} className="btn-secondary" download>
            {t("Add delivery date to calendar (.ics)")}
          </a>
        ) : null}
        {view.details?.invoiceUrl ? (
          <Link to={view.details.invoiceUrl} className="btn-secondary">
            {t("View invoice")}
          </Link>
        ) : null}
        {signedIn ? (
          <Link to="/dashboard" className="btn-secondary">
            {t("Go to dashboard")}
          </Link>
        ) : null}
        <Link to="/contact" className="btn-secondary">
          {t("Need help? Contact us")}
        </Link>
      </div>
    </div>
  );
}

/** One labelled fact of a shipment, inside a <dl>. */
export function Fact({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

const STEP_DOT: Record<TimelineStep["state"], Record<TimelineTone, string>> = {
  complete: {
    done: "border-brand-600 bg-brand-600 text-white",
    progress: "border-brand-600 bg-brand-600 text-white",
    problem: "border-red-700 bg-red-700 text-white",
    delivered: "border-green-700 bg-green-700 text-white",
  },
  current: {
    done: "border-brand-600 bg-white text-brand-700 ring-4 ring-brand-100",
    progress: "border-brand-600 bg-white text-brand-700 ring-4 ring-brand-100",
    problem: "border-red-700 bg-red-700 text-white ring-4 ring-red-100",
    delivered: "border-green-700 bg-green-700 text-white ring-4 ring-green-100",
  },
  upcoming: {
    done: "border-slate-300 bg-white text-slate-600",
    progress: "border-slate-300 bg-white text-slate-600",
    problem: "border-slate-300 bg-white text-slate-600",
    delivered: "border-slate-300 bg-white text-slate-600",
  },
};

const STEP_STATE_TEXT: Record<TimelineStep["state"], string> = { complete: tk("(done)"), current: tk("(current step)"), upcoming: tk("(to come)") };

/** What happened, then what is still to come; the current step is marked for assistive technology. */
function Timeline({ steps, timeZone }: { steps: TimelineStep[]; timeZone: string }) {
  const { t } = useTranslation("tracking");
  const statusLabel = useStatusLabel();
  const locale = useLocale();
  return (
    <ol className="grid gap-3 sm:auto-cols-fr sm:grid-flow-col">
      {steps.map((step, index) => (
        <li
          key={`${step.status}-${index}`}
          className="flex items-center gap-3 sm:flex-col sm:text-center"
          aria-current={step.state === "current" ? "step" : undefined}
        >
          <span
            className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${STEP_DOT[step.state][step.tone]}`}
            aria-hidden="true"
          >
            {step.tone === "problem" && step.state !== "upcoming" ? "!" : step.state === "complete" || step.tone === "delivered" ? "✓" : index + 1}
          </span>
          <span className="text-sm">
            <span className={step.state === "upcoming" ? "text-slate-600" : "font-semibold"}>{statusLabel(step.status)}</span>
            <span className="sr-only">{` ${t(STEP_STATE_TEXT[step.state])}`}</span>
            {step.tone === "delivered" && step.state !== "upcoming" ? (
              // The delivered step, once reached, is green and labelled 'Completed'.
              <span className="block text-xs font-semibold uppercase tracking-wide text-green-800" data-step-completed>
                {t("Completed")}
              </span>
            ) : null}
            {step.at !== null ? (
              <time className="block text-xs text-slate-600" dateTime={isoDateTime(step.at)}>
                {formatDate(step.at, timeZone, locale)}
              </time>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ShipmentDetailsCard({ details }: { details: NonNullable<TrackingView["details"]> }) {
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title" className="mb-4 text-lg font-semibold">
        {t("Shipment details")}
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        {(
          [
            [t("Sender"), details.sender],
            [t("Recipient"), details.recipient],
          ] as const
        ).map(([title, party]) => (
          <div key={title}>
            <h3 className="mb-1 font-semibold">{title}</h3>
            <address className="not-italic text-slate-800">
              {party.name}
              {party.company ? <br /> : null}
              {party.company}
              <br />
              {party.address}
              <br />
              {[party.city, party.state, party.postalCode].filter(Boolean).join(", ")}
              <br />
              {countryName(party.country, locale)}
              {party.email ? (
                <>
                  <br />
                  <WrapPoints text={party.email} />
                </>
              ) : null}
              {party.phone ? (
                <>
                  <br />
                  {party.phone}
                </>
              ) : null}
            </address>
          </div>
        ))}
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <Fact label={t("Package type")} value={t(packageLabel(details.packageType), { ns: "shipments" })} />
        <Fact label={t("Weight")} value={formatWeight(details.weightKg, locale)} />
        <Fact label={t("Dimensions")} value={shipmentSizes(details.dimensionsCm, details.packages)} />
        <Fact label={t("Contents")} value={details.description ?? "-"} />
        <Fact label={t("Declared value")} value={formatMoney(details.declaredValue, details.currency, locale)} />
        <Fact label={t("Shipping cost")} value={formatCharge(t, details.charge, locale)} />
      </dl>
      {details.packages.length > 0 ? (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold">{t("Parcels")}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("Contents")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("Qty")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("Weight")}
              </th>
              <th scope="col" className="py-2">
                {t("Size")}
              </th>
            </tr>
          </thead>
          <tbody>
            {details.packages.map((item, index) => (
              <tr key={index} className="border-b border-slate-200">
                <td className="py-2 pr-3">{item.description}</td>
                <td className="py-2 pr-3">{item.quantity}</td>
                <td className="py-2 pr-3">{formatWeight(item.weightKg, locale)}</td>
                <td className="py-2">{formatDimensions(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
