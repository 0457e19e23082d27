// The language a service's messages are said in: the request's when a page's request brought
// the context (AppLoadContext.language), English otherwise (the API, the queue, a test).
import type { TFunction } from "i18next";
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, LOCALES, type Language } from "~/features/languages/languages";

/** A context that may know the request's language. */
export type LanguageContext = { language?: () => Promise<Language> };

export async function answerLanguage(context: LanguageContext): Promise<Language> {
  return context.language ? context.language() : DEFAULT_LANGUAGE;
}

/** The `messages` catalogs in the answer's language: toasts and refusals with values in them. */
export async function messagesIn(context: LanguageContext) {
  return translator(await answerLanguage(context), "messages");
}

/** What a message with values is said with: the `messages` catalogs and the locale of its numbers and money. */
export type Voice = { t: TFunction; locale: string };

/** The request's voice (English without a language). */
export async function voiceOf(context: LanguageContext): Promise<Voice> {
  const language = await answerLanguage(context);
  return { t: translator(language, "messages"), locale: LOCALES[language] };
}

/** English, for messages stored for any reader (an import's row errors). */
export const ENGLISH_VOICE: Voice = { t: translator(DEFAULT_LANGUAGE, "messages"), locale: LOCALES[DEFAULT_LANGUAGE] };
