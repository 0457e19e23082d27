// The revenue trend as a bar chart drawn on the server (plain SVG, no chart library, nothing to
// load in the browser), with labelled axes and the same figures as a table for screen readers
// and for anyone who wants the numbers.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { tk } from "~/features/languages/languages";
import { niceScale, type TrendUnit } from "~/features/analytics/analytics";
import { currencyExponent, formatMoney } from "~/domain/format";
import { DataTable, type Column } from "~/components/list";
import { BASE_CURRENCY, type ExchangeRate } from "~/features/pricing/exchange-rates";
import { revenueText, revenueTotal } from "~/features/pricing/revenue";

export type TrendBucketView = { start: number; label: string; shipments: number; revenue: { currency: string; amount: number }[] };

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 16, right: 12, bottom: 44, left: 76 };
const MAX_X_LABELS = 8;

/** Each unit's words (catalog keys of `admin`): the chart's title and the table's caption, one sentence each, and the column's heading. */
const UNIT_WORDS: Record<TrendUnit, { title: string; titleConverted: string; caption: string; heading: string }> = {
  day: {
    title: tk("Revenue per day in {{currency}}"),
    titleConverted: tk("Revenue per day in {{currency}}, every currency converted"),
    caption: tk("Shipments and revenue per day, {{timeZone}}"),
    heading: tk("Day"),
  },
  week: {
    title: tk("Revenue per week (from Monday) in {{currency}}"),
    titleConverted: tk("Revenue per week (from Monday) in {{currency}}, every currency converted"),
    caption: tk("Shipments and revenue per week (from Monday), {{timeZone}}"),
    heading: tk("Week"),
  },
  month: {
    title: tk("Revenue per month in {{currency}}"),
    titleConverted: tk("Revenue per month in {{currency}}, every currency converted"),
    caption: tk("Shipments and revenue per month, {{timeZone}}"),
    heading: tk("Month"),
  },
};

/** "$1.2K": an axis label in the currency's major units. */
function compactMoney(minorUnits: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 }).format(
    minorUnits / 10 ** currencyExponent(currency),
  );
}

function amountIn(bucket: TrendBucketView, currency: string): number {
  return bucket.revenue.find((money) => money.currency === currency)?.amount ?? 0;
}

export function RevenueTrendChart({
  buckets,
  unit,
  currency,
  rates,
  timeZone,
  tableOpen = false,
}: {
  buckets: TrendBucketView[];
  unit: TrendUnit;
  /** The one currency the bars show, as charged; null: every currency, in the base currency at `rates`. */
  currency: string | null;
  /** The stored exchange rates. */
  rates: readonly ExchangeRate[];
  timeZone: string;
  /** The table shown open (the print view). */
  tableOpen?: boolean;
}) {
  const id = useId();
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const words = UNIT_WORDS[unit];
  // A week's label without its "Week of" (the axis is short): the words around the day in the reader's language.
  const [weekBefore = "", weekAfter = ""] = t("Week of {{day}}", { day: "\u0000" }).split("\u0000");
  const shown = currency ?? BASE_CURRENCY;
  const amounts = buckets.map((bucket) => (currency === null ? revenueTotal(bucket.revenue, rates).total : amountIn(bucket, currency)));
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  const charged = buckets.some((bucket) => bucket.revenue.length > 0);
  const highest = amounts.reduce((best, amount, index) => (amount > amounts[best]! ? index : best), 0);
  const scale = niceScale(Math.max(...amounts, 0));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(buckets.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const labelEvery = Math.ceil(buckets.length / MAX_X_LABELS);
  const y = (amount: number) => MARGIN.top + plotHeight - (amount / scale.top) * plotHeight;
  const summary = !charged
    ? t("No revenue in this period.")
    : t("Total {{total}}; highest {{bucket}} with {{amount}}.", {
        total: formatMoney(total, shown, locale),
        bucket: buckets[highest]?.label ?? "",
        amount: formatMoney(amounts[highest] ?? 0, shown, locale),
      });
  const axisLabel = (label: string) => (unit === "week" && label.startsWith(weekBefore) && label.endsWith(weekAfter) ? label.slice(weekBefore.length, label.length - weekAfter.length) : label);

  const columns: Column<TrendBucketView>[] = [
    { label: t(words.heading), rowHeader: true, cell: (bucket) => bucket.label },
    { label: t("Shipments"), className: "text-right max-md:text-left", cell: (bucket) => bucket.shipments.toLocaleString(locale) },
    {
      label: t("Revenue"),
      className: "text-right max-md:text-left",
      cell: (bucket) => revenueText(revenueTotal(bucket.revenue, rates), locale),
    },
  ];

  return (
    <div className="space-y-3">
      <figure className="space-y-3">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{t(currency === null ? words.titleConverted : words.title, { currency: shown })}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" strokeWidth={1} />
              <text x={MARGIN.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" className="fill-slate-700 text-[12px]">
                {compactMoney(tick, shown, locale)}
              </text>
            </g>
          ))}
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} className="stroke-slate-500" strokeWidth={1} />
          {buckets.map((bucket, index) => {
            const amount = amounts[index]!;
            const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
            return (
              <g key={bucket.start}>
                {amount > 0 ? (
                  <rect x={x} y={y(amount)} width={barWidth} height={y(0) - y(amount)} rx={2} className="fill-brand-600">
                    <title>{t("{{bucket}}: {{amount}}", { bucket: bucket.label, amount: formatMoney(amount, shown, locale) })}</title>
                  </rect>
                ) : null}
                {index % labelEvery === 0 ? (
                  <text x={x + barWidth / 2} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" className="fill-slate-700 text-[12px]">
                    {axisLabel(bucket.label)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-slate-700 text-[12px]">
            {t("{{unit}} ({{timeZone}})", { unit: t(words.heading), timeZone })}
          </text>
          <text
            transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            className="fill-slate-700 text-[12px]"
          >
            {t("Revenue ({{currency}})", { currency: shown })}
          </text>
        </svg>
        <figcaption className="text-sm text-slate-700">
          {summary}{" "}
          {currency === null
            ? t("Bars show every currency in {{currency}} at the stored exchange rates; the table lists each currency as charged.", { currency: BASE_CURRENCY })
            : t("Bars show {{currency}} only; the table lists every currency.", { currency: shown })}
        </figcaption>
      </figure>
      {/* The table alternative follows the figure: a figure's caption is its first or last child. */}
      <details open={tableOpen || undefined} className="rounded-md border border-slate-200">
        <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-brand-700">{t("The revenue trend as a table")}</summary>
        <DataTable caption={t(words.caption, { timeZone })} columns={columns} rows={buckets} rowKey={(bucket) => String(bucket.start)} />
      </details>
    </div>
  );
}
