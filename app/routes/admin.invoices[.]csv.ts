// The invoices list as CSV, with the list's filters (never its page), as an attachment streamed
// as it is read (app/.server/csv-file.ts).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvResponse } from "~/.server/csv-file";
import { exportInvoicesCsv } from "~/features/invoices/invoices.server";
import { requireAdmin } from "~/http/guards.server";
import { requestTimeZone } from "~/.server/time-zone";
import { parseInvoiceFilters } from "~/features/invoices/invoice-filters";
import { translator } from "~/features/languages/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filters = parseInvoiceFilters(new URL(request.url).searchParams);
  const file = exportInvoicesCsv(context.db, filters, { timeZone: requestTimeZone(request), t: translator(await context.language(), "invoices") });
  return csvResponse(file, `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
}
