import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { requireAdmin } from "~/http/guards.server";
import { inviteAdmin } from "~/features/users/user-admin.server";
import { InvitationForm } from "~/features/users/invitation-form";
import { NewAdminSchema } from "~/features/accounts/account-forms";
import { INVITATION_LINK_DAYS } from "~/features/accounts/one-time-links";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: `New admin | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "Create an admin account: the new admin gets an e-mail to choose their password." },
];

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: NewAdminSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await inviteAdmin(context, { admin, invitee: submission.value, clientAddress: clientAddress(request) });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, `/admin/users/${encodeURIComponent(outcome.id)}`, outcome);
}

export default function NewAdminPage() {
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/users" className="link text-sm">
        Back to users
      </Link>
      <section aria-labelledby="new-admin-title" className="card max-w-2xl space-y-4">
        <h1 id="new-admin-title" className="text-2xl font-bold">
          New admin
        </h1>
        <p className="text-slate-700">
          The new admin gets an e-mail with a link to choose their password (valid for {INVITATION_LINK_DAYS} days), then signs in at the admin
          portal.
        </p>
        <InvitationForm id="new-admin" lastResult={actionData?.result} submitLabel="Create admin and send invitation" />
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
