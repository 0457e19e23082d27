import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { formAnswer, redirectSignedIn } from "~/http/replies.server";
import { findResetAccount } from "~/features/accounts/password-reset.server";
import { clientOf } from "~/features/accounts/client.server";
import { completePasswordReset } from "~/features/accounts/sign-in.server";
import { FormErrors } from "~/components/forms";
import { NewPasswordFields } from "~/features/accounts/password-field";
import { ResetPasswordSchema } from "~/features/accounts/account-forms";
import { passwordStrength } from "~/features/accounts/password-strength";
import type { SiteHandle } from "./_site";
import type { z } from "zod";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, "accounts")("Choose a New Password | {{company}}", { company: companyNameOf(matches) }) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const account = token ? await findResetAccount(context.db, token) : undefined;
  if (!account) return data({ token: null }, { status: 400 });
  return { token };
}

const HIDDEN_FIELDS = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ResetPasswordSchema });
  const strength = passwordStrength(form.get("password"));
  if (submission.status !== "success") return formAnswer(submission, undefined, { hideFields: HIDDEN_FIELDS, extra: { strength, expired: false } });
  const outcome = await completePasswordReset(context, { ...submission.value, client: await clientOf(request, context.cloudflare.env) });
  // The page then says the link has expired and offers a new one.
  if (!outcome.ok) return formAnswer(submission, outcome, { hideFields: HIDDEN_FIELDS, extra: { strength, expired: true } });
  return redirectSignedIn(context.cloudflare.env, outcome);
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("accounts");
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Choose a New Password")}</h1>
      {token && !actionData?.expired ? (
        <NewPasswordForm token={token} />
      ) : (
        <div className="card space-y-3" role="alert">
          <p className="font-medium text-red-800">{t("This reset link is invalid or has expired.")}</p>
          <p className="text-slate-700">{t("Each link works once, within one hour. Ask for a new one and use the latest mail.")}</p>
          <Link to="/auth/forgot-password" className="btn-primary">
            {t("Send a New Link")}
          </Link>
        </div>
      )}
    </main>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
  });
  const { t } = useTranslation("accounts");
  return (
    <>
      <p className="mb-6 text-slate-700">{t("Pick a password you do not use anywhere else. You will be signed in with it.")}</p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: t("New password"), confirmation: t("Confirm new password") }}
          strength={actionData?.strength ?? null}
        />
        <button type="submit" className="btn-primary w-full" data-pending={t("Saving...")}>
          {t("Set New Password")}
        </button>
      </Form>
    </>
  );
}
