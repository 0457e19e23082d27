// The bulk import's two screens, the same for customers (dashboard) and admins (shipment list):
// the upload form with the template, and an import's preview with every row's errors and the
// one confirm. Both are plain forms; with JavaScript the confirm shows how far it has got.
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { DataTable, PaginationNav } from "~/components/list";
import { FormErrors, useMessages } from "~/components/forms";
import type { Pagination } from "~/domain/pagination";
import { IMPORT_LIMITS, IMPORT_TEMPLATE_PATH, importPages, type ImportArea, type RowError } from "./shipment-import";
import type { ImportSummary, PreviewRow } from "./shipment-import.server";
import { serviceLabel } from "./shipping-options";


/** The upload form: the template to start from, the file, and what the file may hold. */
export function ImportUpload({ area, error }: { area: ImportArea; error?: string | null }) {
  const pages = importPages(area);
  const { t } = useTranslation("shipments");
  const locale = useLocale();
  return (
    <main id="main" className={area === "admin" ? "space-y-6 p-6" : "mx-auto max-w-3xl space-y-6 px-4 py-8"}>
      <div>
        <h1 className="text-2xl font-bold">{t("Import shipments")}</h1>
        <p className="text-slate-700">{t("Create many shipments at once from a CSV file: one row per shipment, checked like the shipment form before anything is created.")}</p>
      </div>
      <section className="card space-y-4" aria-labelledby="import-file-title">
        <h2 id="import-file-title" className="text-lg font-semibold">
          {t("Upload a file")}
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-slate-700">
          <li>
            <Trans
              t={t}
              i18nKey="<template>Download the template</template> and fill in one row per shipment (the columns are named in its first row; countries and currencies as codes, such as US and USD)."
              components={{ template: <a href={IMPORT_TEMPLATE_PATH} className="link" download /> }}
            />
          </li>
          <li>{t("Save it as CSV (UTF-8): at most {{rows}} rows and 2 MB.", { rows: IMPORT_LIMITS.rows.toLocaleString(locale) })}</li>
          <li>{t("Upload it: you will see every row with its errors before anything is created.")}</li>
        </ol>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <FormErrors id="import-file-error" errors={error ? [error] : undefined} />
          <div>
            <label htmlFor="import-file" className="label">
              {t("CSV file")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              className="input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "import-file-error" : undefined}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" data-pending={t("Checking the file...")}>
              {t("Check File")}
            </button>
            <Link to={pages.list} className="btn-secondary">
              {t("Cancel")}
            </Link>
          </div>
        </Form>
      </section>
    </main>
  );
}

/** A row's error in the reader's language; the column keeps the template's name (the file's interface). */
function errorText({ column, message }: RowError, messages: (key: string) => string): string {
  return column ? `${messages(message)} (${column})` : messages(message);
}

function RowResult({ row }: { row: PreviewRow }) {
  const { t } = useTranslation("shipments");
  const messages = useMessages();
  if (row.created) return <span className="font-medium text-green-800">{t("Created")}</span>;
  if (row.errors.length === 0) return <span className="text-slate-700">{t("Ready")}</span>;
  return (
    <ul className="space-y-0.5">
      {row.errors.map((error) => (
        <li key={errorText(error, messages)} className="font-medium text-red-700">
          {errorText(error, messages)}
        </li>
      ))}
    </ul>
  );
}

function useColumns() {
  const { t } = useTranslation("shipments");
  return [
    { label: t("Row"), rowHeader: true, cell: (row: PreviewRow) => t("Row {{line}}", { line: row.line }) },
    { label: t("Recipient"), cell: (row: PreviewRow) => row.recipient },
    { label: t("Destination"), cell: (row: PreviewRow) => row.destination },
    { label: t("Contents"), cell: (row: PreviewRow) => row.description },
    { label: t("Weight (kg)"), cell: (row: PreviewRow) => row.weight },
    { label: t("Service"), cell: (row: PreviewRow) => t(serviceLabel(row.service)) },
    { label: t("Result"), cell: (row: PreviewRow) => <RowResult row={row} /> },
  ];
}

export type ImportPreviewData = { summary: ImportSummary; rows: PreviewRow[]; pagination: Pagination; errorsOnly: boolean };

/** An import's preview: its figures, its rows (a page at a time) with their errors, and the confirm. */
export function ImportPreview({ area, preview }: { area: ImportArea; preview: ImportPreviewData }) {
  const { summary, rows, pagination, errorsOnly } = preview;
  const pages = importPages(area);
  const location = useLocation();
  const withErrors = summary.rowCount - summary.validCount;
  const { t } = useTranslation("shipments");
  const columns = useColumns();
  return (
    <main id="main" className={area === "admin" ? "space-y-6 p-6" : "mx-auto max-w-6xl space-y-6 px-4 py-8"}>
      <div>
        <h1 className="text-2xl font-bold">{t("Check your import")}</h1>
        <p className="text-slate-700">
          {t("{{file}}: {{count, number}} rows.", { file: summary.fileName, count: summary.rowCount })}{" "}
          {summary.finishedAt !== null
            ? t("{{count, number}} shipments created from it.", { count: summary.createdCount })
            : withErrors > 0
              ? t("{{count, number}} rows ready to create; {{errors}} with errors will be left out.", {
                  count: summary.validCount,
                  errors: t("{{count, number}} rows", { count: withErrors }),
                })
              : t("{{count, number}} rows ready to create.", { count: summary.validCount })}
        </p>
      </div>
      {summary.finishedAt !== null ? (
        <p role="status" className="card">
          {t("These shipments have been created.")}{" "}
          <Link to={pages.list} className="link">
            {t("See your shipments")}
          </Link>
        </p>
      ) : summary.validCount > 0 ? (
        <ConfirmForm summary={summary} />
      ) : (
        <p role="alert" className="card border-red-300 bg-red-50 text-red-900">
          {t("No row of this file can be created. Please correct the rows below and upload the file again.")}
        </p>
      )}
      <section className="card p-0" aria-labelledby="import-rows-title">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-6">
          <h2 id="import-rows-title" className="text-xl font-semibold">
            {errorsOnly ? t("Rows with errors") : t("Rows")}
          </h2>
          <nav aria-label={t("Rows shown")} className="flex gap-3 text-sm">
            {errorsOnly ? (
              <Link to={location.pathname} className="link">
                {t("Show all {{count, number}} rows", { count: summary.rowCount })}
              </Link>
            ) : withErrors > 0 ? (
              <Link to={`${location.pathname}?show=errors`} className="link">
                {t("Show only the {{count, number}} rows with errors", { count: withErrors })}
              </Link>
            ) : null}
            <Link to={pages.upload} className="link">
              {t("Upload another file")}
            </Link>
          </nav>
        </div>
        <DataTable caption={t("The file's rows and their errors")} columns={columns} rows={rows} rowKey={(row) => String(row.line)} />
        <PaginationNav pagination={pagination} label={t("Row pages")} />
      </section>
    </main>
  );
}

/** How often the page asks how far a confirm has got. */
const PROGRESS_POLL_MS = 1_000;

/**
 * The one confirm. Without JavaScript it is a plain form (the answer comes once every row is
 * created); with it, the form is sent in the background and the page asks the import's figures
 * every second, showing how many shipments exist so far.
 */
function ConfirmForm({ summary }: { summary: ImportSummary }) {
  const confirm = useFetcher();
  const progress = useFetcher<{ summary: ImportSummary }>();
  const location = useLocation();
  const busy = confirm.state !== "idle";
  const { load } = progress;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => load(location.pathname), PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, load, location.pathname]);
  const created = progress.data?.summary.createdCount ?? summary.createdCount;
  const { t } = useTranslation("shipments");
  const locale = useLocale();
  return (
    <confirm.Form method="post" className="card flex flex-wrap items-center gap-4">
      <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>
        {t("Create {{count, number}} Shipments", { count: summary.validCount })}
      </button>
      {busy ? (
        <div role="status" className="flex items-center gap-3">
          <progress max={summary.validCount} value={created} className="w-48" aria-label={t("Shipments created")} />
          <span>{t("Creating shipments: {{created}} of {{total}}", { created: created.toLocaleString(locale), total: summary.validCount.toLocaleString(locale) })}</span>
        </div>
      ) : (
        <p className="text-slate-700">{t("Rows with errors are left out; nothing is created twice if you press it again.")}</p>
      )}
    </confirm.Form>
  );
}
