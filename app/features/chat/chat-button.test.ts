// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from "vitest";
import { enhanceChatLauncher } from "./chat-button";

// The window itself is React (chat-island.tsx); here a stand-in records how it is opened and closed.
const island = vi.hoisted(() => ({ opened: 0, closed: 0, onClose: null as null | (() => void) }));
vi.mock("./chat-island", () => ({
  openChatWindow: (place: HTMLElement, onClose: () => void) => {
    island.opened++;
    island.onClose = onClose;
    place.innerHTML = `<section id="chat-window">Support chat</section>`;
    return () => {
      island.closed++;
      place.innerHTML = "";
    };
  },
}));

beforeEach(() => {
  island.opened = island.closed = 0;
  document.body.innerHTML = `<div><a href="/support/chat" class="launcher" data-chat-launcher data-open-label="Chat with us" data-close-label="Close chat"><svg aria-hidden="true"></svg><span data-chat-label>Chat with us</span></a></div>`;
});
const link = () => document.querySelector<HTMLAnchorElement>("a[data-chat-launcher]")!;
const button = () => document.querySelector<HTMLButtonElement>("button")!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("enhanceChatLauncher", () => {
  test("the link becomes a button of the same look, closed", () => {
    enhanceChatLauncher(document);
    expect(link().hidden).toBe(true);
    expect(button().className).toBe("launcher");
    expect(button().textContent).toBe("Chat with us");
    expect(button().getAttribute("aria-expanded")).toBe("false");
  });

  test("a click opens the window in the page; a second click closes it", async () => {
    enhanceChatLauncher(link());
    button().click();
    expect(button().getAttribute("aria-expanded")).toBe("true");
    expect(button().getAttribute("aria-controls")).toBe("chat-window");
    expect(button().textContent).toBe("Close chat");
    await settle();
    expect(document.querySelector("#chat-window")).not.toBeNull();
    button().click();
    expect(island.closed).toBe(1);
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(button().hasAttribute("aria-controls")).toBe(false);
    expect(button().textContent).toBe("Chat with us");
  });

  test("the window's own close hands the focus back to the button", async () => {
    enhanceChatLauncher(document);
    button().click();
    await settle();
    island.onClose!();
    expect(button().textContent).toBe("Chat with us");
    expect(document.activeElement).toBe(button());
  });

  test("undoing closes the window and gives the link back", async () => {
    const undo = enhanceChatLauncher(document);
    button().click();
    await settle();
    undo();
    expect(island.closed).toBe(1);
    expect(document.querySelector("button")).toBeNull();
    expect(document.querySelector("#chat-window")).toBeNull();
    expect(link().hidden).toBe(false);
  });
});
