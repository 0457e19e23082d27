import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { invariantResponse } from "~/.server/invariant";
import { redirectWithOutcome } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { deleteUser, getUserDetail } from "~/features/users/user-admin.server";
import { DELETE_USER_QUESTION, DeleteUserConsequences, DeleteUserForm } from "~/features/users/user-actions";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "users");
  return [
    { title: t("Delete user | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Confirm the deletion of a user account.") },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const detail = await getUserDetail(context.db, params.id ?? "");
  invariantResponse(detail, "User not found", { status: 404 });
  invariantResponse(detail.account.id !== admin.id, "You cannot delete your own account.", { status: 403 });
  return { account: detail.account, shipmentCount: detail.shipments.total };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = params.id ?? "";
  const outcome = await deleteUser(context, { admin, userId });
  const to = outcome.ok || outcome.reason === "not-found" ? "/admin/users" : `/admin/users/${encodeURIComponent(userId)}`;
  return redirectWithOutcome(context.cloudflare.env, to, outcome);
}

export default function DeleteUserPage() {
  const { account, shipmentCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation("users");
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{t("Delete user")}</h1>
        <p className="font-medium">{t(DELETE_USER_QUESTION)}</p>
        <DeleteUserConsequences account={account} />
        <p className="text-slate-700">{t("{{count}} shipments are kept.", { count: shipmentCount })}</p>
        <DeleteUserForm account={account} />
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
