// The flash message (components/toast-region.tsx; without JavaScript CSS fades it): a close
// button, and gone from the page after its type's time (toast-durations.ts).
import { TOAST_DURATION_MS, type ToastType } from "~/domain/toast-durations";

export function enhanceToasts(root: ParentNode) {
  for (const toast of root.querySelectorAll<HTMLElement>("[data-toast-type]")) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "rounded px-1 text-lg leading-none";
    close.setAttribute("aria-label", "Dismiss notification");
    close.textContent = "×";
    close.addEventListener("click", () => toast.remove());
    toast.appendChild(close);
    window.setTimeout(() => toast.remove(), TOAST_DURATION_MS[toast.dataset.toastType as ToastType] ?? TOAST_DURATION_MS.info);
  }
}
