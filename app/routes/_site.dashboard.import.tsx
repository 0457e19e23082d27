import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { requireUser } from "~/http/guards.server";
import { uploadImport } from "~/http/shipment-import.server";
import { ImportUpload } from "~/features/shipments/import-pages";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import type { SiteHandle } from "./_site";

export const handle: SiteHandle = { hideFooter: true };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: `${t("Import Shipments")} | ${companyNameOf(matches)}` },
    { name: "description", content: t("Create many shipments at once from a CSV file, checked row by row before anything is created.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context, request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  return uploadImport(context, request, { area: "customer", user });
}

export default function ImportShipmentsPage() {
  return <ImportUpload area="customer" error={useActionData<typeof action>()?.error} />;
}
