import { useTranslation } from "react-i18next";
import { useNonce } from "~/components/nonce";
import { useLanguage, useLocale } from "~/components/root-data";
import { STATUSES_NAMESPACE } from "~/features/shipments/shipment-status";
import { COURIER_STATUSES, courierStatusName, COURIERS_NAMESPACE } from "./courier-rules";
import { MAX_WAITING, type NoticeWords, type OutboxWords } from "./outbox";
// Bundled on their own (`?worker&url`): the service worker, and the courier pages' script that registers it.
import courierPageUrl from "./courier-page.ts?worker&url";
import courierWorkerUrl from "./courier-sw.ts?worker&url";

/** The outbox's title, a key with a plural form for each of the language's (offline.ts picks one by the count). */
const WAITING_TITLE = "Waiting to be sent: {{count}} updates";

/** The panel's words in the page's language, for offline.ts, which draws it without React. */
function useOutboxWords(): OutboxWords {
  const { t } = useTranslation(COURIERS_NAMESPACE);
  const language = useLanguage();
  const locale = useLocale();
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const waiting = Object.fromEntries(forms.map((form) => [form, t(`${WAITING_TITLE}_${form}`)]));
  return {
    locale,
    waiting: { ...waiting, other: t(`${WAITING_TITLE}_other`) },
    waitingList: t("Waiting to be sent"),
    entry: t("{{trackingId}}: {{status}}, saved at {{time}}"),
    refusedEntry: t("{{trackingId}}: {{status}}, saved at {{time}}. {{message}}"),
    signIn: t("Sign in again to send the waiting updates."),
    signInLink: t("Sign in"),
    allSent: t("Every update is sent."),
    notSent: t("Not sent"),
    ok: t("OK"),
    okLabel: t("OK, {{trackingId}} not sent"),
    offlineReady: t("This page opens without signal."),
    refusedFallback: t("The server refused this update."),
  };
}

/** The service worker's notices without signal, in the page's language (it keeps the last page's). */
function useNoticeWords(): NoticeWords {
  const { t } = useTranslation(COURIERS_NAMESPACE);
  return {
    lang: useLanguage(),
    noSignal: t("No signal"),
    runSheet: t("Run sheet"),
    notKept: t("No signal, and this form has no update id, so it was not kept: reload the stop's page with signal and try again."),
    full: t("No signal, and {{max}} updates are already waiting on this phone: nothing was saved. Send them first (find a signal), then try again.", { max: MAX_WAITING }),
    notOpened: t("No signal, and this page was not opened on this phone before."),
  };
}

/**
 * Where a courier page shows, with JavaScript, the updates saved on the phone: waiting to be
 * sent, or refused by the server (offline.ts draws it, in the words this markup gives). Empty
 * and hidden without JavaScript, and until there is something to say.
 */
export function OfflinePanel() {
  const nonce = useNonce();
  const { t } = useTranslation([COURIERS_NAMESPACE, STATUSES_NAMESPACE]);
  const labels = JSON.stringify(Object.fromEntries(COURIER_STATUSES.map((status) => [status, courierStatusName(t, status)])));
  const words = JSON.stringify(useOutboxWords());
  const notice = JSON.stringify(useNoticeWords());
  return (
    <>
      <section
        data-outbox
        data-service-worker={courierWorkerUrl}
        data-status-labels={labels}
        data-outbox-words={words}
        data-offline-notice={notice}
        aria-live="polite"
        aria-label={t("Updates on this phone")}
        className="card space-y-2 print:hidden"
        hidden
      />
      <script type="module" src={courierPageUrl} nonce={nonce} />
    </>
  );
}

/** The end of a courier page: with JavaScript, 'This page opens without signal.' once the phone keeps it. */
export function OfflineNote() {
  return <p data-outbox-ready className="text-sm text-slate-700 print:hidden" hidden />;
}
