import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { homeFor, signInAndRedirect } from "~/.server/auth";
import { findResetAccount, resetPassword } from "~/.server/password-reset";
import { FormErrors } from "~/components/forms";
import { NewPasswordFields } from "~/components/password-field";
import { ResetPasswordSchema } from "~/domain/account-forms";
import { measurePassword } from "~/domain/password-strength";
import type { SiteHandle } from "./_site";

export const handle: SiteHandle = { hideFooter: true };

export const meta: MetaFunction = () => [
  { title: "Choose a New Password | SwiftParcel" },
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
  const password = form.get("password");
  const strength = typeof password === "string" && password ? measurePassword(password) : null;
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), strength, expired: false }, { status: 400 });
  }
  const account = await resetPassword(context, submission.value.token, submission.value.password);
  if (!account) return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), strength, expired: true }, { status: 400 });
  return signInAndRedirect(context, request, account, {
    remember: false,
    redirectTo: homeFor(account.role),
    message: "Password updated successfully!",
  });
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Choose a New Password</h1>
      {token && !actionData?.expired ? (
        <NewPasswordForm token={token} />
      ) : (
        <div className="card space-y-3" role="alert">
          <p className="font-medium text-red-800">This reset link is invalid or has expired.</p>
          <p className="text-slate-700">Each link works once, within one hour. Ask for a new one and use the latest mail.</p>
          <Link to="/auth/forgot-password" className="btn-primary">
            Send a New Link
          </Link>
        </div>
      )}
    </main>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <p className="mb-6 text-slate-700">Pick a password you do not use anywhere else. You will be signed in with it.</p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: "New password", confirmation: "Confirm new password" }}
          strength={actionData?.strength ?? null}
        />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          Set New Password
        </button>
      </Form>
    </>
  );
}
