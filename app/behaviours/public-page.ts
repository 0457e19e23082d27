// The one script of the pages that do not hydrate (components/page-scripts.tsx,
// docs/decisions/145): every behaviour those pages may carry, run once on the whole
// document. Each looks for its own markup and does nothing on a page without it; the React
// components that render the same markup run the same behaviours on the pages that hydrate.
import { enhancePasswordToggles } from "~/features/accounts/password-toggle";
import { enhanceStrengthMeters } from "~/features/accounts/strength-meter";
import { enhanceChatLauncher } from "~/features/chat/chat-button";
import { enhancePosition } from "~/features/couriers/position";
import { enhancePhotoShrink, enhanceSignaturePad } from "~/features/couriers/proof-capture";
import { enhanceScan } from "~/features/couriers/scan";
import { enhanceCookieBanner } from "~/features/site/cookie-choice";
import { enhanceFaqFilter } from "~/features/site/faq-filter";
import { enhanceSlides } from "~/features/site/slides";
import { enhanceTabs } from "~/features/site/tabs";
import { enhanceStepForms } from "~/features/shipments/step-form";
import { enhanceTrackingForms } from "~/features/tracking/tracking-box";
import { enhanceGoBack } from "./go-back";
import { enhanceLiveFilters } from "./live-filter";
import { enhancePending } from "./pending";
import { enhancePrint } from "./print";
import { enhanceScrolling } from "./scrolling";
import { registerServiceWorker } from "./service-worker";
import { enhanceToasts } from "./toasts";

for (const behaviour of [
  enhanceChatLauncher,
  enhanceCookieBanner,
  enhanceFaqFilter,
  enhanceGoBack,
  enhanceLiveFilters,
  enhancePasswordToggles,
  enhancePending,
  enhancePhotoShrink,
  enhancePosition,
  enhancePrint,
  enhanceScan,
  enhanceScrolling,
  enhanceSignaturePad,
  enhanceSlides,
  enhanceStepForms,
  enhanceStrengthMeters,
  enhanceTabs,
  enhanceToasts,
  enhanceTrackingForms,
]) {
  behaviour(document);
}
registerServiceWorker();
