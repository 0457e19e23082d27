import { useTranslation } from "react-i18next";
import { tk } from "~/features/languages/languages";

const STYLES = {
  unread: { label: tk("Unread"), className: "bg-amber-100 text-amber-900" },
  read: { label: tk("Read"), className: "bg-slate-100 text-slate-800" },
  answered: { label: tk("Answered"), className: "bg-green-100 text-green-900" },
} as const;

/** A contact message's state: unread, read (not answered yet) or answered. */
export function MessageStateBadge({ state }: { state: keyof typeof STYLES }) {
  const { t } = useTranslation("admin");
  const { label, className } = STYLES[state];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{t(label)}</span>;
}
