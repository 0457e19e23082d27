import { useTranslation } from "react-i18next";
import { enhanceScrolling } from "~/behaviours/scrolling";
import { useBehaviour } from "~/behaviours/use-behaviour";

/**
 * A floating button once the page has scrolled 300 px (behaviours/scrolling.ts shows it;
 * without JavaScript, the footer's link serves).
 */
export function BackToTop() {
  const { t } = useTranslation();
  const button = useBehaviour<HTMLButtonElement>(enhanceScrolling);
  return (
    <button
      type="button"
      hidden
      data-back-to-top
      ref={button}
      className="fixed bottom-20 right-4 z-30 rounded-full bg-brand-600 p-3 text-white shadow-lg hover:bg-brand-700 print:hidden"
      aria-label={t("Back to top")}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
        <path d="M10 4l6 6-1.4 1.4L11 7.8V16H9V7.8l-3.6 3.6L4 10z" />
      </svg>
    </button>
  );
}
