import type { MetaFunction } from "@remix-run/cloudflare";
import { cookiePolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "legal");
  const company = companyNameOf(matches);
  return [
    { title: t("Cookie Policy | {{company}}", { company }) },
    { name: "description", content: t("Every cookie {{company}} sets (sign-in session, notices, your cookie choice and time zone), what each is for and how long it stays. No tracking or advertising cookies.", { company }) },
  ];
};

export default function CookiePolicyPage() {
  return <LegalPage document={cookiePolicy} />;
}
