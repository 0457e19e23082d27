import type { MetaFunction } from "@remix-run/cloudflare";
import { shippingTerms } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { languageOf, localeOf, metaT } from "~/features/languages/translate";
import { formatDollars } from "~/features/pricing/pricing-plans";
import { MAX_INSURED_VALUE } from "~/features/pricing/tariff";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "legal");
  const company = companyNameOf(matches);
  return [
    { title: t("Shipping Terms | {{company}}", { company }) },
    { name: "description", content: t("Sizes and weights, prohibited items, packing, delivery times, customs, insurance cover up to {{maximum}} and how to make a claim.", { maximum: formatDollars(MAX_INSURED_VALUE, localeOf(languageOf(matches))) }) },
  ];
};

export default function ShippingTermsPage() {
  return <LegalPage document={shippingTerms} />;
}
