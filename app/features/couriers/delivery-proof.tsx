import { formatDateTime } from "~/domain/format";
import { Fact } from "~/features/tracking/tracking-result";
import type { DeliveryProof } from "./proofs.server";

/** How the signature was given: drawn (shown beside), typed by the recipient, or not asked for. */
function signatureText(proof: DeliveryProof): string {
  if (proof.signatureUrl) return "Drawn in the signature box";
  if (proof.typedSignature) return `Typed name: ${proof.typedSignature}`;
  return "Not required";
}

/**
 * A delivery's proof as its owner, admins and the courier see it: who took the parcel and when,
 * the courier, the photo and the signature. Its images come through the authorised route
 * (proofs.$updateId.$kind.ts).
 */
export function DeliveryProofCard({ proof, timeZone, className = "card" }: { proof: DeliveryProof; timeZone: string; className?: string }) {
  // On paper the heading, the facts and the pictures stand in one row, so a one-page receipt stays one page.
  return (
    <section className={`${className} space-y-4 print:flex print:break-inside-avoid print:items-start print:gap-6 print:space-y-0`} aria-labelledby="proof-title">
      <h2 id="proof-title" className="text-lg font-semibold print:shrink-0 print:text-base">
        Proof of delivery
      </h2>
      <div className="space-y-4 print:flex print:flex-1 print:items-start print:gap-6 print:space-y-0">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 print:flex print:flex-1 print:flex-wrap print:gap-y-1">
          <Fact label="Received by" value={proof.receivedBy} />
          <Fact label="Delivered at" value={formatDateTime(proof.takenAt, timeZone)} />
          {/* The receipt's back office copy names the courier on screen; paper keeps to the proof itself. */}
          {proof.courierName ? <Fact label="Courier" value={proof.courierName} className="print:hidden" /> : null}
          <Fact label="Signature" value={signatureText(proof)} />
        </dl>
        {proof.photoUrl || proof.signatureUrl ? (
          <div className="flex flex-wrap items-end gap-4 print:flex-nowrap">
            {proof.photoUrl ? (
              <figure>
                <img src={proof.photoUrl} alt="Photo of the delivered parcel" className="max-h-64 max-w-full rounded-md border border-slate-300 print:max-h-12" />
                <figcaption className="mt-1 text-xs text-slate-700 print:hidden">Photo taken at the door</figcaption>
              </figure>
            ) : null}
            {proof.signatureUrl ? (
              <figure>
                <img src={proof.signatureUrl} alt={`Signature of ${proof.receivedBy}`} className="h-24 max-w-full rounded-md border border-slate-300 bg-white print:h-10" />
                <figcaption className="mt-1 text-xs text-slate-700 print:hidden">Signature</figcaption>
              </figure>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
