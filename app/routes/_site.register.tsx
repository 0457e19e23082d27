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
import { Trans, useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
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

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "accounts");
  const company = companyNameOf(matches);
  return [
    { title: t("Create Account | {{company}}", { company }) },
    { name: "description", content: t("Create a {{company}} account to send parcels worldwide and follow every shipment.", { company }) },
  ];
};

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
  // The language the page was in becomes the new account's preference.
  const language = await context.language();
  const outcome = await register(context, { ...submission.value, language, client: await clientOf(request, context.cloudflare.env) });
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
  const { t } = useTranslation("accounts");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Create Account")}</h1>
      <p className="mb-6 text-slate-700">
        <Trans t={t} i18nKey="Already have an account? <login>Sign in</login>" components={{ login: <Link to="/login" className="link" /> }} />
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("First name")}
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.firstName.errors}
          />
          <Field
            label={t("Last name")}
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastName.errors}
          />
        </div>
        <Field label={t("Email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <Field
          label={t("Phone number")}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "+1 555 010 0199" }}
          errors={fields.phone.errors}
        />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: t("Password"), confirmation: t("Confirm password") }}
          strength={actionData?.strength ?? null}
        />
        <SelectField
          label={t("Plan")}
          help={
            <Trans
              t={t}
              i18nKey="Optional: without a plan you pay per shipment. <pricing>Compare plans</pricing>"
              components={{ pricing: <Link to="/pricing" className="link" /> }}
            />
          }
          selectProps={getSelectProps(fields.plan)}
          errors={fields.plan.errors}
        >
          <option value="">{t("No plan: pay per shipment")}</option>
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
            <Trans
              t={t}
              i18nKey="I agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>"
              components={{ terms: <Link to="/terms" className="link" />, privacy: <Link to="/privacy" className="link" /> }}
            />
          }
          inputProps={getInputProps(fields.terms, { type: "checkbox" })}
          errors={fields.terms.errors}
        />
        <button type="submit" className="btn-primary w-full" data-pending={t("Creating account...")}>
          {t("Create Account")}
        </button>
      </Form>
    </main>
  );
}
