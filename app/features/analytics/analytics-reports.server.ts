// The analytics screen's exports: the period's shipments and the accounts as CSV files (written
// by csv-file.ts, the one CSV writer: formulas defused, streamed a keyset page at a time), and
// the reports 'Generate Report' makes.
import { and, asc, count, eq, gt, gte, lt, sql } from "drizzle-orm";
import { shipmentRatings, shipments, users } from "../../../drizzle/schema";
import {
  PERIOD_LABELS,
  periodRanges,
  REPORT_LABELS,
  UNSUPPORTED_REPORT,
  isReportType,
  type AnalyticsPeriod,
  type ReportType,
} from "~/features/analytics/analytics";
import { getCountry } from "~/domain/countries";
import { dayOf, isoDay } from "~/domain/calendar";
import { chargeFor } from "~/features/pricing/charge";
import { BASE_CURRENCY } from "~/features/pricing/exchange-rates";
import { revenueText } from "~/features/pricing/revenue";
import { businessDaysBetween } from "~/features/shipments/delivery-dates";
import { formatMoney, minorUnitsInput } from "~/domain/format";
import { normalizeStatus, statusName } from "~/features/shipments/shipment-status";
import { serviceLabel } from "~/features/shipments/shipping-options";
import type { ServiceContext } from "~/load-context";
import { getAnalytics } from "./analytics.server";
import { csvStream } from "~/.server/csv-file";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, LOCALES, tk, type Language } from "~/features/languages/languages";
import type { TFunction } from "i18next";

const isoOrEmpty = (time: number | null) => (time === null ? "" : new Date(time).toISOString());

/** A destination's pricing region in the language of `t` (the `admin` catalogs), empty for an unknown country. */
function regionOf(country: string, t: TFunction): string {
  const region = getCountry(country)?.region;
  return region ? t(region) : "";
}

/** The shipments file's columns (catalog keys of `admin`: the header row is in the reader's language). */
export const SHIPMENT_CSV_HEADER: string[] = [
  tk("Tracking ID"),
  tk("Created (UTC)"),
  tk("Status"),
  tk("Service"),
  tk("Sender"),
  tk("Sender e-mail"),
  tk("Origin city"),
  tk("Origin country"),
  tk("Recipient"),
  tk("Destination city"),
  tk("Destination country"),
  tk("Destination region"),
  tk("Weight (kg)"),
  tk("Currency"),
  tk("Cost before tax"),
  tk("Tax"),
  tk("Total"),
  tk("Declared value"),
  tk("Estimated delivery"),
  tk("Actual delivery (UTC)"),
  tk("Business days to delivery"),
  tk("On time"),
  tk("Rating"),
  tk("Rating comment"),
];

// The shipments table's rowid: the creation index is ordered by (created_at, rowid), so pages
// read in that order come straight from the index, and a page starts where the last one ended
// with a row-value comparison SQLite seeks to (an OR of the two columns would rescan the period).
const shipmentRowId = sql<number>`"shipments"."rowid"`;

/** The period's shipments, oldest first, one CSV row each. */
export function shipmentsCsv(
  context: Pick<ServiceContext, "db">,
  { period, now = Date.now(), language = DEFAULT_LANGUAGE }: { period: AnalyticsPeriod; now?: number; language?: Language },
) {
  const { db } = context;
  const { current } = periodRanges(period, now);
  const readPage = (after: { createdAt: number; cursor: number } | null, pageRows: number) =>
    db
      .select({
        cursor: shipmentRowId,
        trackingId: shipments.trackingId,
        createdAt: shipments.createdAt,
        status: shipments.status,
        serviceType: shipments.serviceType,
        senderName: shipments.senderName,
        senderEmail: shipments.senderEmail,
        senderCity: shipments.senderCity,
        senderCountry: shipments.senderCountry,
        recipientName: shipments.recipientName,
        recipientCity: shipments.recipientCity,
        recipientCountry: shipments.recipientCountry,
        weightKg: shipments.weightKg,
        currency: shipments.currency,
        cost: shipments.cost,
        taxRateBasisPoints: shipments.taxRateBasisPoints,
        declaredValue: shipments.declaredValue,
        estimatedDelivery: shipments.estimatedDelivery,
        actualDelivery: shipments.actualDelivery,
        score: shipmentRatings.score,
        comment: shipmentRatings.comment,
      })
      .from(shipments)
      .leftJoin(shipmentRatings, eq(shipmentRatings.shipmentId, shipments.id))
      .where(
        and(
          gte(shipments.createdAt, current.start),
          lt(shipments.createdAt, current.end),
          after === null ? undefined : sql`(${shipments.createdAt}, ${shipmentRowId}) > (${after.createdAt}, ${after.cursor})`,
        ),
      )
      .orderBy(asc(shipments.createdAt), asc(shipmentRowId))
      .limit(pageRows);
  const t = translator(language, "admin");
  return csvStream({
    header: SHIPMENT_CSV_HEADER.map((column) => t(column)),
    readPage,
    toCells: (row) => {
      const status = normalizeStatus(row.status);
      const delivered = row.actualDelivery;
      return [
        row.trackingId,
        isoOrEmpty(row.createdAt),
        status ? statusName(t, status) : row.status,
        t(serviceLabel(row.serviceType), { ns: "shipments" }),
        row.senderName,
        row.senderEmail ?? "",
        row.senderCity,
        row.senderCountry,
        row.recipientName,
        row.recipientCity,
        row.recipientCountry,
        regionOf(row.recipientCountry, t),
        row.weightKg,
        row.currency,
        minorUnitsInput(row.cost, row.currency),
        minorUnitsInput(chargeFor(row).tax, row.currency),
        minorUnitsInput(chargeFor(row).total, row.currency),
        minorUnitsInput(row.declaredValue, row.currency),
        row.estimatedDelivery === null ? "" : isoDay(dayOf(row.estimatedDelivery)),
        isoOrEmpty(delivered),
        delivered === null ? "" : businessDaysBetween(row.createdAt, delivered),
        delivered === null || row.estimatedDelivery === null ? "" : onTimeDay(delivered, row.estimatedDelivery) ? "yes" : "no",
        row.score ?? "",
        row.comment ?? "",
      ];
    },
  });
}

const DAY_MS = 86_400_000;

/** On time: delivered on or before the estimated day (UTC), as the analytics count it. */
function onTimeDay(actual: number, estimated: number): boolean {
  return Math.floor(actual / DAY_MS) <= Math.floor(estimated / DAY_MS);
}

/** The accounts file's columns (catalog keys of `admin`). */
export const USER_CSV_HEADER: string[] = [tk("Name"), tk("E-mail"), tk("Role"), tk("Status"), tk("Joined (UTC)"), tk("Shipments in the period"), tk("Shipments in all")];

/**
 * Every account, in the order they were made, with their shipments in the period and in all:
 * each account's shipments joined through the owner's index (a join, so that drizzle names every
 * column with its table; a subquery's columns would be left unqualified and read the wrong table).
 */
export function usersCsv(
  context: Pick<ServiceContext, "db">,
  { period, now = Date.now(), language = DEFAULT_LANGUAGE }: { period: AnalyticsPeriod; now?: number; language?: Language },
) {
  const { db } = context;
  const { current } = periodRanges(period, now);
  const userRowId = sql<number>`"users"."rowid"`;
  const readPage = (after: { cursor: number } | null, pageRows: number) =>
    db
      .select({
        cursor: userRowId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
        inPeriod: sql<number>`coalesce(sum(${shipments.createdAt} >= ${current.start} and ${shipments.createdAt} < ${current.end}), 0)`.mapWith(Number),
        inAll: count(shipments.id),
      })
      .from(users)
      .leftJoin(shipments, eq(shipments.userId, users.id))
      .where(after === null ? undefined : gt(userRowId, after.cursor))
      .groupBy(userRowId)
      .orderBy(asc(userRowId))
      .limit(pageRows);
  return csvStream({
    header: USER_CSV_HEADER.map((column) => translator(language, "admin")(column)),
    readPage,
    toCells: (row) => [
      `${row.firstName} ${row.lastName}`,
      row.email,
      row.role,
      row.status,
      isoOrEmpty(row.createdAt),
      row.inPeriod,
      row.inAll,
    ],
  });
}

/** A report's CSV file, or the refusal for a type that is not a report. */
export function reportCsv(
  context: Pick<ServiceContext, "db">,
  { type, period, now, language }: { type: string; period: AnalyticsPeriod; now?: number; language?: Language },
): ReadableStream<Uint8Array> | Refused {
  if (!isReportType(type)) return refused("invalid", UNSUPPORTED_REPORT);
  return type === "users" ? usersCsv(context, { period, now, language }) : shipmentsCsv(context, { period, now, language });
}

/** What 'Generate Report' shows: its figures and where its file is. */
export type Report = {
  type: ReportType;
  title: string;
  period: AnalyticsPeriod;
  generatedAt: number;
  facts: { label: string; value: string }[];
};

/**
 * Generate Report, for 'shipments' (the period's figures) or 'users' (the accounts,
 * and who shipped in the period); the full rows are the report's CSV file (reportCsv).
 */
export async function generateReport(
  context: Pick<ServiceContext, "db">,
  { type, period, now = Date.now(), language = DEFAULT_LANGUAGE }: { type: string; period: AnalyticsPeriod; now?: number; language?: Language },
): Promise<Done<{ report: Report }> | Refused> {
  if (!isReportType(type)) return refused("invalid", UNSUPPORTED_REPORT);
  // The report's words and figures in the language of the admin who asked for it.
  const t = translator(language, "admin");
  const locale = LOCALES[language];
  const title = t("{{report}} report, {{period}}", { report: t(REPORT_LABELS[type]), period: t(PERIOD_LABELS[period]).toLowerCase() });
  const facts = type === "users" ? await userFacts(context, period, now, t, locale) : await shipmentFacts(context, period, now, t, locale);
  return { ok: true, message: "Report generated successfully", report: { type, title, period, generatedAt: now, facts } };
}

async function shipmentFacts(context: Pick<ServiceContext, "db">, period: AnalyticsPeriod, now: number, t: TFunction, locale: string) {
  // The screen's own figures, in the report's words; the time zone does not change any of them.
  const analytics = await getAnalytics(context, { period, now, timeZone: "UTC" });
  return [
    { label: t("Shipments"), value: analytics.shipments.current.toLocaleString(locale) },
    ...analytics.statuses.map((entry) => ({ label: statusName(t, entry.status), value: entry.count.toLocaleString(locale) })),
    { label: t("Revenue in {{currency}}, every currency at the stored exchange rates", { currency: BASE_CURRENCY }), value: revenueText(analytics.revenueTotal.current, locale) },
    ...analytics.revenue
      .filter((entry) => entry.current > 0)
      .map((entry) => ({ label: t("Revenue in {{currency}}", { currency: entry.currency }), value: formatMoney(entry.current, entry.currency, locale) })),
    { label: t("Customers who shipped"), value: analytics.retention.whole.toLocaleString(locale) },
  ];
}

async function userFacts(context: Pick<ServiceContext, "db">, period: AnalyticsPeriod, now: number, t: TFunction, locale: string) {
  const { db } = context;
  const { current } = periodRanges(period, now);
  const [accounts, shippers] = await db.batch([
    db
      .select({
        total: count(),
        admins: sql<number>`coalesce(sum(${users.role} = 'admin'), 0)`.mapWith(Number),
        suspended: sql<number>`coalesce(sum(${users.status} = 'suspended'), 0)`.mapWith(Number),
        joined: sql<number>`coalesce(sum(${users.createdAt} >= ${current.start} and ${users.createdAt} < ${current.end}), 0)`.mapWith(Number),
      })
      .from(users),
    db
      .select({ customers: sql<number>`count(distinct ${shipments.userId})`.mapWith(Number) })
      .from(shipments)
      .where(and(gte(shipments.createdAt, current.start), lt(shipments.createdAt, current.end))),
  ]);
  const row = accounts[0] ?? { total: 0, admins: 0, suspended: 0, joined: 0 };
  const number = (value: number) => value.toLocaleString(locale);
  return [
    { label: t("Accounts"), value: number(row.total) },
    { label: t("Customers"), value: number(row.total - row.admins) },
    { label: t("Admins"), value: number(row.admins) },
    { label: t("Suspended"), value: number(row.suspended) },
    { label: t("Joined in the period"), value: number(row.joined) },
    { label: t("Customers with an account who shipped in the period"), value: number(shippers[0]?.customers ?? 0) },
  ];
}
