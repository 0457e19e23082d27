import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Links, Meta, Outlet } from "@remix-run/react";
import { useContext, useEffect, useRef, type ContextType, type ReactNode } from "react";
// The router itself, for busy buttons (PendingLabels): Remix does not hand it out.
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from "react-router-dom";
import stylesheet from "./tailwind.css?url";
import { enhancePending } from "./behaviours/pending";
import { ClientHintCheck } from "./components/client-hint-check";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./components/nonce";
import { PageScripts } from "./components/page-scripts";
import { useRootData } from "./components/root-data";
import { ToastRegion } from "./components/toast-region";
import { readConsent } from "~/features/site/consent.server";
import { sameSiteReferrer } from "./.server/safe-redirect";
import { cachedSettings } from "~/features/settings/settings.server";
import { requestTimeZone } from "./.server/time-zone";
import { takeToast } from "~/http/toast.server";
import { companyNameOf } from "~/components/company-name";
import { useChangeLanguage } from "remix-i18next/react";
import { useTranslation } from "react-i18next";
import { languageAlternates } from "~/features/languages/alternates";
import { metaT } from "~/features/languages/translate";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  const company = companyNameOf(matches);
  return [
    { title: t("{{company}}: parcel delivery and tracking", { company }) },
    { name: "description", content: t("Send parcels worldwide and track them in real time with {{company}}.", { company }) },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const [user, settings, { toast, setCookie }, cookieConsent, language] = await Promise.all([
    context.sessionUser(),
    cachedSettings(context.db),
    takeToast(env, request),
    readConsent(request),
    context.language(),
  ]);
  return data(
    {
      user,
      language,
      // The page in each language, for search engines: public pages only (nobody signed in).
      alternates: user ? [] : languageAlternates(context.origin, request.url),
      toast,
      cookieConsent,
      timeZone: requestTimeZone(request),
      // Where an error page's Go Back leads without JavaScript: the page of this site that linked here.
      backHref: sameSiteReferrer(request),
      demoMode: env.DEMO_MODE === "true",
      site: {
        companyName: settings.companyName,
        supportEmail: settings.supportEmail,
        supportPhone: settings.supportPhone,
        supportAddress: settings.supportAddress,
      },
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  const toast = root?.toast ?? null;
  const language = root?.language ?? "en";
  const { t } = useTranslation();
  useChangeLanguage(language);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ClientHintCheck nonce={nonce} />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        {root?.alternates.map(({ hrefLang, href }) => <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />)}
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-700 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          {t("Skip to main content")}
        </a>
        {children}
        <ToastRegion toast={toast} />
        <PendingLabels />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Busy buttons (data-pending) on the pages React renders: the same behaviour as on the others,
 * told by the router when it sends a form. The router cancels the browser's submission to send
 * the form by fetch, so here a cancelled submission is no sign of a refused one; the router tells
 * its subscribers at once, during the submit event. The buttons come back once a render shows
 * nothing on its way: the answers (a new page, or the same form with its messages) are in the page.
 */
function PendingLabels() {
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  const shown = useContext(UNSAFE_DataRouterStateContext)!;
  const answered = useRef<() => void>();
  useEffect(
    () =>
      enhancePending(document, {
        onSending: (listener) => router.subscribe((state) => sending(state) && listener()),
        onAnswered: (listener) => {
          answered.current = listener;
          return () => (answered.current = undefined);
        },
      }),
    [router],
  );
  // The router's state as rendered, and as it is now (a later one may not be rendered yet).
  useEffect(() => {
    if (settled(shown) && settled(router.state)) answered.current?.();
  }, [shown, router]);
  return null;
}

type RouterState = NonNullable<ContextType<typeof UNSAFE_DataRouterStateContext>>;
const states = ({ navigation, fetchers }: RouterState) => [navigation, ...fetchers.values()];
const sending = (state: RouterState) => states(state).some((one) => one.formMethod !== undefined);
const settled = (state: RouterState) => states(state).every((one) => one.state === "idle");

export default function App() {
  return <Outlet />;
}

/** Errors of pages outside the two layouts, and of the root loader itself, without header or footer. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
