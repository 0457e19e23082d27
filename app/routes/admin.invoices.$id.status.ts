// Marking an invoice paid, unpaid or void: the invoices list's row forms post here and go back
// to the list they came from with the outcome's message.
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { setInvoiceStatus } from "~/features/invoices/invoices.server";
import { refused } from "~/.server/outcome";
import { redirectWithOutcome } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { INVOICE_STATUSES } from "~/features/invoices/invoice";

const LIST = "/admin/invoices";
const STATUS_ERROR = "Please choose a status from the list";

const InvoiceStatusSchema = z.object({
  status: z.enum(INVOICE_STATUSES, { errorMap: () => ({ message: STATUS_ERROR }) }),
  redirectTo: z.string().optional(),
});

/** Nothing to show: the forms live on the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return redirect(LIST);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), LIST);
  const submission = parseWithZod(form, { schema: InvoiceStatusSchema });
  const env = context.cloudflare.env;
  if (submission.status !== "success") return redirectWithOutcome(env, redirectTo, refused("invalid", STATUS_ERROR), { status: 303 });
  const outcome = await setInvoiceStatus(context, { admin, invoiceId: params.id ?? "", status: submission.value.status });
  return redirectWithOutcome(env, redirectTo, outcome, { status: 303 });
}
