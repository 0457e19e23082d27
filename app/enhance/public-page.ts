// The one script of the pages that do not hydrate (components/page-scripts.tsx,
// docs/decisions/145): plain DOM code adding to the server's HTML what React adds on the
// other pages. Each part looks for its own markup and does nothing on a page without it.
import { enhanceChat } from "./chat";
import { enhanceConsent } from "./consent";
import { enhanceFaq } from "./faq";
import { enhanceGoBack } from "./go-back";
import { enhancePasswords } from "./password";
import { enhancePending } from "./pending";
import { enhancePrint } from "./print";
import { enhanceScrolling } from "./scrolling";
import { registerServiceWorker } from "./service-worker";
import { enhanceSlides } from "./slides";
import { enhanceStrengthMeters } from "./strength-meter";
import { enhanceTabs } from "./tabs";
import { enhanceToasts } from "./toasts";
import { enhanceTrackingForms } from "./tracking-form";

for (const enhance of [
  enhanceChat,
  enhanceConsent,
  enhanceFaq,
  enhanceGoBack,
  enhancePasswords,
  enhancePending,
  enhancePrint,
  enhanceScrolling,
  enhanceSlides,
  enhanceStrengthMeters,
  enhanceTabs,
  enhanceToasts,
  enhanceTrackingForms,
]) {
  enhance(document);
}
registerServiceWorker();
