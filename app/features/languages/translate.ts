// Translating outside React components, in code the server and the browser share: a route's
// meta, and number and date formats in the reader's language.
import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, LOCALES, type Language } from "./languages";

type Match = { id: string; data?: unknown };

/** The language of the page being rendered, from the root loader's data. */
export function languageOf(matches: readonly Match[]): Language {
  const language = (matches.find((match) => match.id === "root")?.data as { language?: unknown } | undefined)?.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** A translator for a route's meta: the page's language, `namespace` first. */
export function metaT(matches: readonly Match[], namespace: string | string[] = "common"): TFunction {
  return i18next.getFixedT(languageOf(matches), namespace);
}

/** The `Intl` locale of `language`. */
export function localeOf(language: Language): string {
  return LOCALES[language];
}
