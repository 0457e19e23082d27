// The home page's slides (routes/_site._index.tsx renders one, with links to the others): the
// links switch in place, the slides rotate, and a Pause button stops them. The words come from
// the hero's markup, in the page's language: each slide's counter, title and text
// (data-slide-copy, JSON) and the button's Play and Pause (data-play, data-pause).
import { within, type Behaviour } from "~/behaviours/behaviour";
import { ROTATE_MS, SLIDES, slideHref } from "./home-slides";

/** What a slide says, as the hero's data-slide-copy lists it. */
export type SlideCopy = { counter: string; title: string; text: string };

export const enhanceSlides: Behaviour = (root) => {
  const hero = within(root, "[data-slides]")[0];
  const text = hero?.querySelector<HTMLElement>("[data-slide-text]");
  const controls = hero?.querySelector<HTMLElement>("[data-slide-controls]");
  const copy = JSON.parse(hero?.dataset.slideCopy ?? "[]") as SlideCopy[];
  if (!hero || !text || !controls || copy.length !== SLIDES.length) return () => {};
  const first = Number(hero.dataset.slides) || 0;
  let current = first;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (index: number) => {
    const next = (index + SLIDES.length) % SLIDES.length;
    hero.classList.remove(...SLIDES[current]!.background.split(" "));
    hero.classList.add(...SLIDES[next]!.background.split(" "));
    const image = hero.querySelector<HTMLImageElement>("img[data-slide-image]");
    if (image) image.src = SLIDES[next]!.image;
    current = next;
    const [counter, title, body] = text.children;
    counter!.textContent = copy[current]!.counter;
    title!.textContent = copy[current]!.title;
    body!.textContent = copy[current]!.text;
    for (const link of controls.querySelectorAll<HTMLAnchorElement>("a[data-slide-step]")) {
      link.href = slideHref(current + Number(link.dataset.slideStep));
    }
    for (const dot of controls.querySelectorAll<HTMLAnchorElement>("a[data-slide]")) {
      const on = Number(dot.dataset.slide) === current;
      if (on) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      dot.firstElementChild?.classList.toggle("bg-white", on);
      dot.firstElementChild?.classList.toggle("bg-white/40", !on);
    }
  };
  const onClick = (event: Event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-slide], a[data-slide-step]");
    if (!link) return;
    event.preventDefault();
    show(link.dataset.slide !== undefined ? Number(link.dataset.slide) : current + Number(link.dataset.slideStep));
  };
  controls.addEventListener("click", onClick);

  const pause = document.createElement("button");
  pause.type = "button";
  pause.className = "ml-2 rounded-full bg-white/15 px-3 py-1.5 text-sm hover:bg-white/25";
  let isPaused = false;
  const setPaused = (paused: boolean) => {
    clearInterval(timer);
    timer = undefined;
    isPaused = paused;
    pause.textContent = (paused ? hero.dataset.play : hero.dataset.pause) ?? "";
    // While paused, a change of slide is announced; rotating slides are not.
    text.setAttribute("aria-live", paused ? "polite" : "off");
    if (!paused && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      timer = setInterval(() => show(current + 1), ROTATE_MS);
    }
  };
  pause.onclick = () => setPaused(!isPaused);
  controls.appendChild(pause);
  setPaused(false);
  return () => {
    clearInterval(timer);
    controls.removeEventListener("click", onClick);
    pause.remove();
    show(first);
    text.setAttribute("aria-live", "off");
  };
};
