import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { isHoneypotFilled } from "~/domain/honeypot";
import { subscribeToNewsletter } from "~/.server/newsletter";
import { safeRedirect } from "~/.server/safe-redirect";
import { redirectWithToast } from "~/.server/toast";
import { Honeypot } from "~/components/honeypot";
import { isEmail, normalizeEmail } from "~/domain/contact-details";

export const meta: MetaFunction = () => [{ title: "Newsletter | SwiftParcel" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (isHoneypotFilled(form)) return redirect(redirectTo);
  const email = normalizeEmail(String(form.get("email") ?? ""));
  if (!isEmail(email)) {
    return data({ email, error: "Please enter a valid email address", redirectTo }, { status: 400 });
  }
  await subscribeToNewsletter(context, email);
  return redirectWithToast(context.cloudflare.env, redirectTo, {
    type: "success",
    message: "Thanks for subscribing! Check your inbox for a confirmation.",
  });
}

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const error = actionData?.error;
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-16">
      <h1 className="mb-2 text-3xl font-bold">Newsletter</h1>
      <p className="mb-6 text-slate-700">Shipping tips and service news, about once a month.</p>
      <Form method="post" className="card space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={actionData?.redirectTo ?? searchParams.get("redirectTo") ?? "/"} />
        <Honeypot />
        <div>
          <label htmlFor="email" className="label">
            Email address
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "email-error" : undefined}
            className="input"
          />
          {error ? (
            <p id="email-error" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          Subscribe
        </button>
      </Form>
    </main>
  );
}
