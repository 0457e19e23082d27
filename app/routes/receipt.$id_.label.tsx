import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { getReceipt } from "~/features/shipments/receipt.server";
import { requireAdmin } from "~/http/guards.server";
import { getSettings } from "~/features/settings/settings.server";
import { Code128Barcode, QrCodeImage } from "~/features/shipments/codes";
import { PrintControls } from "~/components/print-controls";
import { useLocale, useTimeZone } from "~/components/root-data";
import { countryName, formatDate, formatWeight } from "~/domain/format";
import { packageLabel, serviceLabel } from "~/features/shipments/shipping-options";
import { invariantResponse } from "~/.server/invariant";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "tracking");
  const company = companyNameOf(matches);
  return [
    { title: data ? t("Label {{trackingId}} | {{company}}", { trackingId: data.receipt.shipment.trackingId, company }) : t("Label | {{company}}", { company }) },
    { name: "description", content: t("Printable 4 by 6 inch parcel label with the tracking barcode.") },
  ];
};

// A 4 × 6 inch thermal label: the page size only applies while this page is printed.
const LABEL_PAGE = "@page { size: 4in 6in; margin: 0; }";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const [receipt, settings] = await Promise.all([getReceipt(context.db, params.id ?? "", context.origin), getSettings(context.db)]);
  invariantResponse(receipt, "Unable to load receipt.", { status: 404 });
  return { receipt, companyName: settings.companyName, print: url.searchParams.get("print") === "1" };
}

export default function ParcelLabelPage() {
  const { receipt, companyName, print } = useLoaderData<typeof loader>();
  const { shipment, qr, trackingUrl } = receipt;
  const timeZone = useTimeZone();
  const locale = useLocale();
  // The service and package type are named from the shipments catalogs.
  const { t } = useTranslation(["tracking", "shipments"]);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-8 print:block print:p-0">
      <style>{LABEL_PAGE}</style>
      <PrintControls
        printHref={`/receipt/${encodeURIComponent(shipment.id)}/label?print=1`}
        autoPrint={print}
        backTo={`/receipt/${encodeURIComponent(shipment.id)}`}
        backLabel={t("Back to receipt")}
      />
      <article
        aria-labelledby="label-title"
        className="flex h-[6in] w-[4in] flex-col gap-2 overflow-hidden border-2 border-black bg-white p-[0.2in] text-black print:border-0"
      >
        <header className="flex items-center justify-between border-b-2 border-black pb-1">
          <p className="text-lg font-bold">{companyName}</p>
          <p className="text-right text-sm font-bold uppercase">{t(serviceLabel(shipment.serviceType), { ns: "shipments" })}</p>
        </header>
        <h1 id="label-title" className="sr-only">
          {t("Parcel label {{trackingId}}", { trackingId: shipment.trackingId })}
        </h1>
        <section className="text-xs leading-snug" aria-label={t("From")}>
          <p className="font-bold uppercase">{t("From")}</p>
          <p>{shipment.senderName}</p>
          <p>{shipment.senderAddress}</p>
          <p>
            {[shipment.senderCity, shipment.senderState, shipment.senderPostalCode].filter(Boolean).join(", ")}, {countryName(shipment.senderCountry, locale)}
          </p>
        </section>
        <section className="border-y-2 border-black py-2 text-base leading-snug" aria-label={t("To")}>
          <p className="text-xs font-bold uppercase">{t("To")}</p>
          <p className="text-lg font-bold">{shipment.recipientName}</p>
          {shipment.recipientCompany ? <p>{shipment.recipientCompany}</p> : null}
          <p>{shipment.recipientAddress}</p>
          <p>{[shipment.recipientCity, shipment.recipientState, shipment.recipientPostalCode].filter(Boolean).join(", ")}</p>
          <p className="font-bold uppercase">{countryName(shipment.recipientCountry, locale)}</p>
          {shipment.recipientPhone ? <p className="text-sm">{shipment.recipientPhone}</p> : null}
        </section>
        <div className="flex items-center justify-between gap-2 text-xs">
          <dl className="grid grid-cols-[auto_1fr] gap-x-2">
            <dt className="font-bold">{t("Weight")}</dt>
            <dd>{formatWeight(shipment.weightKg, locale)}</dd>
            <dt className="font-bold">{t("Type")}</dt>
            <dd>{t(packageLabel(shipment.packageType), { ns: "shipments" })}</dd>
            <dt className="font-bold">{t("Shipped")}</dt>
            <dd>{formatDate(shipment.createdAt, timeZone, locale)}</dd>
            <dt className="font-bold">{t("Signature")}</dt>
            <dd>{shipment.signatureRequired ? t("Required") : t("Not required")}</dd>
            <dt className="font-bold">{t("Handling")}</dt>
            <dd>{shipment.fragile ? t("FRAGILE") : t("Standard")}</dd>
          </dl>
          <QrCodeImage code={qr} label={t("QR code linking to {{url}}", { url: trackingUrl })} className="h-[1.1in] w-[1.1in]" />
        </div>
        <div className="mt-auto text-center">
          <Code128Barcode text={shipment.trackingId} className="h-[1in] w-full" />
          <p className="font-mono text-lg font-bold tracking-widest">{shipment.trackingId}</p>
        </div>
      </article>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
