// The floating "Chat with us" link (chat-launcher.tsx) becomes a button that opens the chat
// window in the page; its words come from the link (data-open-label, data-close-label). The window is React (chat-window.tsx): its code, React included, is
// loaded only when first wanted (hover, focus or click).
import { within, type Behaviour } from "~/behaviours/behaviour";

const loadWindow = () => import("./chat-island");

export const enhanceChatLauncher: Behaviour = (root) => {
  const link = within<HTMLAnchorElement>(root, "a[data-chat-launcher]")[0];
  if (!link) return () => {};
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.setAttribute("aria-expanded", "false");
  button.dataset.chatLauncher = "";
  button.innerHTML = link.innerHTML;
  // The words are the button's accessible name; on narrow screens only the icon shows.
  const label = button.querySelector("[data-chat-label]");
  const place = document.createElement("div");
  let close: (() => void) | null = null;

  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    if (open) button.setAttribute("aria-controls", "chat-window");
    else button.removeAttribute("aria-controls");
    if (label) label.textContent = (open ? link.dataset.closeLabel : link.dataset.openLabel) ?? "";
  };
  const shut = () => {
    close?.();
    close = null;
    setOpen(false);
  };
  button.onmouseenter = button.onfocus = () => void loadWindow();
  button.onclick = async () => {
    if (close) return shut();
    setOpen(true);
    const { openChatWindow } = await loadWindow();
    close = await openChatWindow(place, () => {
      shut();
      button.focus();
    });
  };
  // The link stays in the page, hidden, so that undoing this gives the page back as it came.
  link.hidden = true;
  link.insertAdjacentElement("afterend", button);
  button.insertAdjacentElement("afterend", place);
  return () => {
    shut();
    button.remove();
    place.remove();
    link.hidden = false;
  };
};
