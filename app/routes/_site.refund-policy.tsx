import type { MetaFunction } from "@remix-run/cloudflare";
import { refundPolicy } from "~/content/legal";
import { LegalPage } from "~/components/legal-page";
import type { ScriptsHandle } from "~/components/page-scripts";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = () => [
  { title: "Refund Policy | SwiftParcel" },
  { name: "description", content: "When SwiftParcel refunds shipments and business plans, how to ask, and when the money arrives." },
];

export default function RefundPolicyPage() {
  return <LegalPage document={refundPolicy} />;
}
