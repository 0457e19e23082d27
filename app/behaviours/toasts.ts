// The flash message (components/toast-region.tsx; without JavaScript a CSS animation fades it
// after the same time): a close button, and gone from the page after its time, counted from
// when the script takes over from the CSS (a page slow to start still shows it in full).
import { TOAST_DURATION_MS, type ToastType } from "~/domain/toast-durations";
import { within, type Behaviour } from "./behaviour";

export const enhanceToasts: Behaviour = (root) => {
  const undo: (() => void)[] = [];
  for (const toast of within(root, "[data-toast-type]")) {
    if (toast.hidden) continue;
    const type = toast.dataset.toastType as ToastType;
    const fade = `toast-${type}`;
    const hide = () => (toast.hidden = true);
    toast.classList.remove(fade);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "rounded px-1 text-lg leading-none";
    close.setAttribute("aria-label", "Dismiss notification");
    close.textContent = "×";
    close.onclick = hide;
    toast.appendChild(close);
    const timer = setTimeout(hide, TOAST_DURATION_MS[type] ?? TOAST_DURATION_MS.info);
    undo.push(() => {
      clearTimeout(timer);
      close.remove();
      toast.classList.add(fade);
    });
  }
  return () => undo.forEach((step) => step());
};
