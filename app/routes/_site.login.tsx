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
import {
  countAttempt,
  createAuthenticator,
  demoCredentials,
  homeFor,
  isDemoMode,
  retryAfter,
  signInAndRedirect,
} from "~/.server/auth";
import { isHoneypotFilled } from "~/domain/honeypot";
import { safeRedirect } from "~/.server/safe-redirect";

import { DemoSignIn, SignInForm } from "~/components/sign-in-form";
import { SignInSchema } from "~/domain/account-forms";
import type { SiteHandle } from "./_site";

export const handle: SiteHandle = { hideFooter: true };

export const meta: MetaFunction = () => [
  { title: "Sign In | SwiftParcel" },
  { name: "description", content: "Sign in to your SwiftParcel account to send parcels and follow your shipments." },
];

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

const INVALID_CREDENTIALS = "Invalid email or password";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (isHoneypotFilled(form)) return redirect("/login");
  const env = context.cloudflare.env;

  if (form.get("intent") === "demo") {
    if (!isDemoMode(env)) return data({ result: null, demoError: "Demo accounts are not available here." }, { status: 403 });
    const limit = await countAttempt(context, request, "login");
    if (!limit.allowed) {
      return data({ result: null, demoError: "Too many login attempts. Please try again later." }, { status: 429, headers: retryAfter(limit) });
    }
    const check = await createAuthenticator(context.db).authenticate("demo-customer", request);
    if (check.outcome !== "valid" || check.account.status !== "active") {
      return data({ result: null, demoError: "Demo login failed. Please try manual login." }, { status: 401 });
    }
    const redirectTo = safeRedirect(form.get("redirectTo"), homeFor(check.account.role));
    return signInAndRedirect(context, request, check.account, { remember: false, redirectTo, message: "Welcome back!" });
  }

  const submission = parseWithZod(form, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), demoError: null }, { status: 400 });
  }
  const limit = await countAttempt(context, request, "login", submission.value.email);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["Too many login attempts. Please try again later."], hideFields: ["password"] }), demoError: null },
      { status: 429, headers: retryAfter(limit) },
    );
  }
  const check = await createAuthenticator(context.db).authenticate("password", request);
  if (check.outcome !== "valid") {
    return data({ result: submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields: ["password"] }), demoError: null }, { status: 401 });
  }
  if (check.account.status !== "active") {
    return data(
      { result: submission.reply({ formErrors: ["Your account has been suspended. Please contact support."], hideFields: ["password"] }), demoError: null },
      { status: 403 },
    );
  }
  const redirectTo = safeRedirect(submission.value.redirectTo, homeFor(check.account.role));
  return signInAndRedirect(context, request, check.account, {
    remember: submission.value.remember ?? false,
    redirectTo,
    message: "Welcome back!",
  });
}

export default function LoginPage() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Sign In</h1>
      <p className="mb-6 text-slate-700">
        New to SwiftParcel?{" "}
        <Link to="/register" className="link">
          Create an account
        </Link>
      </p>
      <div className="card">
        <DemoSignIn credentials={demo} redirectTo={redirectTo} buttonLabel="Try Demo Account" error={actionData?.demoError} />
        <SignInForm lastResult={actionData?.result} redirectTo={redirectTo} offerRememberMe />
        <p className="mt-4 text-center text-sm">
          <Link to="/auth/forgot-password" className="link">
            Forgot your password?
          </Link>
        </p>
      </div>
      <ul className="mt-6 space-y-2 text-center text-sm text-slate-700">
        <li>
          Need help?{" "}
          <Link to="/contact" className="link">
            Contact support
          </Link>
        </li>
        <li>
          Staff member?{" "}
          <Link to="/admin/login" className="link">
            Admin Portal
          </Link>
        </li>
      </ul>
    </main>
  );
}
