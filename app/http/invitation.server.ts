// Inviting a member of staff (an admin from /admin/users/new, a courier from /admin/couriers/new):
// the same form and service, the role the route names; the invitee's page on success.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { clientAddress } from "~/.server/rate-limit";
import { NewAdminSchema } from "~/features/accounts/account-forms";
import { inviteAdmin } from "~/features/users/user-admin.server";
import { requireAdmin } from "./guards.server";
import { formAnswer, redirectWithOutcome } from "./replies.server";

export async function inviteAction(context: AppLoadContext, request: Request, role: "admin" | "courier") {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: NewAdminSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await inviteAdmin(context, { admin, invitee: submission.value, role, clientAddress: clientAddress(request) });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, `/admin/users/${encodeURIComponent(outcome.id)}`, outcome);
}
