import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { inviteAction } from "~/http/invitation.server";
import { InvitationForm } from "~/features/users/invitation-form";
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
  return inviteAction(context, request, "admin");
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
