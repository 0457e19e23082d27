import { useEffect, useState } from "react";
import type { Toast } from "~/http/toast.server";
import { TOAST_DURATION_MS } from "~/domain/toast-durations";
import { useHydrated } from "./use-hydrated";


const STYLES: Record<Toast["type"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-brand-600 bg-brand-50 text-brand-800",
};

// Until JavaScript takes over (or without it), CSS fades the toast after the same durations
// (tailwind.css), so a toast never stays over the page.
const FADE: Record<Toast["type"], string> = { success: "toast-success", error: "toast-error", info: "toast-info" };

/**
 * Flash messages, top right. Server-rendered, so they show without JavaScript; with it they
 * fade after their durations (toast-durations.ts) and can be closed. They sit below the sticky header so they
 * never cover the account menu, and a CSS animation removes them without JavaScript too.
 */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<Toast | null>(toast);

  // A new toast replaces the one shown; data reloaded without one (a live list's revalidation)
  // leaves the shown toast to its own timer.
  useEffect(() => {
    if (toast) setVisible(toast);
  }, [toast]);
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(null), TOAST_DURATION_MS[visible.type]);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-20 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 print:hidden"
    >
      {visible ? (
        <div
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 p-4 shadow-lg ${STYLES[visible.type]} ${hydrated ? "" : FADE[visible.type]}`}
          data-toast-type={visible.type}
        >
          <p className="flex-1 text-sm font-medium">{visible.message}</p>
          {hydrated ? (
            <button
              type="button"
              className="rounded px-1 text-lg leading-none"
              aria-label="Dismiss notification"
              onClick={() => setVisible(null)}
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
