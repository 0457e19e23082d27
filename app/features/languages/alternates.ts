// A public page in each language the site speaks, for search engines (`<link rel="alternate"
// hreflang>`): the same address with `?lng=`, and without it for readers of any other language.
import { LANGUAGE_PARAM, LANGUAGES } from "./languages";

export type Alternate = { hrefLang: string; href: string };

export function languageAlternates(origin: string, url: string): Alternate[] {
  const { pathname, searchParams } = new URL(url);
  const address = (language: string | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete(LANGUAGE_PARAM);
    if (language) params.set(LANGUAGE_PARAM, language);
    const query = params.toString();
    return `${origin}${pathname}${query ? `?${query}` : ""}`;
  };
  return [...LANGUAGES.map((language) => ({ hrefLang: language, href: address(language) })), { hrefLang: "x-default", href: address(null) }];
}
