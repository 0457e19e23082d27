import type { MetaFunction } from "@remix-run/cloudflare";
import { refundPolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "legal");
  const company = companyNameOf(matches);
  return [
    { title: t("Refund Policy | {{company}}", { company }) },
    { name: "description", content: t("When {{company}} refunds shipments and business plans, how to ask, and when the money arrives.", { company }) },
  ];
};

export default function RefundPolicyPage() {
  return <LegalPage document={refundPolicy} />;
}
