const STYLES = {
  unread: { label: "Unread", className: "bg-amber-100 text-amber-900" },
  read: { label: "Read", className: "bg-slate-100 text-slate-800" },
  answered: { label: "Answered", className: "bg-green-100 text-green-900" },
} as const;

/** A contact message's state: unread, read (not answered yet) or answered. */
export function MessageStateBadge({ state }: { state: keyof typeof STYLES }) {
  const { label, className } = STYLES[state];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}
