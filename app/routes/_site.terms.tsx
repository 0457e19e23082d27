import type { MetaFunction } from "@remix-run/cloudflare";
import { termsOfService } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Terms of Service | ${companyNameOf(matches)}` },
  { name: "description", content: `The terms for using the ${companyNameOf(matches)} website, accounts and shipments: prices, tracking, liability and claims.` },
];

export default function TermsofServicePage() {
  return <LegalPage document={termsOfService} />;
}
