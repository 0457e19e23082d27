// "Retry all" in the mailbox: every failed and dead mail goes to the events queue again, and
// the admin goes back to the list they came from with the outcome's message.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { retryAllMail } from "~/features/mail/mailbox.server";
import { refused } from "~/.server/outcome";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { redirectWithOutcome } from "~/http/replies.server";

const MAILBOX = "/admin/mailbox";

/** Nothing to show: the button lives on the mailbox. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return redirect(MAILBOX);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), MAILBOX);
  const env = context.cloudflare.env;
  if (form.get("intent") !== "retry-all") return redirectWithOutcome(env, back, refused("invalid", "Please use the buttons on the mailbox."), { status: 303 });
  return redirectWithOutcome(env, back, await retryAllMail(context), { status: 303 });
}
