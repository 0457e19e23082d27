import type { MetaFunction } from "@remix-run/cloudflare";
import { shippingTerms } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Shipping Terms | ${companyNameOf(matches)}` },
  { name: "description", content: "Sizes and weights, prohibited items, packing, delivery times, customs, insurance cover up to $50,000 and how to make a claim." },
];

export default function ShippingTermsPage() {
  return <LegalPage document={shippingTerms} />;
}
