// Translations in the browser, for the pages React runs: i18next starts with the catalogs the
// server put in the page (catalogs-script.ts) and loads any other namespace of the language on
// first use, each catalog its own small chunk. Pages that do not hydrate never load this.
import i18next, { type BackendModule, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { CATALOGS_ELEMENT_ID, type InlineCatalogs } from "./catalogs-script";
import { DEFAULT_LANGUAGE, I18N_OPTIONS, isLanguage } from "./languages";

type Catalog = Record<string, string>;

const catalogFiles = import.meta.glob<Catalog>("../../locales/*/*.json", { import: "default" });

const lazyCatalogs: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = catalogFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function inlineCatalogs(): InlineCatalogs {
  const element = document.getElementById(CATALOGS_ELEMENT_ID);
  if (element?.textContent) {
    const parsed = JSON.parse(element.textContent) as InlineCatalogs;
    if (isLanguage(parsed.language)) return parsed;
  }
  const language = document.documentElement.lang;
  return { language: isLanguage(language) ? language : DEFAULT_LANGUAGE, catalogs: {} };
}

let started: i18n | undefined;

/** The browser's i18next, started once from the page's catalogs (synchronously: React renders at once). */
export function startI18n(): i18n {
  if (started) return started;
  const { language, catalogs } = inlineCatalogs();
  void i18next
    .use(initReactI18next)
    .use(lazyCatalogs)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: Object.keys(catalogs),
      resources: { [language]: catalogs },
      partialBundledLanguages: true,
      initImmediate: false,
    });
  started = i18next;
  return i18next;
}
