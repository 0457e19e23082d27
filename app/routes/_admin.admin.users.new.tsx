import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { requireAdmin } from "~/http/guards.server";
import { inviteAdmin } from "~/features/users/user-admin.server";
import { Field, FormErrors } from "~/components/forms";
import { NewAdminSchema } from "~/features/accounts/account-forms";
import { INVITATION_LINK_DAYS } from "~/features/accounts/one-time-links";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: `New admin | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "Create an admin account: the new admin gets an e-mail to choose their password." },
];

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: NewAdminSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await inviteAdmin(context, { admin, invitee: submission.value, clientAddress: clientAddress(request) });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, `/admin/users/${encodeURIComponent(outcome.id)}`, outcome);
}

export default function NewAdminPage() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "new-admin",
    lastResult: actionData?.result,
    constraint: getZodConstraint(NewAdminSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewAdminSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/users" className="link text-sm">
        Back to users
      </Link>
      <section aria-labelledby="new-admin-title" className="card max-w-2xl space-y-4">
        <h1 id="new-admin-title" className="text-2xl font-bold">
          New admin
        </h1>
        <p className="text-slate-700">
          The new admin gets an e-mail with a link to choose their password (valid for {INVITATION_LINK_DAYS} days), then signs in at the admin
          portal.
        </p>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }} errors={fields.firstName.errors} />
            <Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }} errors={fields.lastName.errors} />
          </div>
          <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
          <button type="submit" className="btn-primary" data-pending="Creating...">
            Create admin and send invitation
          </button>
        </Form>
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
