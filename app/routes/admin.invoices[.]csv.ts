// The invoices list as CSV, with the list's filters (never its page), as an attachment.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportInvoicesCsv } from "~/features/invoices/invoices.server";
import { requireAdmin } from "~/http/guards.server";
import { requestTimeZone } from "~/.server/time-zone";
import { parseInvoiceFilters } from "~/features/invoices/invoice-filters";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filters = parseInvoiceFilters(new URL(request.url).searchParams);
  const csv = await exportInvoicesCsv(context.db, filters, { timeZone: requestTimeZone(request) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
