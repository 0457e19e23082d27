import type { MetaFunction } from "@remix-run/cloudflare";
import { termsOfService } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "legal");
  const company = companyNameOf(matches);
  return [
    { title: t("Terms of Service | {{company}}", { company }) },
    { name: "description", content: t("The terms for using the {{company}} website, accounts and shipments: prices, tracking, liability and claims.", { company }) },
  ];
};

export default function TermsofServicePage() {
  return <LegalPage document={termsOfService} />;
}
