import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { uploadImport } from "~/http/shipment-import.server";
import { ImportUpload } from "~/features/shipments/import-pages";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Import Shipments"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Create many shipments at once from a CSV file, checked row by row before anything is created.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  return uploadImport(context, request, { area: "admin", user: admin });
}

export default function AdminImportShipmentsPage() {
  return <ImportUpload area="admin" error={useActionData<typeof action>()?.error} />;
}
