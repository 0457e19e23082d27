import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Price } from "~/features/pricing/price";
import { formatTaxRate } from "~/features/invoices/invoice";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { tk } from "~/features/languages/languages";
import { metaT } from "~/features/languages/translate";
import { getReceipt } from "~/features/shipments/receipt.server";
import { DeliveryProofCard } from "~/features/couriers/delivery-proof";
import { requireAdmin } from "~/http/guards.server";
import { getSettings } from "~/features/settings/settings.server";
import { Code128Barcode, QrCodeImage } from "~/features/shipments/codes";
import { PrintControls } from "~/components/print-controls";
import { useLocale, useTimeZone } from "~/components/root-data";
import { StatusBadge } from "~/features/shipments/status-badge";
import { STATUSES_NAMESPACE } from "~/features/shipments/shipment-status";
import { historyText } from "~/features/tracking/tracking-history";
import { Fact } from "~/features/tracking/tracking-result";
import { countryName, formatDate, formatDateTime, formatDay, formatDimensions, formatMoney, formatWeight, shipmentSizes } from "~/domain/format";
import { DELIVERY_OPTION_LABELS, packageLabel, serviceLabel, type DeliveryOption } from "~/features/shipments/shipping-options";
import { invariantResponse } from "~/.server/invariant";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "tracking");
  const company = companyNameOf(matches);
  return [
    { title: data ? t("Receipt {{trackingId}} | {{company}}", { trackingId: data.receipt.shipment.trackingId, company }) : t("Receipt | {{company}}", { company }) },
    { name: "description", content: t("Printable shipment receipt with a QR code to follow the parcel.") },
  ];
};

/** The receipt's note when the shipment has none. */
const DEFAULT_NOTE = tk("Your package is safe");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [receipt, settings] = await Promise.all([getReceipt(context.db, params.id ?? "", context.origin), getSettings(context.db)]);
  invariantResponse(receipt, "Unable to load receipt.", { status: 404 });
  return {
    receipt,
    company: { name: settings.companyName, email: settings.supportEmail, phone: settings.supportPhone, address: settings.supportAddress },
    print: new URL(request.url).searchParams.get("print") === "1",
  };
}

export default function ReceiptPage() {
  const { receipt, company, print } = useLoaderData<typeof loader>();
  const { shipment, packages, costLines, charge, estimatedDelivery, trackingUrl, qr, proof } = receipt;
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("tracking");
  const money = (amount: number) => formatMoney(amount, shipment.currency, locale);
  const { t: statusT } = useTranslation(STATUSES_NAMESPACE);
  const yesNo = (value: boolean | null) => (value ? t("Yes") : t("No"));
  const dimensions = shipmentSizes(
    shipment.lengthCm && shipment.widthCm && shipment.heightCm ? { length: shipment.lengthCm, width: shipment.widthCm, height: shipment.heightCm } : null,
    packages.map((item) => ({ length: item.lengthCm, width: item.widthCm, height: item.heightCm, quantity: item.quantity })),
  );
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 print:max-w-none print:p-0">
      <PrintControls
        printHref={`/receipt/${encodeURIComponent(shipment.id)}?print=1`}
        autoPrint={print}
        backTo="/admin/dashboard"
        backLabel={t("Back to Dashboard")}
      />
      <article className="card space-y-6 max-sm:p-4 print:space-y-4 print:border-0 print:p-0 print:shadow-none" aria-labelledby="receipt-title">
        <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-6 print:flex-nowrap print:pb-4">
          <div>
            <p className="text-xl font-bold text-brand-800">{company.name}</p>
            <address className="text-sm not-italic text-slate-700">
              {company.address}
              <br />
              {company.phone} · <WrapPoints text={company.email} />
            </address>
            <h1 id="receipt-title" className="mt-4 text-2xl font-bold">
              {t("Shipment Receipt")}
            </h1>
            <p className="text-sm text-slate-700">{t("Issued {{date}}", { date: formatDateTime(shipment.createdAt, timeZone, locale) })}</p>
          </div>
          <figure className="text-center">
            <QrCodeImage code={qr} label={t("QR code linking to {{url}}", { url: trackingUrl })} className="mx-auto h-36 w-36 print:h-28 print:w-28" />
            <figcaption className="mt-1 max-w-48 break-words text-xs text-slate-700">
              {t("Scan to track:")} <WrapPoints text={trackingUrl} />
            </figcaption>
          </figure>
        </header>

        <section aria-labelledby="tracking-title" className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id="tracking-title" className="text-sm font-medium text-slate-700">
              {t("Tracking ID")}
            </h2>
            <p className="font-mono text-2xl font-bold tracking-wide">{shipment.trackingId}</p>
            <p className="mt-1">
              <StatusBadge status={shipment.status} />
            </p>
          </div>
          <Code128Barcode text={shipment.trackingId} className="h-16 w-72" />
        </section>

        <div className="grid gap-6 sm:grid-cols-2">
          <Party title={t("Sender")} party={partyOf(shipment, "sender")} />
          <Party title={t("Recipient")} party={partyOf(shipment, "recipient")} />
        </div>

        <section aria-labelledby="details-title">
          <h2 id="details-title" className="mb-3 text-lg font-semibold">
            {t("Shipment details")}
          </h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3 print:grid-cols-4 print:gap-y-2">
            <Fact label={t("Service")} value={serviceLabel(shipment.serviceType)} />
            <Fact label={t("Delivery option")} value={DELIVERY_OPTION_LABELS[shipment.deliveryOption as DeliveryOption] ?? shipment.deliveryOption} />
            <Fact label={t("Package type")} value={packageLabel(shipment.packageType)} />
            <Fact label={t("Weight")} value={formatWeight(shipment.weightKg, locale)} />
            <Fact label={t("Dimensions")} value={dimensions} />
            <Fact label={t("Contents")} value={shipment.description || "-"} />
            <Fact label={t("Declared value")} value={money(shipment.declaredValue)} />
            <Fact label={t("Insurance")} value={yesNo(shipment.insurance)} />
            <Fact label={t("Signature required")} value={yesNo(shipment.signatureRequired)} />
            <Fact label={t("Fragile handling")} value={yesNo(shipment.fragile)} />
            <Fact label={t("Estimated delivery")} value={estimatedDelivery ? formatDay(estimatedDelivery, locale) : "-"} />
            <Fact label={t("Custom delivery days")} value={shipment.customDeliveryDays || "-"} />
            <Fact label={t("Actual delivery")} value={shipment.actualDelivery ? formatDate(shipment.actualDelivery, timeZone, locale) : "-"} />
            <Fact label={t("Current location")} value={shipment.currentLocation ? historyText(statusT, shipment.currentLocation) : "-"} />
            <Fact label={t("Reference")} value={shipment.referenceNumber || "-"} />
            <Fact label={t("Special instructions")} value={shipment.specialInstructions || "-"} />
          </dl>
        </section>

        {packages.length > 0 ? (
          <section aria-labelledby="parcels-title">
            <h2 id="parcels-title" className="mb-3 text-lg font-semibold">
              {t("Parcels")}
            </h2>
            <table className="w-full text-left text-xs sm:text-sm">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-2 pr-3">{t("Description")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Qty")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Weight")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Dimensions")}</th>
                  <th scope="col" className="py-2 text-right">{t("Value")}</th>
                </tr>
              </thead>
              <tbody>
                {packages.map((item) => (
                  <tr key={item.position} className="border-b border-slate-200">
                    <td className="py-2 pr-3">{item.description}</td>
                    <td className="py-2 pr-3">{item.quantity}</td>
                    <td className="py-2 pr-3">{formatWeight(item.weightKg, locale)}</td>
                    <td className="py-2 pr-3">{formatDimensions({ length: item.lengthCm, width: item.widthCm, height: item.heightCm })}</td>
                    <td className="py-2 text-right">{money(item.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}

        <section aria-labelledby="charges-title">
          <h2 id="charges-title" className="mb-3 text-lg font-semibold">
            {t("Charges ({{currency}})", { currency: shipment.currency })}
          </h2>
          <dl className="space-y-1">
            {costLines.map((line) => (
              <div key={line.key} className="flex justify-between gap-4">
                <dt className="text-slate-700">{line.label}</dt>
                <dd>{money(line.amount)}</dd>
              </div>
            ))}
            {charge.tax > 0 ? (
              <>
                <div className="flex justify-between gap-4 border-t border-slate-300 pt-2">
                  <dt className="text-slate-700">{t("Subtotal")}</dt>
                  <dd>{money(charge.net)}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-700">{t("Tax ({{rate}})", { rate: formatTaxRate(charge.taxRateBasisPoints) })}</dt>
                  <dd>{money(charge.tax)}</dd>
                </div>
              </>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-bold">
              <dt>{t("Total")}</dt>
              <dd>
                <Price charge={charge} />
              </dd>
            </div>
          </dl>
        </section>

        {proof ? <DeliveryProofCard proof={proof} timeZone={timeZone} className="" /> : null}

        <section aria-labelledby="notes-title">
          <h2 id="notes-title" className="mb-1 text-lg font-semibold">
            {t("Notes")}
          </h2>
          <p className="whitespace-pre-line text-slate-800">{shipment.notes || t(DEFAULT_NOTE)}</p>
        </section>
      </article>
      <p className="text-sm print:hidden">
        <Link to={`/receipt/${encodeURIComponent(shipment.id)}/label?print=1`} className="link">
          {t("Print the 4×6 parcel label")}
        </Link>
      </p>
    </main>
  );
}

type PartyView = { name: string; company: string | null; address: string | null; city: string; state: string | null; postalCode: string | null; country: string; email: string | null; phone: string | null };

function partyOf(
  shipment: Record<`${"sender" | "recipient"}${"Name" | "City" | "Country"}`, string> &
    Record<`${"sender" | "recipient"}${"Company" | "Address" | "State" | "PostalCode" | "Email" | "Phone"}`, string | null>,
  who: "sender" | "recipient",
): PartyView {
  return {
    name: shipment[`${who}Name`],
    company: shipment[`${who}Company`],
    address: shipment[`${who}Address`],
    city: shipment[`${who}City`],
    state: shipment[`${who}State`],
    postalCode: shipment[`${who}PostalCode`],
    country: shipment[`${who}Country`],
    email: shipment[`${who}Email`],
    phone: shipment[`${who}Phone`],
  };
}

function Party({ title, party }: { title: string; party: PartyView }) {
  const locale = useLocale();
  return (
    <section aria-label={title} className="min-w-0">
      <h2 className="mb-1 text-lg font-semibold">{title}</h2>
      <address className="not-italic leading-relaxed text-slate-800">
        <span className="font-medium">{party.name}</span>
        {party.company ? <><br />{party.company}</> : null}
        <br />
        {party.address || "-"}
        <br />
        {[party.city, party.state, party.postalCode].filter(Boolean).join(", ")}
        <br />
        {countryName(party.country, locale)}
        <br />
        {party.email ? <WrapPoints text={party.email} /> : "-"} · {party.phone || "-"}
      </address>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
