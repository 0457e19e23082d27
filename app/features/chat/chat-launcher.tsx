// The floating "Chat with us" control of every public page. Without JavaScript it is a link to
// /support/chat; with it, chat-button.ts makes it a button that opens the chat window, whose
// code is loaded only when it is first wanted (hover, focus or click).
import { useBehaviour } from "~/behaviours/use-behaviour";
import { enhanceChatLauncher } from "./chat-button";

// Placed by the site layout at the bottom edge of the window (above the cookie banner while it shows).
const LAUNCHER =
  "absolute bottom-[calc(100%+1rem)] right-4 inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 print:hidden";

export function ChatLauncher() {
  const launcher = useBehaviour<HTMLAnchorElement>(enhanceChatLauncher);
  return (
    <a href="/support/chat" className={LAUNCHER} data-chat-launcher ref={launcher}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
        <path d="M2 5a3 3 0 013-3h10a3 3 0 013 3v6a3 3 0 01-3 3H9l-4 4v-4a3 3 0 01-3-3V5z" />
      </svg>
      Chat with us
    </a>
  );
}
