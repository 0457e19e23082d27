// The services page's levels (routes/_site.services.tsx renders anchored sections and a row of
// links to them) become an ARIA tab list showing one section at a time: the one the address
// names (#same-day or ?tab=same-day) first, else the first.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { tabClass } from "./tab-class";

export const enhanceTabs: Behaviour = (root) => {
  const area = within(root, "[data-tabs]")[0];
  const nav = area?.querySelector("nav");
  const links = [...(nav?.querySelectorAll<HTMLAnchorElement>("a[href^='#']") ?? [])];
  const panels = links.map((link) => document.getElementById(link.hash.slice(1))!);
  if (!area || !nav || links.length === 0 || panels.some((panel) => panel === null)) return () => {};
  const drawn = panels.map((panel) => panel.className);

  const list = document.createElement("div");
  list.setAttribute("role", "tablist");
  list.setAttribute("aria-label", nav.getAttribute("aria-label") ?? "");
  list.className = "mb-6 flex flex-wrap gap-2 print:hidden";
  const tabs = links.map((link, index) => {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.id = `tab-${panels[index]!.id}`;
    tab.setAttribute("aria-controls", panels[index]!.id);
    tab.textContent = link.textContent;
    list.appendChild(tab);
    return tab;
  });

  const select = (chosen: number, focus: boolean) => {
    tabs.forEach((tab, index) => {
      const on = index === chosen;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      tab.className = tabClass(on);
      // Hidden by a class, not the hidden attribute, so that a printout still has every service.
      panels[index]!.classList.toggle("hidden", !on);
      panels[index]!.classList.toggle("print:grid", !on);
      panels[index]!.classList.toggle("grid", on);
    });
    if (focus) tabs[chosen]!.focus();
  };
  panels.forEach((panel, index) => {
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", tabs[index]!.id);
    panel.tabIndex = 0;
  });
  list.onclick = (event) => {
    const index = tabs.indexOf((event.target as Element).closest("button")!);
    if (index >= 0) select(index, false);
  };
  list.onkeydown = (event) => {
    const index = tabs.findIndex((tab) => tab.getAttribute("aria-selected") === "true");
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select((moves[event.key]! + tabs.length) % tabs.length, true);
  };
  // The links stay in the page, hidden, so that undoing this gives the page back as it came.
  nav.hidden = true;
  nav.insertAdjacentElement("beforebegin", list);

  const named = (id: string | null) => panels.findIndex((panel) => panel.id === id);
  const fromHash = named(decodeURIComponent(location.hash.slice(1)));
  select(fromHash >= 0 ? fromHash : Math.max(named(new URLSearchParams(location.search).get("tab")), 0), false);
  // A link to /services#standard on this page (the footer's) opens that tab.
  const onHash = () => {
    const index = named(decodeURIComponent(location.hash.slice(1)));
    if (index < 0) return;
    select(index, false);
    area.scrollIntoView({ block: "start" });
  };
  window.addEventListener("hashchange", onHash);
  return () => {
    window.removeEventListener("hashchange", onHash);
    list.remove();
    nav.hidden = false;
    panels.forEach((panel, index) => {
      panel.className = drawn[index]!;
      panel.removeAttribute("role");
      panel.removeAttribute("aria-labelledby");
      panel.removeAttribute("tabindex");
    });
  };
};
