// The sign-in form of both portals (/login and /admin/login) and their demo-account buttons.
// End-to-end helpers find these by the labels "Email" and "Password" and the button "Sign In".
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import type { z } from "zod";
import { SignInSchema } from "~/features/accounts/account-forms";
import { CheckboxField, Field, FormErrors, useMessages } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { PasswordField } from "./password-field";

export function SignInForm({
  lastResult,
  redirectTo,
  offerRememberMe,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  redirectTo: string | null;
  offerRememberMe: boolean;
}) {
  const { t } = useTranslation("accounts");
  // The sign-in pages do not hydrate: the server checks the form (every field's message at once).
  const [form, fields] = useForm<z.input<typeof SignInSchema>>({ id: "sign-in", lastResult, constraint: getZodConstraint(SignInSchema) });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
      <Field
        label={t("Email")}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
        errors={fields.email.errors}
      />
      <PasswordField
        label={t("Password")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      {offerRememberMe ? (
        <CheckboxField label={t("Remember me for 30 days")} inputProps={getInputProps(fields.remember, { type: "checkbox" })} />
      ) : null}
      <button type="submit" name="intent" value="sign-in" className="btn-primary w-full" data-pending={t("Signing in...")}>
        {t("Sign In")}
      </button>
    </Form>
  );
}

/**
 * Demo credentials and a button that signs in with them: a form of its own, so it works without
 * JavaScript and never trips the sign-in form's validation. Shown only while DEMO_MODE is "true".
 * It goes ABOVE the sign-in form: a field's error appearing on blur would otherwise push the
 * button down between mousedown and mouseup, and the click would be lost.
 */
export function DemoSignIn({
  credentials,
  redirectTo,
  buttonLabel,
  error,
}: {
  credentials: { email: string; password: string } | null;
  redirectTo: string | null;
  buttonLabel: string;
  error?: string | null;
}) {
  const { t } = useTranslation("accounts");
  const messages = useMessages();
  // Without demo accounts (production) a forged demo sign-in is still told why it was refused.
  if (!credentials) {
    return error ? (
      <p role="alert" className="mb-6 font-medium text-red-800">
        {messages(error)}
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="demo-heading" className="mb-6 rounded-md border border-dashed border-brand-600 bg-brand-50 p-4 text-sm">
      <h2 id="demo-heading" className="mb-1 font-semibold text-brand-800">
        {t("Demo account")}
      </h2>
      <p className="mb-3 text-slate-800">
        <Trans
          t={t}
          i18nKey="Email <code>{{email}}</code>, password <code>{{password}}</code>"
          values={{ email: credentials.email, password: credentials.password }}
          components={{ code: <code className="font-mono" /> }}
        />
      </p>
      {error ? (
        <p role="alert" className="mb-3 font-medium text-red-800">
          {messages(error)}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
        <button type="submit" name="intent" value="demo" className="btn-secondary w-full" data-pending={t("Signing in...")}>
          {buttonLabel}
        </button>
      </Form>
    </section>
  );
}

/**
 * Offered with a 429 (docs/decisions/078): while the account's password sign-ins are on hold, a
 * one-time sign-in link mailed to the address typed. A plain form of its own, posting the
 * address to /auth/sign-in-link, whose answer never says whether an account uses it.
 */
export function SignInLinkOffer({ email }: { email: string | null | undefined }) {
  const { t } = useTranslation("accounts");
  if (!email) return null;
  return (
    <section aria-labelledby="sign-in-link-heading" className="mt-6 rounded-md border border-brand-600 bg-brand-50 p-4 text-sm">
      <h2 id="sign-in-link-heading" className="mb-1 font-semibold text-brand-800">
        {t("Sign in with a link instead")}
      </h2>
      <p className="mb-3 text-slate-800">
        <Trans
          t={t}
          i18nKey="Sign-ins with a password are on hold for this account after many wrong passwords. We can e-mail a one-time sign-in link to <strong>{{email}}</strong>, if an account uses it."
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Form method="post" action="/auth/sign-in-link">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="btn-secondary w-full" data-pending={t("Sending...")}>
          {t("Email Me a Sign-In Link")}
        </button>
      </Form>
    </section>
  );
}
