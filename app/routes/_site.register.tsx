import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { homeFor } from "~/features/accounts/auth.server";
import { formAnswer, redirectSignedIn } from "~/http/replies.server";
import { clientOf } from "~/features/accounts/client.server";
import { register } from "~/features/accounts/sign-in.server";
import { CheckboxField, Field, FormErrors, SelectField } from "~/components/forms";
import { PLAN_CHOICES, parsePlanChoice, planSummary, registrationPlan } from "~/features/pricing/pricing-plans";
import { Honeypot } from "~/components/honeypot";
import { NewPasswordFields } from "~/features/accounts/password-field";
import { RegistrationSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import { passwordStrength } from "~/features/accounts/password-strength";
import type { SiteHandle } from "./_site";
import type { z } from "zod";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Create Account | ${companyNameOf(matches)}` },
  { name: "description", content: `Create a ${companyNameOf(matches)} account to send parcels worldwide and follow every shipment.` },
];

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.sessionUser();
  if (user) throw redirect(homeFor(user.role));
  // "Get started with Basic" on /pricing links here with the plan: /register?plan=basic&billing=yearly.
  return { plan: registrationPlan(new URL(request.url).searchParams) };
}

const HIDDEN_FIELDS = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isHoneypotFilled(form)) return redirect("/register");
  const submission = parseWithZod(form, { schema: RegistrationSchema });
  // The password never goes back to the browser; how strong it was does, for the meter.
  const answer = { hideFields: HIDDEN_FIELDS, extra: { strength: passwordStrength(form.get("password")) } };
  if (submission.status !== "success") return formAnswer(submission, undefined, answer);
  const outcome = await register(context, { ...submission.value, client: await clientOf(request, context.cloudflare.env) });
  if (!outcome.ok) return formAnswer(submission, outcome, answer);
  return redirectSignedIn(context.cloudflare.env, outcome);
}

export default function RegisterPage() {
  const { plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof RegistrationSchema>>({
    id: "register",
    lastResult: actionData?.result,
    defaultValue: { plan },
    constraint: getZodConstraint(RegistrationSchema),
  });
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
        <SelectField
          label="Plan"
          help={
            <>
              Optional: without a plan you pay per shipment.{" "}
              <Link to="/pricing" className="link">
                Compare plans
              </Link>
            </>
          }
          selectProps={getSelectProps(fields.plan)}
          errors={fields.plan.errors}
        >
          <option value="">No plan: pay per shipment</option>
          {PLAN_CHOICES.map((choice) => {
            const { plan: id, billing } = parsePlanChoice(choice)!;
            return (
              <option key={choice} value={choice}>
                {planSummary(id, billing)}
              </option>
            );
          })}
        </SelectField>
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
        <button type="submit" className="btn-primary w-full" data-pending="Creating account...">
          Create Account
        </button>
      </Form>
    </main>
  );
}
