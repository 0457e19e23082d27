import type { MetaFunction } from "@remix-run/cloudflare";
import { refundPolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Refund Policy | ${companyNameOf(matches)}` },
  { name: "description", content: `When ${companyNameOf(matches)} refunds shipments and business plans, how to ask, and when the money arrives.` },
];

export default function RefundPolicyPage() {
  return <LegalPage document={refundPolicy} />;
}
