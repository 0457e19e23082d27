import type { MetaFunction } from "@remix-run/cloudflare";
import { privacyPolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Privacy Policy | ${companyNameOf(matches)}` },
  { name: "description", content: `What personal data ${companyNameOf(matches)} keeps (accounts, shipments, contact messages), why, who sees it, how long we keep it and your rights.` },
];

export default function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}
