import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { subscribeToNewsletter } from "~/features/site/newsletter.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { safeRedirect } from "~/.server/safe-redirect";
import { Field, FormErrors } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { NewsletterSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import type { z } from "zod";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "site");
  const company = companyNameOf(matches);
  return [
    { title: t("Newsletter | {{company}}", { company }) },
    { name: "description", content: t("Subscribe to the {{company}} newsletter: shipping tips and service news, about once a month.", { company }) },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (isHoneypotFilled(form)) return redirect(redirectTo);
  const submission = parseWithZod(form, { schema: NewsletterSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await subscribeToNewsletter(context, { email: submission.value.email, clientAddress: clientAddress(request), language: await context.language() });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
}

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("site");
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<z.input<typeof NewsletterSchema>>({
    // The footer's newsletter box owns the ids that start with "newsletter-".
    id: "newsletter-page",
    lastResult: actionData?.result,
    defaultValue: { redirectTo: searchParams.get("redirectTo") ?? "/" },
    constraint: getZodConstraint(NewsletterSchema),
  });
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-16">
      <h1 className="mb-2 text-3xl font-bold">{t("Newsletter")}</h1>
      <p className="mb-6 text-slate-700">{t("Shipping tips and service news, about once a month.")}</p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <Honeypot />
        <Field
          label={t("Email address")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <button type="submit" className="btn-primary">
          {t("Subscribe")}
        </button>
      </Form>
    </main>
  );
}
