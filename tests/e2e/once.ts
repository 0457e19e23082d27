/**
 * For a sweep, not a story: it checks what the server sends (every route, every link, every
 * status, print layouts) or already looks with and without JavaScript itself, so it runs in the
 * no-JavaScript project only (the `js` project skips the tag; see playwright.config.ts).
 */
export const ONCE = { tag: "@once" };
