import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";
import { DEFAULT_LANGUAGE, LOCALES, type Language } from "~/features/languages/languages";

/** The root loader's data: the signed-in user, flash toast, consent, time zone, site contacts. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The reader's time zone (UTC until the browser has told us). */
export function useTimeZone(): string {
  return useRootData()?.timeZone ?? "UTC";
}

/** The language the page is written in (English when the root loader's data is missing). */
export function useLanguage(): Language {
  return useRootData()?.language ?? DEFAULT_LANGUAGE;
}

/** The `Intl` locale the page formats dates, numbers and money in. */
export function useLocale(): string {
  return LOCALES[useLanguage()];
}
