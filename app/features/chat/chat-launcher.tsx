// The floating "Chat with us" control of every public page. Without JavaScript it is a link to
// /support/chat; with it, chat-button.ts makes it a button that opens the chat window, whose
// code is loaded only when it is first wanted (hover, focus or click).
import { useTranslation } from "react-i18next";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { enhanceChatLauncher } from "./chat-button";

// Docked in the site header on phones and tablets (an icon button beside Menu, so it never floats
// over a form's submit button or the tracking box); floating at the window's bottom-right corner
// from the lg breakpoint, where the page's column leaves the corner free. The site header has no
// backdrop filter, so `fixed` here is relative to the window.
const LAUNCHER =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 lg:fixed lg:bottom-4 lg:right-4 lg:z-40 lg:rounded-full lg:px-4 lg:py-3 lg:shadow-lg print:hidden";
// The words stay the accessible name everywhere; below lg only the icon shows.
const LABEL = "max-lg:sr-only";

export function ChatLauncher() {
  // Its own catalogs: the pages that show no launcher (the chat page) carry none of its words.
  const { t } = useTranslation("chat-launcher");
  const launcher = useBehaviour<HTMLAnchorElement>(enhanceChatLauncher);
  return (
    <a href="/support/chat" className={LAUNCHER} data-chat-launcher data-open-label={t("Chat with us")} data-close-label={t("Close chat")} ref={launcher}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
        <path d="M2 5a3 3 0 013-3h10a3 3 0 013 3v6a3 3 0 01-3 3H9l-4 4v-4a3 3 0 01-3-3V5z" />
      </svg>
      <span className={LABEL} data-chat-label>
        {t("Chat with us")}
      </span>
    </a>
  );
}
