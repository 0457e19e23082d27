// The catalogs a hydrating page's first rendering used, handed to the browser inside the page
// (app/features/languages/i18n.client.ts reads them before React hydrates): no request waits for them.
import { DEFAULT_LANGUAGE, type Language } from "./languages";

export const CATALOGS_ELEMENT_ID = "i18n-catalogs";

export type InlineCatalogs = { language: Language; catalogs: Record<string, Record<string, string>> };

/**
 * English keys are their own wording, and i18next shows a key it does not find as itself (values
 * filled in): of English, only the entries saying something else than their key (plural forms) travel.
 */
function entriesToSend(language: Language, catalog: Record<string, string>): Record<string, string> {
  if (language !== DEFAULT_LANGUAGE) return catalog;
  return Object.fromEntries(Object.entries(catalog).filter(([key, value]) => key !== value));
}

/** `<script type="application/json">` holding `namespaces`' catalogs of `language`; "<" escaped so no text ends the element. */
export function catalogsScript(language: Language, namespaces: readonly string[], all: Record<string, Record<string, string>>, nonce?: string): string {
  const catalogs: InlineCatalogs["catalogs"] = {};
  for (const namespace of new Set(["common", ...namespaces])) {
    const catalog = all[namespace];
    if (catalog) catalogs[namespace] = entriesToSend(language, catalog);
  }
  const json = JSON.stringify({ language, catalogs } satisfies InlineCatalogs).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${CATALOGS_ELEMENT_ID}"${nonce ? ` nonce="${nonce}"` : ""}>${json}</script>`;
}
