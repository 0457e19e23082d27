import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "./tailwind.css?url";
import { useNonce } from "./components/nonce";
import { NotFound } from "./components/not-found";
import { useRootData } from "./components/root-data";
import { ToastRegion } from "./components/toast-region";
import { readCookie } from "./.server/session";
import { getSettings } from "./.server/settings";
import { takeToast } from "./.server/toast";
import { isTimeZone } from "./domain/format";
import { readConsent } from "./.server/consent";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "SwiftParcel: parcel delivery and tracking" },
  { name: "description", content: "Send parcels worldwide and track them in real time with SwiftParcel." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const [user, settings, { toast, setCookie }] = await Promise.all([
    context.sessionUser(),
    getSettings(context.db),
    takeToast(env, request),
  ]);
  const zone = readCookie(request, "tz");
  return data(
    {
      user,
      toast,
      cookieConsent: readConsent(request),
      timeZone: zone && isTimeZone(zone) ? zone : "UTC",
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  console.error(error);
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-slate-700">
        We&apos;re sorry, but something unexpected happened. Please try refreshing the page.
      </p>
      <a className="btn-primary" href={location.pathname + location.search}>
        Refresh Page
      </a>
    </main>
  );
}
