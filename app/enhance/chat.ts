// The floating "Chat with us" link (features/chat/chat-launcher.tsx) becomes a button that opens
// the chat window in the page. The window is React (features/chat/chat-window.tsx): its code,
// React included, is loaded only when first wanted (hover, focus or click).
const loadWindow = () => import("./chat-island");

export function enhanceChat(root: ParentNode) {
  const link = root.querySelector<HTMLAnchorElement>("a[data-chat-launcher]");
  if (!link) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.setAttribute("aria-expanded", "false");
  button.innerHTML = link.innerHTML;
  button.dataset.chatLauncher = "";
  const label = button.querySelector("[data-chat-label]");
  const place = document.createElement("div");
  let close: (() => void) | null = null;

  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    if (open) button.setAttribute("aria-controls", "chat-window");
    else button.removeAttribute("aria-controls");
    if (label) label.textContent = open ? "Close chat" : "Chat with us";
  };
  button.addEventListener("mouseenter", () => void loadWindow(), { once: true });
  button.addEventListener("focus", () => void loadWindow(), { once: true });
  button.addEventListener("click", async () => {
    if (close) {
      close();
      close = null;
      setOpen(false);
      return;
    }
    setOpen(true);
    const { openChatWindow } = await loadWindow();
    close = openChatWindow(place, () => {
      close?.();
      close = null;
      setOpen(false);
      button.focus();
    });
  });
  link.replaceWith(button);
  button.insertAdjacentElement("afterend", place);
}
