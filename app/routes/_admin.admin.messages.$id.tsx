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
import { useLocale, useTimeZone } from "~/components/root-data";
import { Trans, useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { translator } from "~/features/languages/i18n.server";
import { CONTACT_LIMITS, ContactReplySchema, contactTypeLabel } from "~/features/contact/contact-form";
import { messageState } from "~/features/contact/contact-message-filters";
import { formatDateTime } from "~/domain/format";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("{{subject}} | {{company}} Admin", { subject: data?.message.subject ?? t("Message"), company: companyNameOf(matches) }) },
    { name: "description", content: t("A contact message and the team's reply.") },
  ];
};

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
  // The reply's toast names its recipient: said in the reader's language here, where the words are known.
  const said = "email" in outcome && outcome.email ? { ...outcome, message: translator(await context.language(), "messages")("Reply sent to {{email}}", { email: outcome.email }) } : outcome;
  // Back to the list after "unread": opening the message again would mark it read.
  return redirectWithOutcome(context.cloudflare.env, value.intent === "mark-unread" ? "/admin/messages" : `/admin/messages/${encodeURIComponent(id)}`, said);
}

export default function MessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const state = messageState(message);
  const details: [string, string][] = [
    [t("Type"), contactTypeLabel(message.type)],
    [t("Received"), formatDateTime(message.createdAt, timeZone, locale)],
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/messages" className="link text-sm">
        {t("Back to messages")}
      </Link>
      <article className="card max-w-3xl space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold break-words">{message.subject}</h1>
          <MessageStateBadge state={state} />
        </div>
        <p>
          <Trans
            t={t}
            i18nKey="From <name>{{name}}</name> <email>{{email}}</email>"
            values={{ name: message.name, email: message.email }}
            components={{
              name: <strong />,
              email: <MailtoLink email={message.email} />,
            }}
          />
        </p>
        <DetailList details={details} />
        <div className="whitespace-pre-wrap break-words border-t border-slate-200 pt-4 text-slate-900">{message.message}</div>
      </article>
      {message.repliedAt !== null ? (
        <section aria-labelledby="reply-title" className="card max-w-3xl space-y-2">
          <h2 id="reply-title" className="text-lg font-semibold">
            {t("Your team's reply")}
          </h2>
          <p className="text-sm text-slate-700">
            {t("Sent by {{name}} on {{time}} to {{email}}", {
              name: message.repliedByName ?? t("an admin"),
              time: formatDateTime(message.repliedAt, timeZone, locale),
              email: message.email,
            })}
          </p>
          <div className="whitespace-pre-wrap break-words text-slate-900">{message.reply}</div>
        </section>
      ) : (
        <ReplyForm email={message.email} />
      )}
    </main>
  );
}

/** The sender's address as a mail link, wrapped at its dots and @ (what a sentence gives it as children is the same address, unwrapped). */
function MailtoLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="link break-words">
      <WrapPoints text={email} />
    </a>
  );
}

function ReplyForm({ email }: { email: string }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
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
        {t("Reply")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          label={t("Your reply")}
          textareaProps={{ ...getTextareaProps(fields.reply), rows: 8 }}
          help={t("E-mailed to {{email}} and kept with the message. Up to {{max}} characters.", { email, max: CONTACT_LIMITS.reply.toLocaleString(locale) })}
          errors={fields.reply.errors}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="reply" className="btn-primary" data-pending={t("Sending...")}>
            {t("Send Reply")}
          </button>
        </div>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="mark-unread" className="btn-secondary">
          {t("Mark as unread")}
        </button>
      </Form>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
