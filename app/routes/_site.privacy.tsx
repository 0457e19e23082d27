import type { MetaFunction } from "@remix-run/cloudflare";
import { privacyPolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "legal");
  const company = companyNameOf(matches);
  return [
    { title: t("Privacy Policy | {{company}}", { company }) },
    { name: "description", content: t("What personal data {{company}} keeps (accounts, shipments, contact messages), why, who sees it, how long we keep it and your rights.", { company }) },
  ];
};

export default function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}
