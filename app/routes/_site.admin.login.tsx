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
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { demoCredentials } from "~/features/accounts/auth.server";
import { formAnswer, redirectSignedIn, refusalInit } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { authenticateSignIn, signInAuthenticator } from "~/features/accounts/authenticator.server";
import { DemoSignIn, SignInForm, SignInLinkOffer } from "~/features/accounts/sign-in-form";
import { SignInActionSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import type { SiteHandle } from "./_site";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "accounts");
  const company = companyNameOf(matches);
  return [
    { title: t("Admin Portal | {{company}}", { company }) },
    { name: "description", content: t("Sign in to the {{company}} admin portal to manage shipments, customers and settings.", { company }) },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

const ADMIN_HOME = "/admin";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const user = await context.sessionUser();
  if (user?.role === "admin") throw redirect(safeRedirect(redirectTo, ADMIN_HOME));
  return {
    redirectTo: redirectTo === null ? null : safeRedirect(redirectTo, ADMIN_HOME),
    demo: demoCredentials(context.cloudflare.env, "admin"),
  };
}

const HIDDEN_FIELDS = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  // The form strategy reads the request's body itself: the page's own parse reads a copy.
  const form = await request.clone().formData();
  if (isHoneypotFilled(form)) return redirect("/admin/login");
  const submission = parseWithZod(form, { schema: SignInActionSchema });
  if (submission.status !== "success") return formAnswer(submission, undefined, { hideFields: HIDDEN_FIELDS, extra: { demoError: null, linkOffer: null } });
  const method = submission.value.intent === "demo" ? "demo" : "password";
  const outcome = await authenticateSignIn(signInAuthenticator(context, "admin"), method, request);
  if (outcome.ok) return redirectSignedIn(context.cloudflare.env, outcome);
  if (method === "demo") return data({ result: null, demoError: outcome.message ?? null, linkOffer: null }, refusalInit(outcome));
  // On hold: the page offers a one-time sign-in link for the address typed.
  const linkOffer = outcome.reason === "rate-limited" && submission.value.intent === "sign-in" ? submission.value.email : null;
  return formAnswer(submission, outcome, { hideFields: HIDDEN_FIELDS, extra: { demoError: null, linkOffer } });
}

export default function AdminLoginPage() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("accounts");
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Admin Portal")}</h1>
      <p className="mb-6 text-slate-700">{t("Sign in with your administrator account.")}</p>
      <div className="card">
        <DemoSignIn credentials={demo} redirectTo={redirectTo} buttonLabel={t("Demo Admin Login")} error={actionData?.demoError} />
        <SignInForm lastResult={actionData?.result} redirectTo={redirectTo} offerRememberMe={false} />
        <SignInLinkOffer email={actionData?.linkOffer} />
      </div>
      <ul className="mt-6 space-y-2 text-center text-sm text-slate-700">
        <li>
          <Link to="/contact" className="link">
            {t("Need admin access? Contact IT Support")}
          </Link>
        </li>
        <li>
          <Link to="/login" className="link">
            {t("Customer login")}
          </Link>
        </li>
        <li>
          <Link to="/" className="link">
            {t("Back to home")}
          </Link>
        </li>
      </ul>
    </main>
  );
}
