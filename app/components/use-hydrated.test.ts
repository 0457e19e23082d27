// @vitest-environment happy-dom
import { act, createElement, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Flag({ name }: { name: string }) {
  return createElement("p", { id: name }, useHydrated() ? "hydrated" : "server");
}

/** Two flags, and a third one that mounts only when asked (as a page reached by a link does). */
function Page() {
  const [later, setLater] = useState(false);
  return createElement(
    "div",
    null,
    createElement(Flag, { name: "a" }),
    createElement(Flag, { name: "b" }),
    createElement("button", { type: "button", onClick: () => setLater(true) }, "more"),
    later ? createElement(Flag, { name: "later" }) : null,
  );
}

describe("useHydrated", () => {
  it("is false in the server's HTML and while hydrating, true once hydrated, and true at once for what mounts afterwards", async () => {
    const html = renderToString(createElement(Page));
    expect(html).toContain(">server<");
    expect(html).not.toContain(">hydrated<");

    document.body.innerHTML = `<div id="root">${html}</div>`;
    const container = document.getElementById("root")!;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, createElement(Page), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.querySelector("#a")?.textContent).toBe("hydrated");
    expect(container.querySelector("#b")?.textContent).toBe("hydrated");

    // What mounts after hydration renders hydrated from its first render on: it is never shown as the server's.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const text = container.querySelector("#later")?.textContent;
      if (text) seen.push(text);
    });
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      container.querySelector("button")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    expect(container.querySelector("#later")?.textContent).toBe("hydrated");
    expect(seen).not.toContain("server");
  });
});
