// Printing: a link marked data-print (to the page's print view, ?print=1) opens the print
// dialog instead, and the print view (marked data-auto-print) opens it by itself.
import { within, type Behaviour } from "./behaviour";

export const AUTO_PRINT_DELAY_MS = 300;

export const enhancePrint: Behaviour = (root) => {
  const links = within<HTMLAnchorElement>(root, "a[data-print]");
  const open = (event: Event) => {
    event.preventDefault();
    window.print();
  };
  for (const link of links) link.addEventListener("click", open);
  const timer = within(root, "[data-auto-print]").length > 0 ? setTimeout(() => window.print(), AUTO_PRINT_DELAY_MS) : undefined;
  return () => {
    clearTimeout(timer);
    for (const link of links) link.removeEventListener("click", open);
  };
};
