import { useNonce } from "~/components/nonce";
import { COURIER_STATUSES, courierStatusLabel } from "./courier-rules";
// Bundled on their own (`?worker&url`): the service worker, and the courier pages' script that registers it.
import courierPageUrl from "./courier-page.ts?worker&url";
import courierWorkerUrl from "./courier-sw.ts?worker&url";

const STATUS_LABELS = JSON.stringify(Object.fromEntries(COURIER_STATUSES.map((status) => [status, courierStatusLabel(status)])));

/**
 * Where a courier page shows, with JavaScript, the updates saved on the phone: waiting to be
 * sent, or refused by the server (offline.ts draws it). Empty and hidden without JavaScript, and
 * until there is something to say.
 */
export function OfflinePanel() {
  const nonce = useNonce();
  return (
    <>
      <section data-outbox data-service-worker={courierWorkerUrl} data-status-labels={STATUS_LABELS} aria-live="polite" aria-label="Updates on this phone" className="card space-y-2 print:hidden" hidden />
      <script type="module" src={courierPageUrl} nonce={nonce} />
    </>
  );
}

/** The end of a courier page: with JavaScript, 'This page opens without signal.' once the phone keeps it. */
export function OfflineNote() {
  return <p data-outbox-ready className="text-sm text-slate-700 print:hidden" hidden />;
}
