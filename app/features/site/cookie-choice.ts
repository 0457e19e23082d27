// The cookie banner (cookie-banner.tsx posts the choice to /cookie-consent): the answer is also
// kept in localStorage under "cookieConsent", a banner already answered there is not shown, and
// × hides it for this tab without a request. A choice hides the banner at once.
import { within, type Behaviour } from "~/behaviours/behaviour";

const KEY = "cookieConsent";
const isChoice = (value: unknown) => value === "accepted" || value === "declined";

export const enhanceCookieBanner: Behaviour = (root) => {
  const banner = within(root, "[data-cookie-banner]")[0];
  const form = banner?.querySelector("form");
  if (!banner || !form) return () => {};
  const stored = localStorage.getItem(KEY);
  // Only an answer is kept for good; anything else found there is no choice.
  if (stored !== null && !isChoice(stored)) localStorage.removeItem(KEY);
  const onSubmit = (event: SubmitEvent) => {
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    if (isChoice(choice)) localStorage.setItem(KEY, choice!);
    else {
      event.preventDefault();
      sessionStorage.setItem(KEY, "closed");
    }
    banner.hidden = true;
  };
  banner.hidden = isChoice(stored) || sessionStorage.getItem(KEY) === "closed";
  form.addEventListener("submit", onSubmit);
  return () => {
    form.removeEventListener("submit", onSubmit);
    banner.hidden = false;
  };
};
