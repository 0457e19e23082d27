import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { actorFor } from "~/.server/events";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { getSettings, listExchangeRates, settingsHistory } from "~/features/settings/settings.server";
import { setExchangeRates, updateSettings } from "~/features/settings/settings-changes.server";
import { Field, FormErrors, SelectField, TextareaField } from "~/components/forms";
import { useLocale, useTimeZone } from "~/components/root-data";
import { Trans, useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { tk } from "~/features/languages/languages";
import { CURRENCIES, currencyName, isPickerCurrency } from "~/features/pricing/currencies";
import { describeRate } from "~/features/pricing/exchange-rates";
import { formatDateTime } from "~/domain/format";
import { basisPointsToTaxRate, rateFormSchema, SETTINGS_LIMITS, settingsSchema } from "~/features/settings/settings-form";
import { companyNameOf } from "~/components/company-name";
import { WrapPoints } from "~/components/wrap-points";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Settings | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Company name, tracking prefix, support contact, default currency and tax rate.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [current, history, rates] = await Promise.all([getSettings(context.db), settingsHistory(context.db), listExchangeRates(context.db)]);
  return { settings: current, history, rates, currencies: CURRENCIES };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const env = context.cloudflare.env;
  const intent = form.get("intent");
  if (intent === "set-rate") {
    const submission = parseWithZod(form, { schema: rateFormSchema(isPickerCurrency) });
    if (submission.status !== "success") return formAnswer(submission, undefined, { extra: { intent } });
    const { currency, rate } = submission.value;
    const outcome = await setExchangeRates(context, [{ currency, rate }], actorFor(admin));
    if (outcome.ok) return redirectWithOutcome(env, "/admin/settings", outcome);
    const messages = Object.values(outcome.fieldErrors ?? {}).flat();
    return formAnswer(submission, { ...outcome, fieldErrors: messages.length ? { rate: messages } : undefined }, { extra: { intent } });
  }
  const submission = parseWithZod(form, { schema: settingsSchema(isPickerCurrency) });
  if (submission.status !== "success") return formAnswer(submission, undefined, { extra: { intent: "settings" } });
  const outcome = await updateSettings(context, { actor: actorFor(admin), input: submission.value });
  return outcome.ok ? redirectWithOutcome(env, "/admin/settings", outcome) : formAnswer(submission, outcome, { extra: { intent: "settings" } });
}

/** The history's names of the fields (catalog keys of `admin`). */
const FIELD_LABELS: Record<string, string> = {
  companyName: tk("Company name"),
  trackingPrefix: tk("Tracking prefix"),
  supportEmail: tk("Support e-mail"),
  supportPhone: tk("Support phone"),
  supportAddress: tk("Support address"),
  defaultCurrency: tk("Default currency"),
  taxRateBasisPoints: tk("Tax rate"),
  taxNumber: tk("Tax number"),
};

function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

function shown(field: string, value: unknown, locale: string): string {
  if (field === "taxRateBasisPoints" && typeof value === "number") return `${(value / 100).toLocaleString(locale, { maximumFractionDigits: 2 })}%`;
  return value === null || value === undefined || value === "" ? "-" : String(value);
}

export default function SettingsPage() {
  const { settings, history, rates, currencies } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const schema = useMemo(() => {
    const codes = new Set(currencies.map((currency) => currency.code));
    return settingsSchema((code) => codes.has(code));
  }, [currencies]);
  const [form, fields] = useForm({
    id: "settings",
    lastResult: actionData?.intent === "settings" ? actionData.result : undefined,
    defaultValue: {
      companyName: settings.companyName,
      trackingPrefix: settings.trackingPrefix,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      supportAddress: settings.supportAddress,
      defaultCurrency: settings.defaultCurrency,
      taxRate: basisPointsToTaxRate(settings.taxRateBasisPoints),
      taxNumber: settings.taxNumber,
    },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="space-y-6 p-6">
      <section aria-labelledby="settings-title" className="card max-w-3xl space-y-4">
        <div>
          <h1 id="settings-title" className="text-2xl font-bold">
            {t("System settings")}
          </h1>
          <p className="text-slate-700">
            {t(
              "Used from the next page on: the site's header and footer, e-mails, receipts and invoices issued from now, new tracking IDs and new shipments' prices. Last changed {{time}}.",
              { time: formatDateTime(settings.updatedAt, timeZone, locale) },
            )}
          </p>
        </div>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("Company name")}
              inputProps={{ ...getInputProps(fields.companyName, { type: "text" }), maxLength: SETTINGS_LIMITS.companyName, autoComplete: "organization" }}
              errors={fields.companyName.errors}
            />
            <Field
              label={t("Tracking prefix")}
              help={t("Three letters that start every new tracking ID; IDs already given keep theirs.")}
              inputProps={{ ...getInputProps(fields.trackingPrefix, { type: "text" }), maxLength: 3, autoComplete: "off", className: "font-mono uppercase" }}
              errors={fields.trackingPrefix.errors}
            />
            <Field label={t("Support e-mail")} inputProps={{ ...getInputProps(fields.supportEmail, { type: "email" }), autoComplete: "email" }} errors={fields.supportEmail.errors} />
            <Field
              label={t("Support phone")}
              inputProps={{ ...getInputProps(fields.supportPhone, { type: "tel" }), maxLength: SETTINGS_LIMITS.supportPhone, autoComplete: "tel" }}
              errors={fields.supportPhone.errors}
            />
            <TextareaField
              className="sm:col-span-2"
              label={t("Support address")}
              textareaProps={{ ...getTextareaProps(fields.supportAddress), maxLength: SETTINGS_LIMITS.supportAddress, rows: 2 }}
              errors={fields.supportAddress.errors}
            />
            <SelectField label={t("Default currency")} help={t("Preselected on new shipments; senders can pick another.")} selectProps={{ ...getSelectProps(fields.defaultCurrency), required: false }} errors={fields.defaultCurrency.errors}>
              {/* Always holds a currency (no empty choice), so `required` would say nothing; HTML allows it only with an empty first option. */}
              {currencies.map((currency) => (
                <option key={currency.code} value={currency.code}>
                  {currency.code}: {currencyName(currency, locale)}
                </option>
              ))}
            </SelectField>
            <Field
              label={t("Tax rate (%)")}
              help={t("Added to invoices issued from now; invoices already issued keep their rate.")}
              inputProps={{ ...getInputProps(fields.taxRate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
              errors={fields.taxRate.errors}
            />
            <Field
              label={t("Tax number (optional)")}
              help={t("Printed on invoices issued from now, with the company name, address and phone.")}
              inputProps={{ ...getInputProps(fields.taxNumber, { type: "text" }), maxLength: SETTINGS_LIMITS.taxNumber, autoComplete: "off" }}
              errors={fields.taxNumber.errors}
            />
          </div>
          <button type="submit" className="btn-primary" data-pending={t("Saving...")}>
            {t("Save settings")}
          </button>
        </Form>
      </section>

      <ExchangeRates rates={rates} currencies={currencies} />

      <section aria-labelledby="history-title" className="card max-w-3xl space-y-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t("Recent changes")}
        </h2>
        {history.length === 0 ? (
          <p className="text-slate-700">{t("No changes yet.")}</p>
        ) : (
          <ol className="space-y-3">
            {history.map((entry) => (
              <li key={entry.id} className="border-b border-slate-200 pb-2 text-sm last:border-0">
                <p className="font-medium">
                  {entry.actorEmail ? (
                    <Trans t={t} i18nKey="{{time}} by <who>{{email}}</who>" values={{ time: formatDateTime(entry.createdAt, timeZone, locale), email: entry.actorEmail }} components={{ who: <WrapPoints text={entry.actorEmail} /> }} />
                  ) : (
                    t("{{time}} by the system", { time: formatDateTime(entry.createdAt, timeZone, locale) })
                  )}
                </p>
                <ul className="text-slate-700">
                  {Object.entries(entry.changes).map(([field, change]) => (
                    <li key={field} className="break-words">
                      {t("{{field}}: {{from}} to {{to}}", { field: t(fieldLabel(field)), from: shown(field, change.from, locale), to: shown(field, change.to, locale) })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function ExchangeRates({ rates, currencies }: { rates: Loaded["rates"]; currencies: Loaded["currencies"] }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const schema = useMemo(() => {
    const codes = new Set(currencies.map((currency) => currency.code));
    return rateFormSchema((code) => codes.has(code));
  }, [currencies]);
  const [form, fields] = useForm({
    id: "exchange-rate",
    lastResult: actionData?.intent === "set-rate" ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="rates-title" className="card max-w-3xl space-y-4">
      <div>
        <h2 id="rates-title" className="text-lg font-semibold">
          {t("Exchange rates")}
        </h2>
        <p className="text-slate-700">
          {t(
            "How many units of a currency one US dollar buys: prices are worked out in dollars and converted at these rates (the currency picker offers them). New estimates and shipments use a rate from the moment it is saved; invoices keep the rate they were billed at.",
          )}
        </p>
      </div>
      {rates.length === 0 ? (
        <p className="text-slate-700">{t("No rates set yet.")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("Exchange rates in use")}</caption>
          <thead className="text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("Currency")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("Rate")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("Set")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rates.map((rate) => (
              <tr key={rate.currency}>
                <th scope="row" className="py-2 pr-3 font-mono">
                  {rate.currency}
                </th>
                <td className="py-2 pr-3">{describeRate(rate, locale)}</td>
                <td className="py-2 pr-3">{formatDateTime(rate.setAt, timeZone, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="set-rate" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t("Currency")} selectProps={getSelectProps(fields.currency)} errors={fields.currency.errors}>
            <option value="">{t("Choose a currency")}</option>
            {currencies
              .filter((currency) => currency.code !== "USD")
              .map((currency) => (
                <option key={currency.code} value={currency.code}>
                  {currency.code}: {currencyName(currency, locale)}
                </option>
              ))}
          </SelectField>
          <Field
            label={t("Units per US dollar")}
            help={t("For example 0.92 for the euro.")}
            inputProps={{ ...getInputProps(fields.rate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
            errors={fields.rate.errors}
          />
        </div>
        <button type="submit" className="btn-primary">
          {t("Set rate")}
        </button>
      </Form>
    </section>
  );
}
