import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { countryName, formatWeight } from "~/domain/format";
import { StatusBadge } from "~/features/shipments/status-badge";
import type { Stop } from "./couriers.server";

/** The courier's stop page. */
export function stopPath(trackingId: string): string {
  return `/courier/stops/${encodeURIComponent(trackingId)}`;
}

/** The phone number as a tel: address: digits and a leading plus only. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? `+${digits.slice(1).replace(/\+/g, "")}` : digits.replace(/\+/g, "")}`;
}

/**
 * What the courier needs at one stop: who, where, how to reach them, what to carry. On the run
 * sheet the name leads to the stop's page (`linked`); printed, it is plain text.
 */
export function StopDetails({ stop, number, linked = false }: { stop: Stop; number?: number; linked?: boolean }) {
  const { t } = useTranslation("couriers");
  const locale = useLocale();
  const place = [stop.recipientPostalCode, stop.recipientCity].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {number !== undefined ? (
          <span className="inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-slate-800 px-2 text-sm font-bold text-white" aria-hidden="true">
            {number}
          </span>
        ) : null}
        <h2 className="text-lg font-semibold">
          {linked ? (
            <Link to={stopPath(stop.trackingId)} className="link">
              {number !== undefined ? <span className="sr-only">{t("Stop {{number}}:", { number })} </span> : null}
              {stop.recipientName}
            </Link>
          ) : (
            stop.recipientName
          )}
        </h2>
        <StatusBadge status={stop.status} />
      </div>
      <p className="font-mono text-sm">{stop.trackingId}</p>
      <address className="not-italic">
        {stop.recipientCompany ? <span className="block">{stop.recipientCompany}</span> : null}
        {stop.recipientAddress ? <span className="block">{stop.recipientAddress}</span> : null}
        <span className="block">
          {place}
          {stop.recipientState ? `, ${stop.recipientState}` : null}, {countryName(stop.recipientCountry, locale)}
        </span>
      </address>
      {stop.recipientPhone ? (
        <p>
          <Trans t={t} i18nKey="Phone: <tel>{{phone}}</tel>" values={{ phone: stop.recipientPhone }} components={{ tel: <a href={telHref(stop.recipientPhone)} className="link" /> }} />
        </p>
      ) : null}
      <p>
        {t("{{count}} parcels, {{weight}}", { count: stop.parcels, weight: formatWeight(stop.weightKg, locale) })}
        {stop.signatureRequired ? (
          <>
            {" · "}
            <strong>{t("Signature required")}</strong>
          </>
        ) : null}
      </p>
      {stop.notes ? <p className="text-slate-700">{t("Notes: {{notes}}", { notes: stop.notes })}</p> : null}
    </div>
  );
}
