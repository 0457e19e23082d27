// A behaviour is what JavaScript adds to server-rendered markup, written once as plain DOM code
// (docs/decisions/145): it finds its markup under `root` by data attributes, and answers with a
// function that undoes what it did. The pages that do not hydrate run it from public-page.ts;
// React components run the same function from an effect (use-behaviour.ts).
export type Behaviour = (root: Element | Document) => () => void;

/** The elements under `root`, `root` itself included, that match `selector`. */
export function within<T extends Element = HTMLElement>(root: Element | Document, selector: string): T[] {
  const found = [...root.querySelectorAll<T>(selector)];
  return "matches" in root && root.matches(selector) ? [root as T, ...found] : found;
}
