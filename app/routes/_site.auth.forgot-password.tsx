import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { clientAddress } from "~/.server/rate-limit";
import { Field, FormErrors } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { ForgotPasswordSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import type { SiteHandle } from "./_site";
import type { z } from "zod";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "accounts");
  const company = companyNameOf(matches);
  return [
    { title: t("Reset Password | {{company}}", { company }) },
    { name: "description", content: t("Forgot your {{company}} password? Get a link to choose a new one.", { company }) },
  ];
};

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

const SENT_PAGE = "/auth/forgot-password?sent=1";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isHoneypotFilled(form)) return redirect(SENT_PAGE);
  const submission = parseWithZod(form, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await requestPasswordReset(context, { email: submission.value.email, clientAddress: clientAddress(request) });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, SENT_PAGE, outcome);
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
  });
  const { t } = useTranslation("accounts");
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Reset Password")}</h1>
      {sent ? (
        <div className="card space-y-3" role="status">
          <h2 className="text-lg font-semibold">{t("Check your inbox")}</h2>
          <p className="text-slate-700">
            {t("If an account uses that address, we have sent it a link to choose a new password. The link works once, within one hour.")}
          </p>
          <p>
            <Link to="/login" className="link">
              {t("Back to sign in")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="mb-6 text-slate-700">{t("Enter the e-mail address of your account and we will send you a link to choose a new password.")}</p>
          <Form method="post" {...getFormProps(form)} className="card space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <Honeypot />
            <Field label={t("Email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
            <button type="submit" className="btn-primary w-full" data-pending={t("Sending...")}>
              {t("Send Reset Link")}
            </button>
            <p className="text-center text-sm">
              <Link to="/login" className="link">
                {t("Back to sign in")}
              </Link>
            </p>
          </Form>
        </>
      )}
    </main>
  );
}
