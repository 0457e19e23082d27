// What follows the page's scrolling: the header's shadow once the page has moved 10 px, and the
// Back to top button (components/back-to-top.tsx renders it hidden) once it has moved 300 px.
export function enhanceScrolling(root: ParentNode) {
  const header = root.querySelector<HTMLElement>("header[data-site-header]");
  const backToTop = root.querySelector<HTMLButtonElement>("button[data-back-to-top]");
  backToTop?.addEventListener("click", () => window.scrollTo({ top: 0 }));
  const onScroll = () => {
    const scrolled = window.scrollY > 10;
    header?.classList.toggle("shadow-md", scrolled);
    if (header) header.dataset.scrolled = String(scrolled);
    if (backToTop) backToTop.hidden = window.scrollY <= 300;
  };
  onScroll();
  window.addEventListener("scroll", onScroll, { passive: true });
}
