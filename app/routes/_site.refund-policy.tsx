import type { MetaFunction } from "@remix-run/cloudflare";
import { refundPolicy } from "~/features/site/legal";
import { LegalPage } from "~/features/site/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = () => [
  { title: "Refund Policy | SwiftParcel" },
  { name: "description", content: "When SwiftParcel refunds shipments and business plans, how to ask, and when the money arrives." },
];

export default function RefundPolicyPage() {
  return <LegalPage document={refundPolicy} />;
}
