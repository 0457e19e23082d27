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
import { demoCredentials } from "~/features/accounts/auth.server";
import { formAnswer, redirectSignedIn, refusalInit } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { clientOf } from "~/features/accounts/client.server";
import { signInAsAdmin, signInAsDemo } from "~/features/accounts/sign-in.server";
import { DemoSignIn, SignInForm } from "~/features/accounts/sign-in-form";
import { SignInActionSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import type { SiteHandle } from "./_site";
import type { ScriptsHandle } from "~/components/page-scripts";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

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

const HIDDEN_FIELDS = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isHoneypotFilled(form)) return redirect("/admin/login");
  const submission = parseWithZod(form, { schema: SignInActionSchema });
  if (submission.status !== "success") return formAnswer(submission, undefined, { hideFields: HIDDEN_FIELDS, extra: { demoError: null } });
  const client = await clientOf(request, context.cloudflare.env);
  if (submission.value.intent === "demo") {
    const outcome = await signInAsDemo(context, { portal: "admin", redirectTo: submission.value.redirectTo, client });
    if (!outcome.ok) return data({ result: null, demoError: outcome.message ?? null }, refusalInit(outcome));
    return redirectSignedIn(context.cloudflare.env, outcome);
  }
  const outcome = await signInAsAdmin(context, { ...submission.value, client });
  if (!outcome.ok) return formAnswer(submission, outcome, { hideFields: HIDDEN_FIELDS, extra: { demoError: null } });
  return redirectSignedIn(context.cloudflare.env, outcome);
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
