// Export CSV and a generated report's file: the period's shipments or the accounts, as a CSV
// attachment (GET, so a plain link downloads it without JavaScript), streamed as it is read.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { reportCsv } from "~/features/analytics/analytics-reports.server";
import { csvResponse } from "~/.server/csv-file";
import { requireAdmin } from "~/http/guards.server";
import { exportFileName, parsePeriod } from "~/features/analytics/analytics";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const period = parsePeriod(url.searchParams.get("period"));
  const type = url.searchParams.get("report") ?? "shipments";
  const now = Date.now();
  // The header row in the reader's language; the cells stay as the data holds them.
  const file = reportCsv(context, { type, period, now, language: await context.language() });
  if (!(file instanceof ReadableStream)) {
    return new Response(file.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return csvResponse(file, exportFileName(type === "users" ? "users" : "shipments", period, now));
}
