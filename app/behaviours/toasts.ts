// The flash message (components/toast-region.tsx; without JavaScript a CSS animation fades it
// after the same time): a close button, and gone from the page after its time.
import { TOAST_DURATION_MS, type ToastType } from "~/domain/toast-durations";
import { within, type Behaviour } from "./behaviour";

export const enhanceToasts: Behaviour = (root) => {
  const undo: (() => void)[] = [];
  for (const toast of within(root, "[data-toast-type]")) {
    if (toast.hidden) continue;
    const hide = () => (toast.hidden = true);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "rounded px-1 text-lg leading-none";
    close.setAttribute("aria-label", "Dismiss notification");
    close.textContent = "×";
    close.onclick = hide;
    toast.appendChild(close);
    const timer = setTimeout(hide, TOAST_DURATION_MS[toast.dataset.toastType as ToastType] ?? TOAST_DURATION_MS.info);
    undo.push(() => {
      clearTimeout(timer);
      close.remove();
    });
  }
  return () => undo.forEach((step) => step());
};
