import type { MetaFunction } from "@remix-run/cloudflare";
import { termsOfService } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = () => [
  { title: "Terms of Service | SwiftParcel" },
  { name: "description", content: "The terms for using the SwiftParcel website, accounts and shipments: prices, tracking, liability and claims." },
];

export default function TermsofServicePage() {
  return <LegalPage document={termsOfService} />;
}
