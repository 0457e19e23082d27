// The cookie banner (features/site/cookie-banner.tsx posts the choice to /cookie-consent): the
// answer is also kept in localStorage under "cookieConsent", a banner already
// answered there is not shown, and × hides it for this tab without a request.
const KEY = "cookieConsent";

export function enhanceConsent(root: ParentNode) {
  const banner = root.querySelector<HTMLElement>("[data-cookie-banner]");
  const form = banner?.querySelector("form");
  if (!banner || !form) return;
  const stored = window.localStorage.getItem(KEY);
  if (stored !== null && stored !== "accepted" && stored !== "declined") window.localStorage.removeItem(KEY);
  if (stored === "accepted" || stored === "declined" || window.sessionStorage.getItem(KEY) === "closed") {
    banner.remove();
    return;
  }
  form.addEventListener("submit", (event) => {
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    if (choice === "accepted" || choice === "declined") {
      window.localStorage.setItem(KEY, choice);
      return;
    }
    event.preventDefault();
    window.sessionStorage.setItem(KEY, "closed");
    banner.remove();
  });
}
