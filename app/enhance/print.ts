// Printing: a link marked data-print (to the page's print view, ?print=1) opens the print
// dialog instead, and the print view (marked data-auto-print) opens it by itself.
const AUTO_PRINT_DELAY_MS = 300;

export function enhancePrint(root: ParentNode) {
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-print]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      window.print();
    });
  }
  if (root.querySelector("[data-auto-print]")) window.setTimeout(() => window.print(), AUTO_PRINT_DELAY_MS);
}
