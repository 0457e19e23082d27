import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { requireAdmin } from "~/http/guards.server";
import { inviteAction } from "~/http/invitation.server";
import { InvitationForm } from "~/features/users/invitation-form";
import { INVITATION_LINK_DAYS } from "~/features/accounts/one-time-links";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "users");
  return [
    { title: t("New admin | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Create an admin account: the new admin gets an e-mail to choose their password.") },
  ];
};

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
  const { t } = useTranslation("users");
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/users" className="link text-sm">
        {t("Back to users")}
      </Link>
      <section aria-labelledby="new-admin-title" className="card max-w-2xl space-y-4">
        <h1 id="new-admin-title" className="text-2xl font-bold">
          {t("New admin")}
        </h1>
        <p className="text-slate-700">
          {t("The new admin gets an e-mail with a link to choose their password (valid for {{days}} days), then signs in at the admin portal.", {
            days: INVITATION_LINK_DAYS,
          })}
        </p>
        <InvitationForm id="new-admin" lastResult={actionData?.result} submitLabel={t("Create admin and send invitation")} />
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
