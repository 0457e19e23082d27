// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ROTATE_MS, SLIDES, slideHref } from "./home-slides";
import { enhanceSlides } from "./slides";

// What the page gives the behaviour to write, in the page's language (here Spanish).
const COPY = SLIDES.map((_, index) => ({ counter: `Diapositiva ${index + 1} de ${SLIDES.length}`, title: `Título ${index + 1}`, text: `Texto ${index + 1}` }));

// The hero as routes/_site._index.tsx renders it for slide 1.
beforeEach(() => {
  vi.useFakeTimers();
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  document.body.innerHTML = `
    <section id="hero" data-slides="0" data-slide-copy='${JSON.stringify(COPY)}' data-play="Reanudar" data-pause="Pausa" class="bg-gradient-to-br ${SLIDES[0].background}">
      <div aria-live="off" data-slide-text><p>${COPY[0]!.counter}</p><h1>${COPY[0]!.title}</h1><p>${COPY[0]!.text}</p></div>
      <div data-slide-controls>
        <a href="${slideHref(-1)}" data-slide-step="-1" aria-label="Previous slide">‹</a>
        <ul>${SLIDES.map((_, index) => `<li><a href="${slideHref(index)}" data-slide="${index}" ${index === 0 ? `aria-current="true"` : ""}><span></span></a></li>`).join("")}</ul>
        <a href="${slideHref(1)}" data-slide-step="1" aria-label="Next slide">›</a>
      </div>
    </section>`;
});
let undo: () => void = () => {};
afterEach(() => {
  undo();
  vi.useRealTimers();
});

const title = () => document.querySelector("h1")!.textContent;
const pause = () => document.querySelector<HTMLButtonElement>("[data-slide-controls] button")!;
function click(element: Element) {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
}

describe("enhanceSlides", () => {
  test("Next switches in place, in the words the page gives: text, counter, current dot, links and background", () => {
    undo = enhanceSlides(document);
    const event = click(document.querySelector("[aria-label='Next slide']")!);
    expect(event.defaultPrevented).toBe(true);
    expect(title()).toBe(COPY[1]!.title);
    expect(document.querySelector("[data-slide-text] p")!.textContent).toBe(COPY[1]!.counter);
    expect(document.querySelector("[data-slide='1']")!.getAttribute("aria-current")).toBe("true");
    expect(document.querySelector("[data-slide='0']")!.hasAttribute("aria-current")).toBe(false);
    expect(document.querySelector<HTMLAnchorElement>("[aria-label='Next slide']")!.getAttribute("href")).toBe(slideHref(2));
    const hero = document.querySelector("#hero")!;
    for (const name of SLIDES[1].background.split(" ")) expect(hero.classList.contains(name)).toBe(true);
  });

  test("a dot shows its slide; Previous from the first wraps to the last", () => {
    undo = enhanceSlides(document);
    click(document.querySelector("[data-slide='2'] span")!);
    expect(title()).toBe(COPY[2]!.title);
    click(document.querySelector("[data-slide='0']")!);
    click(document.querySelector("[aria-label='Previous slide']")!);
    expect(title()).toBe(COPY[SLIDES.length - 1]!.title);
  });

  test("the slides advance by themselves", () => {
    undo = enhanceSlides(document);
    vi.advanceTimersByTime(ROTATE_MS);
    expect(title()).toBe(COPY[1]!.title);
    vi.advanceTimersByTime(ROTATE_MS);
    expect(title()).toBe(COPY[2]!.title);
  });

  test("Pause holds them still and announces changes; Play starts them again", () => {
    undo = enhanceSlides(document);
    expect(pause().textContent).toBe("Pausa");
    pause().click();
    expect(pause().textContent).toBe("Reanudar");
    expect(document.querySelector("[data-slide-text]")!.getAttribute("aria-live")).toBe("polite");
    vi.advanceTimersByTime(ROTATE_MS * 3);
    expect(title()).toBe(COPY[0]!.title);
    pause().click();
    vi.advanceTimersByTime(ROTATE_MS);
    expect(title()).toBe(COPY[1]!.title);
  });

  test("a reader who prefers less motion gets no rotation", () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    undo = enhanceSlides(document);
    vi.advanceTimersByTime(ROTATE_MS * 2);
    expect(title()).toBe(COPY[0]!.title);
  });

  test("undoing stops the rotation, removes Pause and shows the first slide drawn", () => {
    // On the hero itself, as a React ref gives it.
    const stop = enhanceSlides(document.querySelector("#hero")!);
    vi.advanceTimersByTime(ROTATE_MS);
    expect(title()).toBe(COPY[1]!.title);
    stop();
    expect(title()).toBe(COPY[0]!.title);
    expect(document.querySelector("[data-slide-controls] button")).toBeNull();
    vi.advanceTimersByTime(ROTATE_MS);
    expect(title()).toBe(COPY[0]!.title);
  });
});
