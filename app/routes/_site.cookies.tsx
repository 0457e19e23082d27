import type { MetaFunction } from "@remix-run/cloudflare";
import { cookiePolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Cookie Policy | ${companyNameOf(matches)}` },
  { name: "description", content: `Every cookie ${companyNameOf(matches)} sets (sign-in session, notices, your cookie choice and time zone), what each is for and how long it stays. No tracking or advertising cookies.` },
];

export default function CookiePolicyPage() {
  return <LegalPage document={cookiePolicy} />;
}
