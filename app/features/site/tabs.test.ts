// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { enhanceTabs } from "./tabs";

const LEVELS = [
  { id: "express", name: "Express" },
  { id: "standard", name: "Standard" },
  { id: "same-day", name: "Same Day" },
];

// The services' levels as routes/_site.services.tsx renders them.
beforeEach(() => {
  window.history.replaceState(null, "", "/services");
  document.body.innerHTML = `
    <section data-tabs>
      <nav aria-label="Delivery services"><ul>${LEVELS.map((level) => `<li><a href="#${level.id}">${level.name}</a></li>`).join("")}</ul></nav>
      <div>${LEVELS.map((level) => `<section id="${level.id}" class="card grid"><h3>${level.name}</h3></section>`).join("")}</div>
    </section>`;
});
let undo: () => void = () => {};
afterEach(() => undo());

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>("[role=tab]")];
const tab = (name: string) => tabs().find((element) => element.textContent === name)!;
const panel = (id: string) => document.getElementById(id)!;
const shownPanels = () => LEVELS.filter((level) => !panel(level.id).classList.contains("hidden")).map((level) => level.id);
function press(key: string) {
  document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
}

describe("enhanceTabs", () => {
  test("the links become a tab list showing the first level alone", () => {
    undo = enhanceTabs(document);
    expect(document.querySelector("[role=tablist]")!.getAttribute("aria-label")).toBe("Delivery services");
    expect(tabs().map((element) => element.textContent)).toEqual(["Express", "Standard", "Same Day"]);
    expect(document.querySelector("nav")!.hidden).toBe(true);
    expect(tab("Express").getAttribute("aria-selected")).toBe("true");
    expect(shownPanels()).toEqual(["express"]);
    expect(panel("express").getAttribute("role")).toBe("tabpanel");
    expect(panel("express").getAttribute("aria-labelledby")).toBe(tab("Express").id);
  });

  test("a click selects a tab", () => {
    // On the tabs' own area, as a React ref gives it.
    undo = enhanceTabs(document.querySelector("[data-tabs]")!);
    tab("Standard").click();
    expect(tab("Standard").getAttribute("aria-selected")).toBe("true");
    expect(tab("Express").getAttribute("aria-selected")).toBe("false");
    expect(shownPanels()).toEqual(["standard"]);
  });

  test("the arrow keys, Home and End move the selection and the focus, wrapping round", () => {
    undo = enhanceTabs(document);
    tab("Express").focus();
    press("ArrowRight");
    expect(document.activeElement).toBe(tab("Standard"));
    expect(shownPanels()).toEqual(["standard"]);
    press("ArrowRight");
    press("ArrowRight");
    expect(document.activeElement).toBe(tab("Express"));
    press("ArrowLeft");
    expect(document.activeElement).toBe(tab("Same Day"));
    press("Home");
    expect(document.activeElement).toBe(tab("Express"));
    press("End");
    expect(document.activeElement).toBe(tab("Same Day"));
    expect(tab("Same Day").tabIndex).toBe(0);
    expect(tab("Express").tabIndex).toBe(-1);
  });

  test("the address chooses the first tab: #same-day, or ?tab=standard", () => {
    window.history.replaceState(null, "", "/services#same-day");
    undo = enhanceTabs(document);
    expect(shownPanels()).toEqual(["same-day"]);
    undo();
    window.history.replaceState(null, "", "/services?tab=standard");
    undo = enhanceTabs(document);
    expect(shownPanels()).toEqual(["standard"]);
  });

  test("undoing gives the links and every section back", () => {
    const stop = enhanceTabs(document.querySelector("[data-tabs]")!);
    expect(tabs()).toHaveLength(3);
    stop();
    expect(tabs()).toHaveLength(0);
    expect(document.querySelector("nav")!.hidden).toBe(false);
    expect(shownPanels()).toEqual(["express", "standard", "same-day"]);
    expect(panel("express").className).toBe("card grid");
    expect(panel("express").hasAttribute("role")).toBe(false);
  });
});
