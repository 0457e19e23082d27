// What follows the page's scrolling: the header's shadow once the page has moved 10 px, and the
// Back to top button (components/back-to-top.tsx renders it hidden) once it has moved 300 px.
import { within, type Behaviour } from "./behaviour";

export const enhanceScrolling: Behaviour = (root) => {
  const header = within(root, "header[data-site-header]")[0];
  const backToTop = within<HTMLButtonElement>(root, "button[data-back-to-top]")[0];
  const toTop = () => window.scrollTo({ top: 0 });
  const follow = (on: boolean) => {
    const scrolled = on && window.scrollY > 10;
    header?.classList.toggle("shadow-md", scrolled);
    if (header) header.dataset.scrolled = String(scrolled);
    if (backToTop) backToTop.hidden = !on || window.scrollY <= 300;
  };
  const onScroll = () => follow(true);
  backToTop?.addEventListener("click", toTop);
  onScroll();
  window.addEventListener("scroll", onScroll, { passive: true });
  return () => {
    window.removeEventListener("scroll", onScroll);
    backToTop?.removeEventListener("click", toTop);
    follow(false);
  };
};
