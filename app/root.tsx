import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Links, Meta, Outlet, useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
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

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: `${companyNameOf(matches)}: parcel delivery and tracking` },
  { name: "description", content: `Send parcels worldwide and track them in real time with ${companyNameOf(matches)}.` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const [user, settings, { toast, setCookie }, cookieConsent] = await Promise.all([
    context.sessionUser(),
    cachedSettings(context.db),
    takeToast(env, request),
    readConsent(request),
  ]);
  return data(
    {
      user,
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
  const toast = useRootData()?.toast ?? null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ClientHintCheck nonce={nonce} />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-700 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to main content
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
 * undone and run again each time the router has finished a submission, which gives a form that
 * stays in the page its buttons back.
 */
function PendingLabels() {
  const busy = useNavigation().state !== "idle" || useFetchers().some((fetcher) => fetcher.state !== "idle");
  const answered = useRef({ busy, count: 0 });
  if (answered.current.busy !== busy) answered.current = { busy, count: answered.current.count + (busy ? 0 : 1) };
  const count = answered.current.count;
  useEffect(() => enhancePending(document), [count]);
  return null;
}

export default function App() {
  return <Outlet />;
}

/** Errors of pages outside the two layouts, and of the root loader itself, without header or footer. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
