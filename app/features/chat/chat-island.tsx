// The chat window, loaded and opened by chat-button.ts on every page (hydrated or not): the
// component in a React root of its own.
import { createRoot } from "react-dom/client";
import ChatWindow from "./chat-window";

/** Shows the window in `place`; the answer closes it. */
export function openChatWindow(place: HTMLElement, onClose: () => void): () => void {
  const root = createRoot(place);
  // Times in the reader's own zone, as the pages show them once the browser has told its zone.
  root.render(<ChatWindow timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone} onClose={onClose} />);
  return () => root.unmount();
}
