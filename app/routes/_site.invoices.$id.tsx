import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { getInvoiceForViewer, type InvoiceView } from "~/features/invoices/invoices.server";
import { requireUser } from "~/http/guards.server";
import { PrintControls } from "~/components/print-controls";
import { useLocale, useRootData, useTimeZone } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";
import { quoteLineText } from "~/features/pricing/quote-line-label";
import { formatWeight } from "~/domain/format";
import { countryName, formatDate, formatMoney } from "~/domain/format";
import { describeRate } from "~/features/pricing/exchange-rates";
import { formatTaxRate, INVOICE_STATUS_LABELS, type InvoiceStatus } from "~/features/invoices/invoice";
import { serviceLabel } from "~/features/shipments/shipping-options";
import { invariantResponse } from "~/.server/invariant";
import type { ScriptsHandle } from "~/components/page-scripts";
import type { SiteHandle } from "./_site";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

// An invoice is a document to print: no chat button over it.
export const handle: SiteHandle & ScriptsHandle = { hideChat: true, hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "invoices");
  return [
    { title: `${t("Invoice {{number}}", { number: data?.invoice.number ?? "" })} | ${companyNameOf(matches)}` },
    { name: "description", content: t("Your {{company}} invoice: the shipment's charges, tax and total, ready to print or save as PDF.", { company: companyNameOf(matches) }) },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  // Someone else's invoice is not found, the same as one that does not exist.
  const invoice = await getInvoiceForViewer(context.db, params.id ?? "", user);
  invariantResponse(invoice, "Invoice not found", { status: 404 });
  return { invoice, isAdmin: user.role === "admin", print: new URL(request.url).searchParams.get("print") === "1" };
}

export default function InvoicePage() {
  const { invoice, isAdmin, print } = useLoaderData<typeof loader>();
  const site = useRootData()?.site;
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("invoices");
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const { billTo, destination } = invoice.shipment;

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6">
        <PrintControls printHref="?print=1" autoPrint={print} backTo={isAdmin ? "/admin/invoices" : "/dashboard"} backLabel={isAdmin ? t("Back to invoices") : t("Back to dashboard")} />
      </div>

      <article className="card space-y-8 print:border-0 print:shadow-none" aria-labelledby="invoice-title">
        <header className="flex flex-wrap items-start justify-between gap-4 print:flex-nowrap">
          <div className="min-w-0">
            {/* The issuer as stored when the invoice was issued: later settings never rewrite it. */}
            <p className="text-lg font-bold text-brand-800">{invoice.issuer.name}</p>
            <address className="text-sm not-italic text-slate-700">
              {invoice.issuer.address}
              <span className="block">{site ? <WrapPoints text={site.supportEmail} /> : null}</span>
              <span className="block">{invoice.issuer.phone}</span>
              {invoice.issuer.taxNumber ? <span className="block">{t("Tax number: {{number}}", { number: invoice.issuer.taxNumber })}</span> : null}
            </address>
          </div>
          {/* Beside the company's block (its own column, right-aligned) wherever there is room, paper included. */}
          <div className="shrink-0 sm:text-right">
            <h1 id="invoice-title" className="text-2xl font-bold">
              {t("Invoice")}
            </h1>
            <p className="font-mono">{invoice.number}</p>
            <p className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[invoice.status]}`}>
              {t(INVOICE_STATUS_LABELS[invoice.status])}
            </p>
          </div>
        </header>

        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <Fact label={t("Issued")} value={formatDate(invoice.issuedAt, timeZone, locale)} />
          <Fact label={invoice.status === "paid" ? t("Paid") : t("Payment")} value={paymentFact(invoice, timeZone, t, locale)} />
          <Fact
            label={t("Tracking ID")}
            value={invoice.shipmentExists ? invoice.shipment.trackingId : t("{{trackingId}} (shipment deleted)", { trackingId: invoice.shipment.trackingId })}
          />
          <Fact label={t("Currency")} value={invoice.currency} />
          <Fact label={t("Exchange rate")} value={exchangeRateText(invoice.exchange, invoice.currency, timeZone, t, locale)} />
        </dl>

        <div className="grid gap-6 text-sm sm:grid-cols-2">
          <section aria-labelledby="bill-to-title">
            <h2 id="bill-to-title" className="mb-1 font-semibold">
              {t("Bill to")}
            </h2>
            <address className="not-italic text-slate-800">
              {billTo.name}
              <span className="block">{billTo.address}</span>
              <span className="block">{[billTo.city, billTo.state, billTo.postalCode].filter(Boolean).join(", ")}</span>
              <span className="block">{countryName(billTo.country, locale)}</span>
              {billTo.email ? (
                <span className="block">
                  <WrapPoints text={billTo.email} />
                </span>
              ) : null}
            </address>
          </section>
          <section aria-labelledby="shipment-title">
            <h2 id="shipment-title" className="mb-1 font-semibold">
              {t("Shipment")}
            </h2>
            <p className="text-slate-800">
              {t("{{service}} to {{name}}, {{city}}, {{country}}", {
                service: t(serviceLabel(invoice.shipment.serviceType), { ns: "shipments" }),
                name: destination.name,
                city: destination.city,
                country: countryName(destination.country, locale),
              })}
            </p>
            <p className="text-slate-800">
              {invoice.shipment.description ?? t("Parcel")}, {formatWeight(invoice.shipment.weightKg, locale)}
            </p>
          </section>
        </div>

        <table className="w-full text-sm">
          <caption className="sr-only">{t("Charges in {{currency}}", { currency: invoice.currency })}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-2 text-left font-semibold">
                {t("Description")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t("Amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoice.lines.map((line, index) => (
              <tr key={`${line.label}-${index}`}>
                <td className="py-2">{quoteLineText(line.label, t, locale)}</td>
                <td className="py-2 text-right">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-300">
            <tr>
              <th scope="row" className="pt-3 text-left font-normal">
                {t("Subtotal")}
              </th>
              <td className="pt-3 text-right">{money(invoice.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" className="py-1 text-left font-normal">
                {t("Tax ({{rate}})", { rate: formatTaxRate(invoice.taxRateBasisPoints, locale) })}
              </th>
              <td className="py-1 text-right">{money(invoice.tax)}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-2 text-left text-base">
                {t("Total")}
              </th>
              <td className="pt-2 text-right text-base font-bold">{money(invoice.total)}</td>
            </tr>
          </tfoot>
        </table>

        <footer className="text-sm text-slate-700">
          <Trans
            t={t}
            i18nKey="Questions about this invoice? Write to {{email}} and quote <nowrap>{{number}}</nowrap>."
            values={{ email: site?.supportEmail ?? "", number: invoice.number }}
            components={{ nowrap: <span className="whitespace-nowrap" /> }}
          />
        </footer>
      </article>
    </main>
  );
}

/** "1 USD = 0.87 EUR (Nov 20, 2026)"; how a price in the base currency, or one from before rates, reads. */
function exchangeRateText(exchange: InvoiceView["exchange"], currency: string, timeZone: string, t: TFunction, locale: string): string {
  if (!exchange) return t("Not recorded");
  if (exchange.baseCurrency === currency) return t("None: priced in {{currency}}", { currency });
  return `${describeRate({ currency, rate: exchange.rate }, locale)}${exchange.setAt !== null ? ` (${formatDate(exchange.setAt, timeZone, locale)})` : ""}`;
}

const STATUS_CLASSES: Record<InvoiceStatus, string> = {
  unpaid: "bg-yellow-100 text-yellow-900",
  paid: "bg-green-100 text-green-900",
  void: "bg-slate-200 text-slate-800",
};

function paymentFact(invoice: { status: InvoiceStatus; paidAt: number | null }, timeZone: string, t: TFunction, locale: string): string {
  if (invoice.status === "void") return t("Void: nothing to pay");
  return invoice.paidAt ? formatDate(invoice.paidAt, timeZone, locale) : t("Due on receipt");
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
