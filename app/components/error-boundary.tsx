import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { tk } from "~/features/languages/languages";
import { GoBack, NotFound } from "./not-found";
import { useRootData } from "./root-data";

/**
 * What a route shows when its loader, action or render fails, inside whatever layout holds it:
 * the 404 design for a missing page or record, a refusal's own message for other 4xx answers
 * (the text `invariantResponse` threw), and 'Something went wrong' for anything else, which
 * never shows the error itself.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const backHref = useRootData()?.backHref ?? null;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // Our refusals carry a plain-text message. Remix's own (a POST to a page without an action,
    // an unknown route) are marked internal and carry its diagnostic text: never shown.
    const internal = (error as { internal?: boolean }).internal === true;
    const message = !internal && typeof error.data === "string" && error.data.trim() !== "" ? error.data : null;
    if (error.status === 404) return <NotFound message={message} backHref={backHref} />;
    return <Refusal status={error.status} message={message ?? (error.statusText || tk("This request could not be completed."))} backHref={backHref} />;
  }
  return <SomethingWentWrong error={error} />;
}

function Refusal({ status, message, backHref }: { status: number; message: string; backHref: string | null }) {
  const { t } = useTranslation(["common", "messages"]);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-3xl font-bold">{t(message, { ns: "messages" })}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t("Go Home")}
        </Link>
        <GoBack href={backHref} />
      </div>
    </main>
  );
}

/** The render-crash page: 'Something went wrong' and its sentence. Refresh Page is a link to this address, so it works without JavaScript. */
function SomethingWentWrong({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The server logs its errors itself; in the browser they are logged here (every error reaches the console).
  useEffect(() => console.error(error), [error]);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t("Something went wrong")}</h1>
      <p className="text-slate-700">{t("We're sorry, but something unexpected happened. Please try refreshing the page.")}</p>
      <a className="btn-primary" href={location.pathname + location.search}>
        {t("Refresh Page")}
      </a>
    </main>
  );
}
