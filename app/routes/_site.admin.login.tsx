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
  { title: "Admin Portal | SwiftParcel" },
  { name: "description", content: "Sign in to the SwiftParcel admin portal to manage shipments, customers and settings." },
];

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

// SPEC.md's admin messages. "Admin account not found" tells that an address has no account,
// which registration's 409 tells anyone anyway; the timing is the same either way.
const MESSAGES = {
  invalid: "Invalid admin credentials",
  notFound: "Admin account not found",
  notAdmin: "Access denied. Admin privileges required.",
  suspended: "Your admin account has been suspended. Please contact support.",
  tooMany: "Too many login attempts. Please try again later.",
  demoFailed: "Demo login failed. Please try manual login.",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (isHoneypotFilled(form)) return redirect("/admin/login");
  const env = context.cloudflare.env;

  if (form.get("intent") === "demo") {
    if (!isDemoMode(env)) return data({ result: null, demoError: "Demo accounts are not available here." }, { status: 403 });
    const limit = await countAttempt(context, request, "login");
    if (!limit.allowed) return data({ result: null, demoError: MESSAGES.tooMany }, { status: 429, headers: retryAfter(limit) });
    const check = await createAuthenticator(context.db).authenticate("demo-admin", request);
    if (check.outcome !== "valid" || check.account.role !== "admin" || check.account.status !== "active") {
      return data({ result: null, demoError: MESSAGES.demoFailed }, { status: 401 });
    }
    const redirectTo = safeRedirect(form.get("redirectTo"), ADMIN_HOME);
    return signInAndRedirect(context, request, check.account, { remember: false, redirectTo, message: "Demo admin login successful!" });
  }

  const submission = parseWithZod(form, { schema: SignInSchema });
  const refuse = (status: number, reply: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, headers?: HeadersInit) =>
    data({ result: submission.reply({ ...reply, hideFields: ["password"] }), demoError: null }, { status, headers });
  if (submission.status !== "success") return refuse(400, {});
  const limit = await countAttempt(context, request, "login", submission.value.email);
  if (!limit.allowed) return refuse(429, { formErrors: [MESSAGES.tooMany] }, retryAfter(limit));

  const check = await createAuthenticator(context.db).authenticate("password", request);
  if (check.outcome === "unknown-email") return refuse(401, { fieldErrors: { email: [MESSAGES.notFound] } });
  if (check.outcome === "wrong-password") {
    return refuse(401, { fieldErrors: { email: [MESSAGES.invalid], password: [MESSAGES.invalid] } });
  }
  if (check.account.role !== "admin") return refuse(403, { formErrors: [MESSAGES.notAdmin] });
  if (check.account.status !== "active") return refuse(403, { formErrors: [MESSAGES.suspended] });
  return signInAndRedirect(context, request, check.account, {
    remember: false,
    redirectTo: safeRedirect(submission.value.redirectTo, ADMIN_HOME),
    message: "Welcome back, Admin!",
  });
}

export default function AdminLoginPage() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Admin Portal</h1>
      <p className="mb-6 text-slate-700">Sign in with your administrator account.</p>
      <div className="card">
        <DemoSignIn credentials={demo} redirectTo={redirectTo} buttonLabel="Demo Admin Login" error={actionData?.demoError} />
        <SignInForm lastResult={actionData?.result} redirectTo={redirectTo} offerRememberMe={false} />
      </div>
      <ul className="mt-6 space-y-2 text-center text-sm text-slate-700">
        <li>
          <Link to="/contact" className="link">
            Need admin access? Contact IT Support
          </Link>
        </li>
        <li>
          <Link to="/login" className="link">
            Customer login
          </Link>
        </li>
        <li>
          <Link to="/" className="link">
            Back to home
          </Link>
        </li>
      </ul>
    </main>
  );
}
