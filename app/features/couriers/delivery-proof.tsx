import { formatDateTime } from "~/domain/format";
import { Fact } from "~/features/tracking/tracking-result";
import type { DeliveryProof } from "./proofs.server";

/** How the signature was given: drawn (shown beside), typed by the recipient, or not asked for. */
function signatureText(proof: DeliveryProof): string {
  if (proof.signatureUrl) return "Signed in the courier's signature box";
  if (proof.typedSignature) return `Typed name: ${proof.typedSignature}`;
  return "Not required";
}

/**
 * A delivery's proof as its owner, admins and the courier see it: who took the parcel and when,
 * the courier, the photo and the signature. Its images come through the authorised route
 * (proofs.$updateId.$kind.ts).
 */
export function DeliveryProofCard({ proof, timeZone, className = "card" }: { proof: DeliveryProof; timeZone: string; className?: string }) {
  return (
    <section className={`${className} space-y-4 print:break-inside-avoid`} aria-labelledby="proof-title">
      <h2 id="proof-title" className="text-lg font-semibold">
        Proof of delivery
      </h2>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 print:grid-cols-4 print:gap-y-1">
        <Fact label="Received by" value={proof.receivedBy} />
        <Fact label="Delivered at" value={formatDateTime(proof.takenAt, timeZone)} />
        {proof.courierName ? <Fact label="Courier" value={proof.courierName} /> : null}
        <Fact label="Signature" value={signatureText(proof)} />
      </dl>
      {proof.photoUrl || proof.signatureUrl ? (
        <div className="flex flex-wrap items-end gap-4">
          {proof.photoUrl ? (
            <figure>
              <img src={proof.photoUrl} alt="Photo of the delivered parcel" className="max-h-64 max-w-full rounded-md border border-slate-300 print:max-h-28" />
              <figcaption className="mt-1 text-xs text-slate-700">Photo taken at the door</figcaption>
            </figure>
          ) : null}
          {proof.signatureUrl ? (
            <figure>
              <img
                src={proof.signatureUrl}
                alt={`Signature of ${proof.receivedBy}`}
                className="h-24 max-w-full rounded-md border border-slate-300 bg-white print:h-16"
              />
              <figcaption className="mt-1 text-xs text-slate-700">Signature</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
