// The home page's slides (routes/_site._index.tsx renders one, with links to the others): the
// links switch in place, the slides rotate, and a Pause button stops them.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { ROTATE_MS, SLIDES, slideHref } from "./home-slides";

export const enhanceSlides: Behaviour = (root) => {
  const hero = within(root, "[data-slides]")[0];
  const text = hero?.querySelector<HTMLElement>("[data-slide-text]");
  const controls = hero?.querySelector<HTMLElement>("[data-slide-controls]");
  if (!hero || !text || !controls) return () => {};
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
    counter!.textContent = `Slide ${current + 1} of ${SLIDES.length}`;
    title!.textContent = SLIDES[current]!.title;
    body!.textContent = SLIDES[current]!.text;
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
  const setPaused = (paused: boolean) => {
    clearInterval(timer);
    timer = undefined;
    pause.textContent = paused ? "Play" : "Pause";
    // While paused, a change of slide is announced; rotating slides are not.
    text.setAttribute("aria-live", paused ? "polite" : "off");
    if (!paused && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      timer = setInterval(() => show(current + 1), ROTATE_MS);
    }
  };
  pause.onclick = () => setPaused(pause.textContent === "Pause");
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
