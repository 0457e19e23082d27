import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { markContactMessageUnread, openContactMessage, replyToContactMessage } from "~/features/contact/contact.server";
import { invariantResponse } from "~/.server/invariant";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { FormErrors, TextareaField } from "~/components/forms";
import { MessageStateBadge } from "~/features/contact/message-state-badge";
import { DetailList } from "~/components/detail-list";
import { useTimeZone } from "~/components/root-data";
import { CONTACT_LIMITS, ContactReplySchema, contactTypeLabel } from "~/features/contact/contact-form";
import { messageState } from "~/features/contact/contact-message-filters";
import { formatDateTime } from "~/domain/format";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.message.subject ?? "Message"} | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "A contact message and the team's reply." },
];

const MessageActionSchema = z.discriminatedUnion("intent", [ContactReplySchema, z.object({ intent: z.literal("mark-unread") })]);

/** Opening the message is reading it: it is marked read. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const message = await openContactMessage(context.db, params.id ?? "");
  invariantResponse(message, "Message not found", { status: 404 });
  return { message };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: MessageActionSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const { value } = submission;
  const outcome = value.intent === "mark-unread" ? await markContactMessageUnread(context, id) : await replyToContactMessage(context, { id, admin, reply: value.reply });
  if (!outcome.ok) return formAnswer(submission, outcome);
  // Back to the list after "unread": opening the message again would mark it read.
  return redirectWithOutcome(context.cloudflare.env, value.intent === "mark-unread" ? "/admin/messages" : `/admin/messages/${encodeURIComponent(id)}`, outcome);
}

export default function MessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const state = messageState(message);
  const details: [string, string][] = [
    ["Type", contactTypeLabel(message.type)],
    ["Received", formatDateTime(message.createdAt, timeZone)],
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/messages" className="link text-sm">
        Back to messages
      </Link>
      <article className="card max-w-3xl space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold break-words">{message.subject}</h1>
          <MessageStateBadge state={state} />
        </div>
        <p>
          From <strong>{message.name}</strong>{" "}
          <a href={`mailto:${message.email}`} className="link break-words">
            <WrapPoints text={message.email} />
          </a>
        </p>
        <DetailList details={details} />
        <div className="whitespace-pre-wrap break-words border-t border-slate-200 pt-4 text-slate-900">{message.message}</div>
      </article>
      {message.repliedAt !== null ? (
        <section aria-labelledby="reply-title" className="card max-w-3xl space-y-2">
          <h2 id="reply-title" className="text-lg font-semibold">
            Your team's reply
          </h2>
          <p className="text-sm text-slate-700">
            Sent by {message.repliedByName ?? "an admin"} on {formatDateTime(message.repliedAt, timeZone)} to {message.email}
          </p>
          <div className="whitespace-pre-wrap break-words text-slate-900">{message.reply}</div>
        </section>
      ) : (
        <ReplyForm email={message.email} />
      )}
    </main>
  );
}

function ReplyForm({ email }: { email: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reply",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ContactReplySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MessageActionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="reply-title" className="card max-w-3xl space-y-4">
      <h2 id="reply-title" className="text-lg font-semibold">
        Reply
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          label="Your reply"
          textareaProps={{ ...getTextareaProps(fields.reply), rows: 8 }}
          help={`E-mailed to ${email} and kept with the message. Up to ${CONTACT_LIMITS.reply.toLocaleString("en-US")} characters.`}
          errors={fields.reply.errors}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="reply" className="btn-primary" data-pending="Sending...">
            Send Reply
          </button>
        </div>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="mark-unread" className="btn-secondary">
          Mark as unread
        </button>
      </Form>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
