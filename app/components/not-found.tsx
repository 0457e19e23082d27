import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { enhanceGoBack } from "~/behaviours/go-back";
import { useBehaviour } from "~/behaviours/use-behaviour";

/**
 * 'Page Not Found'. `message` says what is missing when a record page was asked for one that
 * does not exist ('Unable to load receipt.'). Go Back is a link to the referring page when
 * known, else (with JS) history.
 */
export function NotFound({ backHref, message }: { backHref?: string | null; message?: string | null }) {
  const { t } = useTranslation(["common", "messages"]);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{t("Page Not Found")}</h1>
      <p className="text-slate-700">{message ? t(message, { ns: "messages" }) : t("The page you are looking for does not exist or has been moved.")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t("Go Home")}
        </Link>
        <GoBack href={backHref ?? null} />
      </div>
      <nav aria-label={t("Helpful links")} className="flex flex-wrap justify-center gap-4">
        <Link to="/track" className="link">
          {t("Track Package")}
        </Link>
        <Link to="/login" className="link">
          {t("Login")}
        </Link>
        <Link to="/register" className="link">
          {t("Create Account")}
        </Link>
      </nav>
    </main>
  );
}

/** A link to the referring page of this site when known (works without JavaScript), else (with JS) history. */
export function GoBack({ href }: { href: string | null }) {
  const { t } = useTranslation();
  const button = useBehaviour<HTMLButtonElement>(enhanceGoBack);
  if (href) {
    return (
      <a href={href} className="btn-secondary">
        {t("Go Back")}
      </a>
    );
  }
  // Shown and run by behaviours/go-back.ts.
  return (
    <button type="button" className="btn-secondary" data-go-back hidden ref={button}>
      {t("Go Back")}
    </button>
  );
}
