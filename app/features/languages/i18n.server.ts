// Translations on the server: one i18next instance per isolate holding every catalog
// (app/locales/<language>/<namespace>.json), the language of a request, and the cookie the
// language switcher sets.
import { createCookie } from "@remix-run/cloudflare";
import i18next, { type i18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, I18N_OPTIONS, isLanguage, LANGUAGE_PARAM, LANGUAGES, type Language } from "./languages";

type Catalog = Record<string, string>;

const files = import.meta.glob<Catalog>("../../locales/*/*.json", { eager: true, import: "default" });

/** Every catalog, by language and namespace. */
export const resources: Record<Language, Record<string, Catalog>> = { en: {}, es: {}, fr: {} };
for (const [path, catalog] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(path) ?? [];
  if (isLanguage(language) && namespace) resources[language][namespace] = catalog;
}

export const NAMESPACES = Object.keys(resources.en);

// The module's default instance, so code shared with the browser (a route's meta) translates
// through `i18next` on both sides (app/features/languages/translate.ts).
const serverI18n: i18n = i18next;
void serverI18n.init({ ...I18N_OPTIONS, ns: NAMESPACES, resources, initImmediate: false });

/** A translator of `namespace` (the first of several is the default) fixed to `language`: mail, meta, server messages. */
export function translator(language: Language, namespace: string | string[] = "common"): TFunction {
  return serverI18n.getFixedT(language, namespace);
}

const namespacesNoted = new WeakMap<i18n, Set<string>>();

/**
 * An instance for one page's rendering in `language`. It notes every namespace a translation of
 * the page reads: those its components name (react-i18next's reportNamespaces) and those a
 * single call asks for (`t(label, { ns: "statuses" })`), which the browser needs as well.
 */
export function renderingInstance(language: Language): i18n {
  const instance = serverI18n.cloneInstance({ lng: language, initImmediate: false });
  const noted = new Set<string>();
  const translate = instance.t.bind(instance);
  instance.t = ((...args: Parameters<TFunction>) => {
    for (const arg of args) {
      const ns = typeof arg === "object" && arg !== null && "ns" in arg ? (arg as { ns?: unknown }).ns : undefined;
      for (const namespace of [ns].flat()) if (typeof namespace === "string") noted.add(namespace);
    }
    return translate(...args);
  }) as TFunction;
  namespacesNoted.set(instance, noted);
  return instance;
}

/** The namespaces a page's rendering through `instance` used. */
export function namespacesUsed(instance: i18n): string[] {
  return [...new Set([...(instance.reportNamespaces?.getUsedNamespaces() ?? []), ...(namespacesNoted.get(instance) ?? [])])];
}

const YEAR_SECONDS = 365 * 24 * 3600;

/** The switcher's choice, for visitors without an account (and for an account's other pages before the claim is renewed). */
export const languageCookie = createCookie("lng", { path: "/", secure: true, sameSite: "lax", httpOnly: true, maxAge: YEAR_SECONDS });

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    searchParamKey: LANGUAGE_PARAM,
    // The whole Accept-Language list, best first: its "header" order picks the runtime's best
    // locale first ("de-DE" for "de-DE,es;q=0.8") and so misses a later language the site speaks.
    order: ["cookie", "custom"],
    findLocale: async (request) => request.headers.get("Accept-Language")?.slice(0, 500) ?? null,
  },
});

/** The `?lng=` a page was linked with, when it names a language the site speaks. */
export function linkedLanguage(request: Request): Language | null {
  const value = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/**
 * The language a request is answered in: the page's `?lng=` link; the signed-in person's saved
 * choice; the switcher's cookie; the browser's Accept-Language; English.
 */
export async function detectLanguage(request: Request, saved: Language | null): Promise<Language> {
  const linked = linkedLanguage(request);
  if (linked) return linked;
  if (saved) return saved;
  const detected = await detector.getLocale(request);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}
