// The language a service's messages are said in: the request's when a page's request brought
// the context (AppLoadContext.language), English otherwise (the API, the queue, a test).
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

/** A context that may know the request's language. */
export type LanguageContext = { language?: () => Promise<Language> };

export async function answerLanguage(context: LanguageContext): Promise<Language> {
  return context.language ? context.language() : DEFAULT_LANGUAGE;
}

/** The `messages` catalogs in the answer's language: toasts and refusals with values in them. */
export async function messagesIn(context: LanguageContext) {
  return translator(await answerLanguage(context), "messages");
}
