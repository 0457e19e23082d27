import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { loadAnalytics, type Analytics, type Average, type Money, type Rate } from "~/features/analytics/analytics.server";
import { generateReport } from "~/features/analytics/analytics-reports.server";
import { formAnswer } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { requestTimeZone } from "~/.server/time-zone";
import { redirectWithToast } from "~/http/toast.server";
import { FormErrors, SelectField, useMessages } from "~/components/forms";
import { DataTable, type Column } from "~/components/list";
import { PrintControls } from "~/components/print-controls";
import { RevenueTrendChart } from "~/features/analytics/revenue-trend-chart";
import { useLocale, useRootData } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";
import { translator } from "~/features/languages/i18n.server";
import { LOCALES, tk } from "~/features/languages/languages";
import {
  ANALYTICS_PERIODS,
  growth,
  growthText,
  parsePeriod,
  percentText,
  PERIOD_LABELS,
  pointsChangeText,
  PREVIOUS_PERIOD_LABELS,
  PROBLEM_STATUSES,
  REPORT_LABELS,
  REPORT_TYPES,
  trendBuckets,
  type AnalyticsPeriod,
} from "~/features/analytics/analytics";
import { countryName, formatDateTime, formatMoney } from "~/domain/format";
import { BASE_CURRENCY, type ExchangeRate } from "~/features/pricing/exchange-rates";
import { revenueText, revenueTotal, totalText, TOTAL_NOTE } from "~/features/pricing/revenue";
import { averageScoreText } from "~/features/ratings/rating-scale";
import { statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { companyNameOf, FALLBACK_COMPANY_NAME } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Analytics | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Revenue, shipments, destinations and ratings over a chosen period, printable and exportable.") },
  ];
};

// A load that failed says when to try again (Retry-After), for the page as well as its data.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const AnalyticsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("refresh"), period: z.string().max(10).optional(), currency: z.string().max(10).optional() }),
  z.object({
    intent: z.literal("report"),
    period: z.string().max(10).optional(),
    // Any text up to a bound: the service answers 'Unsupported report type' for what it does not make.
    type: z.string({ required_error: "Please choose a report type" }).max(40, "Unsupported report type"),
  }),
]);

/** The page's address for a period (and the trend's currency, when chosen). */
function analyticsPath(period: AnalyticsPeriod, extra: Record<string, string | null> = {}): string {
  const params = new URLSearchParams({ period });
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  return `/admin/analytics?${params}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const period = parsePeriod(url.searchParams.get("period"));
  const askedText = url.searchParams.get("currency")?.toUpperCase() ?? null;
  const asked = askedText && /^[A-Z]{3}$/.test(askedText) ? askedText : null;
  const print = url.searchParams.get("print") === "1";
  // The address names what is shown: the period always, nothing else that is not understood.
  const tidy = analyticsPath(period, { currency: asked, print: print ? "1" : null });
  if (url.pathname + url.search !== tidy) throw redirect(tidy);
  const timeZone = requestTimeZone(request);
  const load = await loadAnalytics(context, { period, timeZone });
  const language = await context.language();
  if (language !== "en") {
    // The trend's labels in the reader's language: the same buckets, named in their words.
    const { trend, range } = load.analytics;
    const t = translator(language, "admin");
    const named = trendBuckets(trend.unit, range, timeZone, LOCALES[language], (day) => t("Week of {{day}}", { day }));
    trend.buckets = trend.buckets.map((bucket, index) => ({ ...bucket, label: named[index]?.label ?? bucket.label }));
  }
  const currencies = load.analytics.trend.currencies;
  // The trend's currency: the one asked for when there was revenue in it, else every currency in the base currency.
  const chosen = asked && currencies.includes(asked) ? asked : null;
  const answer = { ...load, currency: chosen, chosenCurrency: chosen, print };
  return load.state === "ok" ? answer : data(answer, { status: 503, headers: { "Retry-After": "30" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: AnalyticsActionSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const period = parsePeriod(submission.value.period);
  if (submission.value.intent === "refresh") {
    const currency = submission.value.currency?.toUpperCase() ?? null;
    return redirectWithToast(context.cloudflare.env, analyticsPath(period, { currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null }), {
      type: "success",
      message: "Analytics refreshed",
    });
  }
  const outcome = await generateReport(context, { type: submission.value.type, period, language: await context.language() });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return { result: submission.reply(), report: outcome.report, message: outcome.message };
}

export default function AnalyticsPage() {
  const { state, analytics, currency, chosenCurrency, print } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const period = analytics.period;
  const here = analyticsPath(period, { currency: chosenCurrency });
  // The report names the company as the settings do.
  const companyName = useRootData()?.site.companyName ?? FALLBACK_COMPANY_NAME;
  return (
    <main id="main" className="space-y-6 p-6 print:space-y-4 print:p-0">
      {print ? (
        <PrintControls printHref={analyticsPath(period, { currency: chosenCurrency, print: "1" })} autoPrint backTo={here} backLabel={t("Back to analytics")} />
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">
            {print ? t("{{company}} analytics report: {{period}}", { company: companyName, period: t(PERIOD_LABELS[period]).toLowerCase() }) : t("Analytics")}
          </h1>
          <PeriodNote analytics={analytics} />
        </div>
        {print ? null : <Toolbar period={period} currency={chosenCurrency} />}
      </div>

      {print ? null : <ReportPanel period={period} />}

      {state === "failed" ? (
        <section role="alert" className="card border-red-300 bg-red-50" aria-labelledby="load-error-title">
          <h2 id="load-error-title" className="mb-2 text-lg font-semibold text-red-900">
            {t("Failed to load analytics data")}
          </h2>
          <p className="mb-4 text-red-900">{t("The figures below are zeros until the data can be read again.")}</p>
          <a href={here} className="btn-secondary">
            {t("Try again")}
          </a>
        </section>
      ) : null}

      <KpiCards analytics={analytics} />
      <div className="grid gap-6 xl:grid-cols-2 print:grid-cols-1">
        <StatusBreakdown statuses={analytics.statuses} total={analytics.shipments.current} />
        <PerformanceMetrics analytics={analytics} />
      </div>
      <section className="card space-y-4" aria-labelledby="trend-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="trend-title" className="text-lg font-semibold">
            {t("Revenue Trend")}
          </h2>
          {print || analytics.trend.currencies.every((code) => code === BASE_CURRENCY) ? null : (
            <ChoiceForm
              id="trend-currency"
              name="currency"
              label={t("Currency shown")}
              value={currency ?? ""}
              options={[{ value: "", label: t("All, in {{currency}}", { currency: BASE_CURRENCY }) }, ...analytics.trend.currencies.map((code) => ({ value: code, label: code }))]}
              keep={{ period }}
              buttonLabel={t("Show currency")}
            />
          )}
        </div>
        <RevenueTrendChart
          buckets={analytics.trend.buckets}
          unit={analytics.trend.unit}
          currency={currency}
          rates={analytics.rates}
          timeZone={analytics.timeZone}
          tableOpen={print}
        />
      </section>
      <div className="grid gap-6 xl:grid-cols-2 print:grid-cols-1">
        <TopRoutes routes={analytics.topRoutes} rates={analytics.rates} />
        <RegionalPerformance regions={analytics.regions} rates={analytics.rates} period={period} />
      </div>
    </main>
  );
}

function PeriodNote({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { range, timeZone, period } = analytics;
  return (
    <p className="max-w-3xl text-slate-700">
      {t("{{period}}: {{start}} to {{end}}, each figure compared with {{previous}}. Days are counted in {{timeZone}}.", {
        period: t(PERIOD_LABELS[period]),
        start: formatDateTime(range.start, timeZone, locale),
        end: formatDateTime(range.end, timeZone, locale),
        previous: t(PREVIOUS_PERIOD_LABELS[period]),
        timeZone,
      })}
    </p>
  );
}

function Toolbar({ period, currency }: { period: AnalyticsPeriod; currency: string | null }) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex flex-wrap items-end gap-3 print:hidden">
      <ChoiceForm
        id="analytics-period"
        name="period"
        label={t("Period")}
        value={period}
        options={ANALYTICS_PERIODS.map((value) => ({ value, label: t(PERIOD_LABELS[value]) }))}
        buttonLabel={t("Show period")}
      />
      <Form method="post" action={analyticsPath(period, { currency })}>
        <input type="hidden" name="period" value={period} />
        <input type="hidden" name="currency" value={currency ?? ""} />
        <button type="submit" name="intent" value="refresh" className="btn-secondary">
          {t("Refresh")}
        </button>
      </Form>
      <a href={`/admin/analytics/export?report=shipments&period=${period}`} className="btn-secondary" download>
        {t("Export CSV")}
      </a>
      <Link to={analyticsPath(period, { currency, print: "1" })} className="btn-secondary">
        {t("Export PDF")}
      </Link>
    </div>
  );
}

/** A GET form of one labelled select: its button sends it without JavaScript, a change sends it with. */
function ChoiceForm({
  id,
  name,
  label,
  value,
  options,
  keep = {},
  buttonLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  keep?: Record<string, string>;
  buttonLabel: string;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-end gap-2 print:hidden" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {Object.entries(keep).map(([field, kept]) => (
        <input key={field} type="hidden" name={field} value={kept} />
      ))}
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <select id={id} name={name} defaultValue={value} key={value} className="input">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        {buttonLabel}
      </button>
    </Form>
  );
}

/** The link to a generated report's file, in words of its own for each report. */
const DOWNLOAD_LABELS = { shipments: tk("Download the shipments report (CSV)"), users: tk("Download the users report (CSV)") } as const;

function ReportPanel({ period }: { period: AnalyticsPeriod }) {
  const { t } = useTranslation("admin");
  const message = useMessages();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; period: string; type: string }>({
    id: "generate-report",
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
  });
  const report = actionData && "report" in actionData ? actionData.report : null;
  return (
    <section className="card space-y-4 print:hidden" aria-labelledby="report-title">
      <h2 id="report-title" className="text-lg font-semibold">
        {t("Generate Report")}
      </h2>
      <Form method="post" action={analyticsPath(period)} {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="period" value={period} />
        <SelectField label={t("Report type")} errors={fields.type.errors} selectProps={{ ...getSelectProps(fields.type), defaultValue: "shipments" }}>
          {REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(REPORT_LABELS[type])}
            </option>
          ))}
        </SelectField>
        <button type="submit" name="intent" value="report" className="btn-primary">
          {t("Generate Report")}
        </button>
      </Form>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div role="status">
        {report && actionData && "message" in actionData ? (
          <div className="space-y-3 rounded-md border border-green-700 bg-green-50 p-4">
            <p className="font-semibold text-green-900">{message(actionData.message ?? "")}</p>
            <h3 className="font-semibold">{report.title}</h3>
            <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {report.facts.map((fact) => (
                <div key={fact.label} className="flex justify-between gap-3 border-b border-green-200 py-1">
                  <dt>{fact.label}</dt>
                  <dd className="font-semibold">{fact.value}</dd>
                </div>
              ))}
            </dl>
            <a href={`/admin/analytics/export?report=${report.type}&period=${report.period}`} className="btn-secondary" download>
              {t(DOWNLOAD_LABELS[report.type])}
            </a>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** "+12.5% vs the 30 days before (40)". */
function ChangeNote({ value, period, previous }: { value: string; period: AnalyticsPeriod; previous?: string }) {
  const { t } = useTranslation("admin");
  const words = { change: t(value), period: t(PREVIOUS_PERIOD_LABELS[period]), previous };
  return <p className="text-sm text-slate-700">{previous === undefined ? t("{{change}} vs {{period}}", words) : t("{{change}} vs {{period}} ({{previous}})", words)}</p>;
}

function averageChange(average: Average, locale: string): string {
  if (average.value === null || average.previousValue === null) return average.value === null ? "—" : tk("new");
  return growthText(growth(average.value, average.previousValue), locale);
}

/** "4.2" (business days), one decimal in the reader's way. */
function daysText(value: number, locale: string): string {
  return value.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function KpiCards({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { period, shipments, deliveryTime, satisfaction } = analytics;
  return (
    <section aria-labelledby="kpi-title">
      <h2 id="kpi-title" className="sr-only">
        {t("Key figures")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4 print:grid-cols-2">
        <Kpi title={t("Total Shipments")}>
          <p className="text-3xl font-bold">{shipments.current.toLocaleString(locale)}</p>
          <ChangeNote value={growthText(shipments.growth, locale)} period={period} previous={shipments.previous.toLocaleString(locale)} />
        </Kpi>
        <Kpi title={t("Total Revenue")}>
          <RevenueList analytics={analytics} />
        </Kpi>
        <Kpi title={t("Avg Delivery Time")}>
          <p className="text-3xl font-bold">{deliveryTime.value === null ? "—" : t("{{days}} business days", { days: daysText(deliveryTime.value, locale) })}</p>
          <p className="text-sm text-slate-700">
            {deliveryTime.count === 0 ? t("No deliveries in this period") : t("Created to delivered, over {{count}} deliveries", { count: deliveryTime.count })}
          </p>
          <ChangeNote
            value={averageChange(deliveryTime, locale)}
            period={period}
            previous={deliveryTime.previousValue === null ? undefined : daysText(deliveryTime.previousValue, locale)}
          />
        </Kpi>
        <Kpi title={t("Customer Satisfaction")}>
          {satisfaction.value === null ? (
            <p className="text-3xl font-bold">{t("No ratings yet")}</p>
          ) : (
            <>
              <p className="text-3xl font-bold">{averageScoreText(satisfaction.value)}</p>
              <p className="text-sm text-slate-700">{t("From {{count}} ratings of delivered shipments", { count: satisfaction.count })}</p>
            </>
          )}
          <ChangeNote
            value={averageChange(satisfaction, locale)}
            period={period}
            previous={satisfaction.previousValue === null ? undefined : averageScoreText(satisfaction.previousValue)}
          />
        </Kpi>
      </div>
    </section>
  );
}

function Kpi({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="card space-y-1 print:break-inside-avoid">
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      {children}
    </div>
  );
}

/** The period's revenue in the base currency, how it moved, and beside it each currency as charged. */
function RevenueList({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { period, revenue, revenueTotal: total } = analytics;
  const charged = revenue.filter((entry) => entry.current > 0 || entry.previous > 0);
  if (charged.length === 0) {
    return (
      <>
        <p className="text-3xl font-bold">{formatMoney(0, BASE_CURRENCY, locale)}</p>
        <p className="text-sm text-slate-700">{t("Nothing charged in this period or {{period}}", { period: t(PREVIOUS_PERIOD_LABELS[period]) })}</p>
      </>
    );
  }
  const onlyBase = charged.every((entry) => entry.currency === BASE_CURRENCY);
  return (
    <>
      <p className="text-3xl font-bold">{totalText(total.current, locale)}</p>
      <ChangeNote value={growthText(total.growth, locale)} period={period} previous={totalText(total.previous, locale)} />
      {onlyBase ? null : (
        <>
          <ul className="space-y-0.5 text-sm text-slate-800" aria-label={t("Revenue per currency")}>
            {charged.map((entry) => (
              <li key={entry.currency}>
                <Trans
                  t={t}
                  i18nKey={
                    total.current.unconverted.includes(entry.currency)
                      ? "<amount>{{amount}}</amount> {{currency}}, {{change}} (no {{currency}} rate: not in the total)"
                      : "<amount>{{amount}}</amount> {{currency}}, {{change}}"
                  }
                  values={{ amount: formatMoney(entry.current, entry.currency, locale), currency: entry.currency, change: t(growthText(entry.growth, locale)) }}
                  components={{ amount: <span className="font-semibold" /> }}
                />
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700">{t(TOTAL_NOTE)}</p>
        </>
      )}
    </>
  );
}

/** In analytics only delivered, in transit, pending and exception are coloured. */
const BAR_COLOURS: Partial<Record<ShipmentStatus, string>> = {
  delivered: "bg-green-700",
  in_transit: "bg-brand-600",
  pending: "bg-yellow-500",
  exception: "bg-red-700",
};

function StatusBreakdown({ statuses, total }: { statuses: Analytics["statuses"]; total: number }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return (
    <section className="card space-y-4" aria-labelledby="status-title">
      <h2 id="status-title" className="text-lg font-semibold">
        {t("Shipments by Status")}
      </h2>
      {statuses.length === 0 ? (
        <p className="text-slate-700">{t("No shipments in this period.")}</p>
      ) : (
        <ul className="space-y-3">
          {statuses.map((entry) => (
            <li key={entry.status}>
              <div className="mb-1 flex justify-between gap-3 text-sm">
                <span className="font-medium">{statusLabel(entry.status)}</span>
                <span>
                  {t("{{part}} of {{whole}} ({{percent}})", { part: entry.count.toLocaleString(locale), whole: total.toLocaleString(locale), percent: percentText(entry.percent, locale) })}
                </span>
              </div>
              <div className="h-2.5 rounded-full bg-slate-200 print:border print:border-slate-400" aria-hidden="true">
                <div className={`h-2.5 rounded-full ${BAR_COLOURS[entry.status] ?? "bg-slate-500"}`} style={{ width: `${entry.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PerformanceMetrics({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { onTime, transitTime, retention, efficiency, period } = analytics;
  const counts = (rate: Rate) => ({ part: rate.part.toLocaleString(locale), whole: rate.whole.toLocaleString(locale) });
  const points = (figure: string) => t("{{points}} pts", { points: figure });
  const metrics = [
    {
      label: t("On-Time Delivery"),
      value: percentText(onTime.percent, locale),
      note:
        onTime.whole === 0
          ? t("No deliveries with an estimate in this period, delivered on or before the estimated day")
          : t("{{part}} of {{whole}} deliveries with an estimate, delivered on or before the estimated day", counts(onTime)),
      change: pointsChangeText(onTime.percent, onTime.previousPercent, locale, points),
    },
    {
      label: t("Avg Transit Time"),
      value: transitTime.value === null ? "—" : t("{{days}} business days", { days: daysText(transitTime.value, locale) }),
      note:
        transitTime.count === 0
          ? t("No delivery with a pickup scan in this period")
          : t("First pickup scan to delivery, over {{count}} deliveries", { count: transitTime.count }),
      change: t(averageChange(transitTime, locale)),
    },
    {
      label: t("Customer Retention"),
      value: percentText(retention.percent, locale),
      note: retention.whole === 0 ? t("No customers in this period shipped two or more times") : t("{{part}} of {{whole}} customers shipped two or more times", counts(retention)),
      change: pointsChangeText(retention.percent, retention.previousPercent, locale, points),
    },
    {
      label: t("Operational Efficiency"),
      value: percentText(efficiency.percent, locale),
      note: efficiency.whole === 0 ? t("No delivery or exception in this period") : t("{{part}} of {{whole}} outcomes on time", counts(efficiency)),
      change: pointsChangeText(efficiency.percent, efficiency.previousPercent, locale, points),
    },
  ];
  return (
    <section className="card space-y-4 print:break-inside-avoid" aria-labelledby="performance-title">
      <h2 id="performance-title" className="text-lg font-semibold">
        {t("Performance Metrics")}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        {metrics.map((metric) => (
          <div key={metric.label} className="flex flex-col gap-1 rounded-md border border-slate-200 p-4">
            <dt className="text-sm font-medium text-slate-700">{metric.label}</dt>
            <dd className="space-y-1">
              <span className="block text-2xl font-bold">{metric.value}</span>
              <span className="block text-sm text-slate-700">{metric.note}</span>
              <span className="block text-sm text-slate-700">{t("{{change}} vs {{period}}", { change: metric.change, period: t(PREVIOUS_PERIOD_LABELS[period]) })}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700" data-efficiency-definition>
        <Trans
          t={t}
          i18nKey="<strong>Operational Efficiency</strong> is the share of the period's outcomes that went to plan: deliveries made on or before the estimated day, out of all deliveries in the period that had an estimate plus the shipments created in it that are now {{statuses}}. A late delivery and a problem both count against it."
          values={{ statuses: PROBLEM_STATUSES.map(statusLabel).join(", ") }}
          components={{ strong: <strong /> }}
        />
      </p>
    </section>
  );
}

/** A row's revenue: its total in the base currency, with what it adds per currency. */
function moneyList(revenue: Money[], rates: ExchangeRate[], locale: string): string {
  return revenue.length === 0 ? "—" : revenueText(revenueTotal(revenue, rates), locale);
}

function TopRoutes({ routes, rates }: { routes: Analytics["topRoutes"]; rates: ExchangeRate[] }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  type Route = Analytics["topRoutes"][number];
  const columns: Column<Route>[] = [
    { label: t("Route"), rowHeader: true, cell: (route) => `${countryName(route.origin, locale)} → ${countryName(route.destination, locale)}` },
    { label: t("Shipments"), className: "text-right max-md:text-left", cell: (route) => route.shipments.toLocaleString(locale) },
    { label: t("Revenue"), className: "text-right max-md:text-left", cell: (route) => moneyList(route.revenue, rates, locale) },
  ];
  return (
    <section className="card space-y-4 p-0" aria-labelledby="routes-title">
      <h2 id="routes-title" className="px-6 pt-6 text-lg font-semibold">
        {t("Top Routes")}
      </h2>
      {routes.length === 0 ? (
        <p className="px-6 pb-6 text-slate-700">{t("No shipments in this period.")}</p>
      ) : (
        <DataTable caption={t("Routes by shipments in the period, origin country to destination country")} columns={columns} rows={routes} rowKey={(route) => `${route.origin}-${route.destination}`} />
      )}
    </section>
  );
}

function RegionalPerformance({ regions, rates, period }: { regions: Analytics["regions"]; rates: ExchangeRate[]; period: AnalyticsPeriod }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  type Region = Analytics["regions"][number];
  const columns: Column<Region>[] = [
    { label: t("Region"), rowHeader: true, cell: (region) => t(region.region) },
    { label: t("Shipments"), className: "text-right max-md:text-left", cell: (region) => region.shipments.current.toLocaleString(locale) },
    { label: t("Share"), className: "text-right max-md:text-left", cell: (region) => percentText(region.share, locale) },
    { label: t("Growth"), className: "text-right max-md:text-left", cell: (region) => t(growthText(region.shipments.growth, locale)) },
    { label: t("Revenue"), className: "text-right max-md:text-left", cell: (region) => moneyList(region.revenue, rates, locale) },
  ];
  return (
    <section className="card space-y-2 p-0" aria-labelledby="regions-title">
      <div className="px-6 pt-6">
        <h2 id="regions-title" className="text-lg font-semibold">
          {t("Regional Performance")}
        </h2>
        <p className="text-sm text-slate-700">{t("By the destination's pricing region; growth in shipments vs {{period}}.", { period: t(PREVIOUS_PERIOD_LABELS[period]) })}</p>
      </div>
      <DataTable caption={t("Shipments and revenue by destination region")} columns={columns} rows={regions} rowKey={(region) => region.region} />
    </section>
  );
}
