import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "~/.server/safe-redirect";
import { chooseLanguage } from "~/features/languages/language-choice.server";
import { isLanguage } from "~/features/languages/languages";
import { LanguageSwitcher } from "~/features/languages/language-switcher";

const UNKNOWN_LANGUAGE = "Choose English, Español or Français.";

/** The language switcher's form (header and footer): remembers the choice and goes back to the page it was sent from. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  if (!isLanguage(language)) return data({ error: UNKNOWN_LANGUAGE }, { status: 400 });
  const outcome = await chooseLanguage(context, { user: await context.sessionUser(), language });
  return redirect(safeRedirect(form.get("returnTo")), { headers: { "Set-Cookie": outcome.setCookie } });
}

/** The switcher on a page of its own; after a refused choice (only a hand-made request: the switcher offers the site's languages only), with the refusal. */
export default function LanguagePage() {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{t("Language")}</h1>
      {answer ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t(UNKNOWN_LANGUAGE)}
        </p>
      ) : null}
      <LanguageSwitcher id="page-language" />
      <Link to="/" className="link">
        {t("Go to the home page")}
      </Link>
    </main>
  );
}
