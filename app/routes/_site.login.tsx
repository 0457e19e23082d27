import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { demoCredentials, homeFor } from "~/features/accounts/auth.server";
import { formAnswer, redirectSignedIn, refusalInit } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { authenticateSignIn, signInAuthenticator } from "~/features/accounts/authenticator.server";
import { DemoSignIn, SignInForm, SignInLinkOffer } from "~/features/accounts/sign-in-form";
import { SignInActionSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import type { SiteHandle } from "./_site";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf, FALLBACK_COMPANY_NAME } from "~/components/company-name";
import { useRootData } from "~/components/root-data";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "accounts");
  const company = companyNameOf(matches);
  return [
    { title: t("Sign In | {{company}}", { company }) },
    { name: "description", content: t("Sign in to your {{company}} account to send parcels and follow your shipments.", { company }) },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const user = await context.sessionUser();
  if (user) throw redirect(safeRedirect(redirectTo, homeFor(user.role)));
  return {
    redirectTo: redirectTo === null ? null : safeRedirect(redirectTo, "/dashboard"),
    demo: demoCredentials(context.cloudflare.env, "customer"),
  };
}

const HIDDEN_FIELDS = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  // The form strategy reads the request's body itself: the page's own parse reads a copy.
  const form = await request.clone().formData();
  if (isHoneypotFilled(form)) return redirect("/login");
  const submission = parseWithZod(form, { schema: SignInActionSchema });
  if (submission.status !== "success") return formAnswer(submission, undefined, { hideFields: HIDDEN_FIELDS, extra: { demoError: null, linkOffer: null } });
  const method = submission.value.intent === "demo" ? "demo" : "password";
  const outcome = await authenticateSignIn(signInAuthenticator(context, "customer"), method, request);
  if (outcome.ok) return redirectSignedIn(context.cloudflare.env, outcome);
  if (method === "demo") return data({ result: null, demoError: outcome.message ?? null, linkOffer: null }, refusalInit(outcome));
  // On hold: the page offers a one-time sign-in link for the address typed.
  const linkOffer = outcome.reason === "rate-limited" && submission.value.intent === "sign-in" ? submission.value.email : null;
  return formAnswer(submission, outcome, { hideFields: HIDDEN_FIELDS, extra: { demoError: null, linkOffer } });
}

export default function LoginPage() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const companyName = useRootData()?.site.companyName ?? FALLBACK_COMPANY_NAME;
  const { t } = useTranslation("accounts");
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Sign In")}</h1>
      <p className="mb-6 text-slate-700">
        <Trans
          t={t}
          i18nKey="New to {{company}}? <register>Create an account</register>"
          values={{ company: companyName }}
          components={{ register: <Link to="/register" className="link" /> }}
        />
      </p>
      <div className="card">
        <DemoSignIn credentials={demo} redirectTo={redirectTo} buttonLabel={t("Try Demo Account")} error={actionData?.demoError} />
        <SignInForm lastResult={actionData?.result} redirectTo={redirectTo} offerRememberMe />
        <SignInLinkOffer email={actionData?.linkOffer} />
        <p className="mt-4 text-center text-sm">
          <Link to="/auth/forgot-password" className="link">
            {t("Forgot your password?")}
          </Link>
        </p>
      </div>
      <ul className="mt-6 space-y-2 text-center text-sm text-slate-700">
        <li>
          <Trans t={t} i18nKey="Need help? <contact>Contact support</contact>" components={{ contact: <Link to="/contact" className="link" /> }} />
        </li>
        <li>
          <Trans t={t} i18nKey="Staff member? <admin>Admin Portal</admin>" components={{ admin: <Link to="/admin/login" className="link" /> }} />
        </li>
      </ul>
    </main>
  );
}
