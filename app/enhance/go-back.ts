// 'Go Back' on the 404 and error pages when the referring page is unknown
// (components/not-found.tsx renders it hidden): the browser's history.
export function enhanceGoBack(root: ParentNode) {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-go-back]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.history.back());
  }
}
