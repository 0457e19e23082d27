import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { createAccount } from "~/.server/accounts";
import { countAttempt, homeFor, retryAfter, signInAndRedirect } from "~/.server/auth";
import { isHoneypotFilled } from "~/domain/honeypot";

import { getSettings } from "~/.server/settings";
import { CheckboxField, Field, FormErrors } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { NewPasswordFields } from "~/components/password-field";
import { RegistrationSchema } from "~/domain/account-forms";
import { measurePassword } from "~/domain/password-strength";
import type { SiteHandle } from "./_site";

export const handle: SiteHandle = { hideFooter: true };

export const meta: MetaFunction = () => [
  { title: "Create Account | SwiftParcel" },
  { name: "description", content: "Create a SwiftParcel account to send parcels worldwide and follow every shipment." },
];

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const user = await context.sessionUser();
  if (user) throw redirect(homeFor(user.role));
  return null;
}

const HIDDEN_FIELDS = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isHoneypotFilled(form)) return redirect("/register");
  const submission = parseWithZod(form, { schema: RegistrationSchema });
  const password = form.get("password");
  // The password never goes back to the browser; how strong it was does, for the meter.
  const strength = typeof password === "string" && password ? measurePassword(password) : null;
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), strength }, { status: 400 });
  }
  const limit = await countAttempt(context, request, "register");
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["Too many attempts. Please try again later."], hideFields: HIDDEN_FIELDS }), strength },
      { status: 429, headers: retryAfter(limit) },
    );
  }
  const account = await createAccount(context, submission.value);
  if (account === "email-taken") {
    return data(
      { result: submission.reply({ fieldErrors: { email: ["An account with this email already exists"] }, hideFields: HIDDEN_FIELDS }), strength },
      { status: 409 },
    );
  }
  const { companyName } = await getSettings(context.db);
  return signInAndRedirect(context, request, account, {
    remember: false,
    redirectTo: "/dashboard",
    message: `Account created successfully! Welcome to ${companyName}!`,
  });
}

export default function RegisterPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: getZodConstraint(RegistrationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegistrationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const creating = navigation.state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Create Account</h1>
      <p className="mb-6 text-slate-700">
        Already have an account?{" "}
        <Link to="/login" className="link">
          Sign in
        </Link>
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.firstName.errors}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastName.errors}
          />
        </div>
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <Field
          label="Phone number"
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "+1 555 010 0199" }}
          errors={fields.phone.errors}
        />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: "Password", confirmation: "Confirm password" }}
          strength={actionData?.strength ?? null}
        />
        <CheckboxField
          label={
            <>
              I agree to the{" "}
              <Link to="/terms" className="link">
                Terms of Service
              </Link>{" "}
              and the{" "}
              <Link to="/privacy" className="link">
                Privacy Policy
              </Link>
            </>
          }
          inputProps={getInputProps(fields.terms, { type: "checkbox" })}
          errors={fields.terms.errors}
        />
        <button type="submit" className="btn-primary w-full" disabled={creating}>
          {creating ? "Creating account..." : "Create Account"}
        </button>
      </Form>
    </main>
  );
}
