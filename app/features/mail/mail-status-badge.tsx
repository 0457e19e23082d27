import { useTranslation } from "react-i18next";
import { MAIL_STATUS_LABELS, type MailStatus } from "./mail-status";

const STATUS_STYLES: Record<MailStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-orange-100 text-orange-900",
  dead: "bg-red-100 text-red-900",
  suppressed: "bg-slate-200 text-slate-800",
};

/** A mail's state in the mailbox: its label on a colour of its own. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation("admin");
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>{t(MAIL_STATUS_LABELS[status])}</span>;
}
