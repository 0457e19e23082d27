// The chat window, loaded and opened by chat-button.ts on every page (hydrated or not): the
// component in a React root of its own, in the page's language (i18next started here on pages
// that do not hydrate, the chat's words loaded before it shows).
import { createRoot } from "react-dom/client";
import { startI18n } from "~/features/languages/i18n.client";
import ChatWindow from "./chat-window";

/** Shows the window in `place`; the answer closes it. */
export async function openChatWindow(place: HTMLElement, onClose: () => void): Promise<() => void> {
  await startI18n().loadNamespaces(["chat", "messages"]);
  const root = createRoot(place);
  // Times in the reader's own zone, as the pages show them once the browser has told its zone.
  root.render(<ChatWindow timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone} onClose={onClose} />);
  return () => root.unmount();
}
