// The bulk import's two screens, the same for customers (dashboard) and admins (shipment list):
// the upload form with the template, and an import's preview with every row's errors and the
// one confirm. Both are plain forms; with JavaScript the confirm shows how far it has got.
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { DataTable, PaginationNav } from "~/components/list";
import { FormErrors } from "~/components/forms";
import type { Pagination } from "~/domain/pagination";
import { IMPORT_LIMITS, IMPORT_TEMPLATE_PATH, importPages, type ImportArea, type RowError } from "./shipment-import";
import type { ImportSummary, PreviewRow } from "./shipment-import.server";
import { serviceLabel } from "./shipping-options";

const number = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, one: string, many = `${one}s`) => `${number(count)} ${count === 1 ? one : many}`;

/** The upload form: the template to start from, the file, and what the file may hold. */
export function ImportUpload({ area, error }: { area: ImportArea; error?: string | null }) {
  const pages = importPages(area);
  return (
    <main id="main" className={area === "admin" ? "space-y-6 p-6" : "mx-auto max-w-3xl space-y-6 px-4 py-8"}>
      <div>
        <h1 className="text-2xl font-bold">Import shipments</h1>
        <p className="text-slate-700">Create many shipments at once from a CSV file: one row per shipment, checked like the shipment form before anything is created.</p>
      </div>
      <section className="card space-y-4" aria-labelledby="import-file-title">
        <h2 id="import-file-title" className="text-lg font-semibold">
          Upload a file
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-slate-700">
          <li>
            <a href={IMPORT_TEMPLATE_PATH} className="link" download>
              Download the template
            </a>{" "}
            and fill in one row per shipment (the columns are named in its first row; countries and currencies as codes, such as US and USD).
          </li>
          <li>
            Save it as CSV (UTF-8): at most {number(IMPORT_LIMITS.rows)} rows and 2 MB.
          </li>
          <li>Upload it: you will see every row with its errors before anything is created.</li>
        </ol>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <FormErrors id="import-file-error" errors={error ? [error] : undefined} />
          <div>
            <label htmlFor="import-file" className="label">
              CSV file
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
            <button type="submit" className="btn-primary" data-pending="Checking the file...">
              Check File
            </button>
            <Link to={pages.list} className="btn-secondary">
              Cancel
            </Link>
          </div>
        </Form>
      </section>
    </main>
  );
}

function errorText({ column, message }: RowError): string {
  return column ? `${message} (${column})` : message;
}

function RowResult({ row }: { row: PreviewRow }) {
  if (row.created) return <span className="font-medium text-green-800">Created</span>;
  if (row.errors.length === 0) return <span className="text-slate-700">Ready</span>;
  return (
    <ul className="space-y-0.5">
      {row.errors.map((error) => (
        <li key={errorText(error)} className="font-medium text-red-700">
          {errorText(error)}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS = [
  { label: "Row", rowHeader: true, cell: (row: PreviewRow) => `Row ${row.line}` },
  { label: "Recipient", cell: (row: PreviewRow) => row.recipient },
  { label: "Destination", cell: (row: PreviewRow) => row.destination },
  { label: "Contents", cell: (row: PreviewRow) => row.description },
  { label: "Weight (kg)", cell: (row: PreviewRow) => row.weight },
  { label: "Service", cell: (row: PreviewRow) => serviceLabel(row.service) },
  { label: "Result", cell: (row: PreviewRow) => <RowResult row={row} /> },
];

export type ImportPreviewData = { summary: ImportSummary; rows: PreviewRow[]; pagination: Pagination; errorsOnly: boolean };

/** An import's preview: its figures, its rows (a page at a time) with their errors, and the confirm. */
export function ImportPreview({ area, preview }: { area: ImportArea; preview: ImportPreviewData }) {
  const { summary, rows, pagination, errorsOnly } = preview;
  const pages = importPages(area);
  const location = useLocation();
  const withErrors = summary.rowCount - summary.validCount;
  return (
    <main id="main" className={area === "admin" ? "space-y-6 p-6" : "mx-auto max-w-6xl space-y-6 px-4 py-8"}>
      <div>
        <h1 className="text-2xl font-bold">Check your import</h1>
        <p className="text-slate-700">
          {summary.fileName}: {plural(summary.rowCount, "row")}.{" "}
          {summary.finishedAt !== null
            ? `${plural(summary.createdCount, "shipment")} created from it.`
            : `${plural(summary.validCount, "row")} ready to create${withErrors > 0 ? `; ${plural(withErrors, "row")} with errors will be left out` : ""}.`}
        </p>
      </div>
      {summary.finishedAt !== null ? (
        <p role="status" className="card">
          These shipments have been created.{" "}
          <Link to={pages.list} className="link">
            See your shipments
          </Link>
        </p>
      ) : summary.validCount > 0 ? (
        <ConfirmForm summary={summary} />
      ) : (
        <p role="alert" className="card border-red-300 bg-red-50 text-red-900">
          No row of this file can be created. Please correct the rows below and upload the file again.
        </p>
      )}
      <section className="card p-0" aria-labelledby="import-rows-title">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-6">
          <h2 id="import-rows-title" className="text-xl font-semibold">
            {errorsOnly ? "Rows with errors" : "Rows"}
          </h2>
          <nav aria-label="Rows shown" className="flex gap-3 text-sm">
            {errorsOnly ? (
              <Link to={location.pathname} className="link">
                Show all {plural(summary.rowCount, "row")}
              </Link>
            ) : withErrors > 0 ? (
              <Link to={`${location.pathname}?show=errors`} className="link">
                Show only the {plural(withErrors, "row")} with errors
              </Link>
            ) : null}
            <Link to={pages.upload} className="link">
              Upload another file
            </Link>
          </nav>
        </div>
        <DataTable caption="The file's rows and their errors" columns={COLUMNS} rows={rows} rowKey={(row) => String(row.line)} />
        <PaginationNav pagination={pagination} label="Row pages" />
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
  return (
    <confirm.Form method="post" className="card flex flex-wrap items-center gap-4">
      <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>
        Create {plural(summary.validCount, "Shipment")}
      </button>
      {busy ? (
        <div role="status" className="flex items-center gap-3">
          <progress max={summary.validCount} value={created} className="w-48" aria-label="Shipments created" />
          <span>
            Creating shipments: {number(created)} of {number(summary.validCount)}
          </span>
        </div>
      ) : (
        <p className="text-slate-700">Rows with errors are left out; nothing is created twice if you press it again.</p>
      )}
    </confirm.Form>
  );
}
