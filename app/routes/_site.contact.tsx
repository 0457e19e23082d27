import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { sendContactMessage } from "~/features/contact/contact.server";
import { formAnswer } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { BUSINESS_HOURS, RESPONSE_PROMISE_HOURS } from "~/features/contact/contact-page";
import { Field, FormErrors, SelectField, TextareaField } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { PageHero } from "~/features/site/page-hero";
import { useLocale, useRootData } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";
import { isHoneypotFilled } from "~/domain/honeypot";
import { CONTACT_LIMITS, CONTACT_TYPE_LABELS, CONTACT_TYPES, ContactSchema } from "~/features/contact/contact-form";
import type { z } from "zod";
import type { ScriptsHandle } from "~/components/page-scripts";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "site");
  const company = companyNameOf(matches);
  return [
    { title: t("Contact Us | {{company}}", { company }) },
    {
      name: "description",
      content: t("Questions about a parcel, billing or a business account? Write to {{company}}: we answer within {{count}} hours during business hours.", {
        company,
        count: RESPONSE_PROMISE_HOURS,
      }),
    },
  ];
};

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // A bot that fills the hidden field is shown the same success and nothing is stored.
  if (isHoneypotFilled(form)) return redirect("/contact?sent=1");
  const submission = parseWithZod(form, { schema: ContactSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const sent = await sendContactMessage(context, { message: submission.value, clientAddress: clientAddress(request), language: await context.language() });
  if (!sent.ok) return formAnswer(submission, sent);
  return redirect("/contact?sent=1");
}

export default function ContactPage() {
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  const { t } = useTranslation("site");
  return (
    <main id="main">
      <PageHero
        title={t("Contact Us")}
        lead={t("Questions about a parcel, an invoice or shipping for your business? Write to us. We answer every message within {{count}} hours during business hours.", {
          count: RESPONSE_PROMISE_HOURS,
        })}
      />
      {/* Once sent, the confirmation comes first, where a phone shows it without scrolling. */}
      {sent ? (
        <div className="mx-auto mt-10 max-w-3xl px-4">
          <section aria-labelledby="form-title" className="card">
            <MessageSent />
          </section>
        </div>
      ) : null}
      <ContactCards />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-[2fr_1fr]">
        {sent ? null : (
          <section aria-labelledby="form-title" className="card">
            <ContactForm />
          </section>
        )}
        <aside aria-labelledby="hours-title" className={sent ? "grid gap-6 lg:col-span-2 lg:grid-cols-2" : "space-y-6"}>
          <BusinessHours />
          <div className="card">
            <h2 className="mb-2 text-lg font-semibold">{t("Looking for a quick answer?")}</h2>
            <p className="mb-3 text-slate-700">{t("Size limits, delivery times, customs and claims are covered in our FAQ.")}</p>
            <Link to="/faq" className="link">
              {t("Read the FAQ")}
            </Link>
          </div>
        </aside>
      </div>
    </main>
  );
}

function ContactCards() {
  const site = useRootData()?.site;
  const { t } = useTranslation("site");
  if (!site) return null;
  const cards = [
    { title: t("Call us"), text: t("Talk to a person during business hours."), value: site.supportPhone, href: `tel:${site.supportPhone.replace(/[^+\d]/g, "")}` },
    {
      title: t("Email us"),
      text: t("We answer within {{count}} hours during business hours.", { count: RESPONSE_PROMISE_HOURS }),
      value: site.supportEmail,
      href: `mailto:${site.supportEmail}`,
    },
    { title: t("Visit us"), text: t("Our head office and customer desk."), value: site.supportAddress, href: null },
    { title: t("Help center"), text: t("Answers to the questions we hear most."), value: t("Frequently asked questions"), href: "/faq" },
  ];
  return (
    <section aria-labelledby="cards-title" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="cards-title" className="sr-only">
        {t("Ways to reach us")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.title} className="card">
            <h3 className="mb-1 font-semibold">{card.title}</h3>
            <p className="mb-2 text-sm text-slate-700">{card.text}</p>
            {card.href ? (
              <a href={card.href} className="link break-words">
                <WrapPoints text={card.value} />
              </a>
            ) : (
              <p className="break-words font-medium">
                <WrapPoints text={card.value} />
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BusinessHours() {
  const { t } = useTranslation("site");
  return (
    <div className="card">
      <h2 id="hours-title" className="mb-3 text-lg font-semibold">
        {t("Business hours")}
      </h2>
      <dl className="space-y-1 text-slate-800">
        {BUSINESS_HOURS.map(({ days, hours }) => (
          <div key={days} className="flex justify-between gap-4">
            <dt>{t(days)}</dt>
            <dd className="font-medium">{t(hours)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700">{t("We answer every message within {{count}} hours during business hours.", { count: RESPONSE_PROMISE_HOURS })}</p>
    </div>
  );
}

function MessageSent() {
  const { t } = useTranslation("site");
  return (
    <div role="status" className="py-6 text-center">
      <h2 id="form-title" className="mb-2 text-2xl font-bold text-green-800">
        {t("Message Sent!")}
      </h2>
      <p className="mb-6 text-slate-700">
        {t("Thank you for writing to us. A confirmation is on its way to your inbox, and we will answer within {{count}} hours during business hours.", {
          count: RESPONSE_PROMISE_HOURS,
        })}
      </p>
      <Link to="/contact" className="btn-primary">
        {t("Send Another Message")}
      </Link>
    </div>
  );
}

function ContactForm() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("site");
  const locale = useLocale();
  const [form, fields] = useForm<z.input<typeof ContactSchema>>({
    id: "contact",
    lastResult: actionData?.result,
    defaultValue: { type: "general" },
    constraint: getZodConstraint(ContactSchema),
  });
  return (
    <>
      <h2 id="form-title" className="mb-4 text-2xl font-bold">
        {t("Send us a message")}
      </h2>
      <Form method="post" action="/contact" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("Name")}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            errors={fields.name.errors}
          />
          <Field label={t("Email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        </div>
        <SelectField label={t("Type of inquiry")} selectProps={getSelectProps(fields.type)} errors={fields.type.errors}>
          {CONTACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(CONTACT_TYPE_LABELS[type])}
            </option>
          ))}
        </SelectField>
        <Field label={t("Subject")} inputProps={getInputProps(fields.subject, { type: "text" })} errors={fields.subject.errors} />
        <TextareaField
          label={t("Message")}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 6 }}
          help={t("Up to {{limit}} characters. For a parcel, include its tracking ID.", { limit: CONTACT_LIMITS.message.toLocaleString(locale) })}
          errors={fields.message.errors}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" data-pending={t("Sending...")}>
          {t("Send Message")}
        </button>
      </Form>
    </>
  );
}
