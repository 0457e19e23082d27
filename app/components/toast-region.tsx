import { useRef } from "react";
import type { Toast } from "~/http/toast.server";
import { enhanceToasts } from "~/behaviours/toasts";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { useMessages } from "./forms";

const STYLES: Record<Toast["type"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-brand-600 bg-brand-50 text-brand-800",
};

// CSS fades the toast after its time too (tailwind.css), so that without JavaScript a toast never stays over the page.
const FADE: Record<Toast["type"], string> = { success: "toast-success", error: "toast-error", info: "toast-info" };

/**
 * Flash messages, top right. Server-rendered, so they show without JavaScript; with it they
 * can be closed and leave after their time (behaviours/toasts.ts). They sit below the sticky
 * header so they never cover the account menu.
 */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  // A new toast replaces the one shown (a new element, so the behaviour runs for it); data
  // reloaded without one (a live list's revalidation) leaves the shown toast to its own timer.
  const t = useMessages();
  const shown = useRef({ toast, count: 0 });
  if (toast && toast !== shown.current.toast) shown.current = { toast, count: shown.current.count + 1 };
  const visible = shown.current.toast;
  const region = useBehaviour<HTMLDivElement>(enhanceToasts, [shown.current.count]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-20 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 print:hidden"
      ref={region}
    >
      {visible ? (
        <div
          key={shown.current.count}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 p-4 shadow-lg ${STYLES[visible.type]} ${FADE[visible.type]}`}
          data-toast-type={visible.type}
        >
          <p className="flex-1 text-sm font-medium">{t(visible.message)}</p>
        </div>
      ) : null}
    </div>
  );
}
