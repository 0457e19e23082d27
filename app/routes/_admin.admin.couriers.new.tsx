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
  const t = metaT(matches, "couriers");
  return [
    { title: t("Invite courier | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Create a courier account: the courier gets an e-mail to choose their password.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return inviteAction(context, request, "courier");
}

export default function InviteCourierPage() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("couriers");
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/couriers" className="link text-sm">
        {t("Back to couriers")}
      </Link>
      <section aria-labelledby="new-courier-title" className="card max-w-2xl space-y-4">
        <h1 id="new-courier-title" className="text-2xl font-bold">
          {t("Invite courier")}
        </h1>
        <p className="text-slate-700">
          {t(
            "The courier gets an e-mail with a link to choose their password (valid for {{days}} days), then signs in at the usual sign-in page and sees only their run sheet.",
            { days: INVITATION_LINK_DAYS },
          )}
        </p>
        <InvitationForm id="new-courier" lastResult={actionData?.result} submitLabel={t("Create courier and send invitation")} />
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
