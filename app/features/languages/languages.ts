// The languages the site speaks. English is the source: its catalogs' keys are the English
// wording itself, so a key is what an English reader sees (docs/decisions/171).

export const LANGUAGES = ["en", "es", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as a switcher lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español", fr: "Français" };

/** The name of the query parameter that links a public page in a given language (`?lng=es`). */
export const LANGUAGE_PARAM = "lng";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The BCP 47 locale `Intl` formats a language's dates, numbers and money in. */
export const LOCALES: Record<Language, string> = { en: "en-US", es: "es-ES", fr: "fr-FR" };

/**
 * Marks a catalog key that is translated later, where it is shown (a validation message, a
 * status name in a table): the catalog test counts it as used. Returns the key unchanged.
 */
export function tk<Key extends string>(key: Key): Key {
  return key;
}

/** i18next's options, the same on the server and in the browser. */
export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  // Keys are English sentences: they may hold dots and colons.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; mail composers escape what they put in HTML.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
} as const;
