import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/guards.server";
import { confirmImportAction, loadImportPreview } from "~/http/shipment-import.server";
import { ImportPreview } from "~/features/shipments/import-pages";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import type { SiteHandle } from "./_site";

export const handle: SiteHandle = { hideFooter: true };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: `${t("Check Your Import")} | ${companyNameOf(matches)}` },
    { name: "description", content: t("Every row of the uploaded file with its errors, and the one step that creates the rows that pass.") },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  return loadImportPreview(context, request, { area: "customer", user }, params.id!);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  return confirmImportAction(context, { area: "customer", user }, params.id!);
}

export default function ImportPreviewPage() {
  return <ImportPreview area="customer" preview={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
