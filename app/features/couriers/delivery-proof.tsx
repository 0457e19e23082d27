import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { formatDateTime } from "~/domain/format";
import { Fact } from "~/features/tracking/tracking-result";
import type { DeliveryProof } from "./proofs.server";

/** How the signature was given: drawn (shown beside), typed by the recipient, or not asked for. */
function signatureText(t: TFunction, proof: DeliveryProof): string {
  if (proof.signatureUrl) return t("Drawn in the signature box");
  if (proof.typedSignature) return t("Typed name: {{name}}", { name: proof.typedSignature });
  return t("Not required");
}

/**
 * A delivery's proof as its owner, admins and the courier see it: who took the parcel and when,
 * the courier, the photo and the signature. Its images come through the authorised route
 * (proofs.$updateId.$kind.ts).
 */
export function DeliveryProofCard({ proof, timeZone, className = "card" }: { proof: DeliveryProof; timeZone: string; className?: string }) {
  const { t } = useTranslation("couriers");
  const locale = useLocale();
  // On paper the heading, the facts and the pictures stand in one row, so a one-page receipt stays one page.
  return (
    <section className={`${className} space-y-4 print:flex print:break-inside-avoid print:items-start print:gap-6 print:space-y-0`} aria-labelledby="proof-title">
      <h2 id="proof-title" className="text-lg font-semibold print:shrink-0 print:text-base">
        {t("Proof of delivery")}
      </h2>
      <div className="space-y-4 print:flex print:flex-1 print:items-start print:gap-6 print:space-y-0">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 print:flex print:flex-1 print:flex-wrap print:gap-y-1">
          <Fact label={t("Received by")} value={proof.receivedBy} />
          <Fact label={t("Delivered at")} value={formatDateTime(proof.takenAt, timeZone, locale)} />
          {/* The receipt's back office copy names the courier on screen; paper keeps to the proof itself. */}
          {proof.courierName ? <Fact label={t("Courier")} value={proof.courierName} className="print:hidden" /> : null}
          <Fact label={t("Signature")} value={signatureText(t, proof)} />
        </dl>
        {proof.photoUrl || proof.signatureUrl ? (
          <div className="flex flex-wrap items-end gap-4 print:flex-nowrap">
            {proof.photoUrl ? (
              <figure>
                <img src={proof.photoUrl} alt={t("Photo of the delivered parcel")} className="max-h-64 max-w-full rounded-md border border-slate-300 print:max-h-12" />
                <figcaption className="mt-1 text-xs text-slate-700 print:hidden">{t("Photo taken at the door")}</figcaption>
              </figure>
            ) : null}
            {proof.signatureUrl ? (
              <figure>
                <img src={proof.signatureUrl} alt={t("Signature of {{name}}", { name: proof.receivedBy })} className="h-24 max-w-full rounded-md border border-slate-300 bg-white print:h-10" />
                <figcaption className="mt-1 text-xs text-slate-700 print:hidden">{t("Signature")}</figcaption>
              </figure>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
