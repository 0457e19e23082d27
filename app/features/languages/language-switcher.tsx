import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/components/root-data";
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES } from "./languages";

/** The page's own address without a `?lng=` link, where the switcher's form comes back to. */
function currentPage(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_PARAM);
  const query = params.toString();
  return pathname + (query ? `?${query}` : "");
}

/**
 * The language switcher: a plain form (app/routes/language.ts) that works without JavaScript
 * and comes back to the same page. `id` tells the header's and the footer's apart.
 */
export function LanguageSwitcher({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/language" className={`flex items-center gap-2 text-sm ${className}`}>
      <input type="hidden" name="returnTo" value={currentPage(pathname, search)} />
      <label htmlFor={id}>{t("Language")}</label>
      <select id={id} name="language" defaultValue={language} className="rounded border border-slate-300 bg-white px-2 py-1 text-slate-900">
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded border border-slate-300 bg-white px-2 py-1 font-medium text-slate-900 hover:bg-slate-100">
        {t("Change")}
      </button>
    </form>
  );
}
