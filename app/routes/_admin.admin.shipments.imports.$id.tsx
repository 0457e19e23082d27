import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { confirmImportAction, loadImportPreview } from "~/http/shipment-import.server";
import { ImportPreview } from "~/features/shipments/import-pages";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Check Your Import"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Every row of the uploaded file with its errors, and the one step that creates the rows that pass.") },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  return loadImportPreview(context, request, { area: "admin", user: admin }, params.id!);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  return confirmImportAction(context, { area: "admin", user: admin }, params.id!);
}

export default function AdminImportPreviewPage() {
  return <ImportPreview area="admin" preview={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
