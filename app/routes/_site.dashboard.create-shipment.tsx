import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { voiceOf } from "~/.server/answer-language";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { z } from "zod";
import { clientAddress } from "~/.server/rate-limit";
import { requireUser } from "~/http/guards.server";
import { applyDraftStep, checkedStepFaults, COUNTRY_OPTIONS, draftPricing, getDraft, STEP_SCHEMAS } from "~/features/shipments/shipment-drafts.server";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { ExchangeNote } from "~/features/pricing/exchange-note";
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from "~/components/forms";
import { useLocale, useTimeZone } from "~/components/root-data";
import { useMessages } from "~/components/forms";
import { linkedLanguage, translator } from "~/features/languages/i18n.server";
import { LANGUAGE_PARAM, LOCALES, type Language } from "~/features/languages/languages";
import { metaT } from "~/features/languages/translate";
import { quoteLineText } from "~/features/pricing/quote-line-label";
import { tk } from "~/features/languages/languages";
import { getCountry } from "~/domain/countries";
import { CURRENCIES } from "~/features/pricing/currencies";
import { estimateDraft, type Estimate } from "~/features/shipments/customer-shipment";
import { Price } from "~/features/pricing/price";
import { formatTaxRate } from "~/features/invoices/invoice";
import { TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";
import { ADD_ON_PRICES, MAX_INSURED_VALUE, type AddOnId } from "~/features/pricing/tariff";
import { formatDollars, getAddOn } from "~/features/pricing/pricing-plans";
import { BASE_CURRENCY, convertMinorUnits } from "~/features/pricing/exchange-rates";
import { countryName, formatDay, formatMoney, formatWeight, toMinorUnits } from "~/domain/format";

import {
  draftFormData,
  fullPhoneNumber,
  isStepOpen,
  LIMITS,
  packageTotals,
  PARTY_FIELDS,
  parseStep,
  shipmentSchemas,
  stepUrl,
  stepValues,
  STEPS,
  type ShipmentDraft,
  type StepNumber,
} from "~/features/shipments/shipment-steps";
import {
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTION_SURCHARGES,
  DELIVERY_OPTIONS,
  type DeliveryOption,
  parseDeliveryOption,
  SERVICE_LABELS,
  SERVICE_TYPES,
  serviceLabel,
} from "~/features/shipments/shipping-options";
import type { SiteHandle } from "./_site";
import type { ScriptsHandle } from "~/components/page-scripts";
import { PhoneHelp } from "~/features/shipments/phone-help";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

// Plain HTML forms the server checks; what JavaScript adds is a behaviour (features/shipments/step-form.ts).
export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: `${t("Create Shipment")} | ${companyNameOf(matches)}` },
    { name: "description", content: t("Send a parcel in four steps: sender, recipient, packages and review, with the cost estimate as you go.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

const STEP_HEADINGS: Record<StepNumber, string> = {
  1: tk("Sender details"),
  2: tk("Recipient details"),
  3: tk("Packages and service"),
  4: tk("Review and create"),
};

/** What the Review step shows, prepared on the server where the country table is, in the reader's language. */
function reviewSummary(draft: ShipmentDraft, t: TFunction, locale: string) {
  const party = (prefix: "sender" | "recipient") => ({
    name: draft[`${prefix}Name`],
    email: draft[`${prefix}Email`],
    phone: fullPhoneNumber(draft[`${prefix}Phone`], getCountry(draft[`${prefix}Country`])?.phoneCode),
    lines: [
      draft[`${prefix}Address`],
      [draft[`${prefix}City`], draft[`${prefix}State`], draft[`${prefix}PostalCode`]].filter(Boolean).join(", "),
      countryName(draft[`${prefix}Country`], locale),
    ],
  });
  const deliveryOption = parseDeliveryOption(draft.deliveryOption);
  return {
    sender: party("sender"),
    recipient: party("recipient"),
    packages: draft.packages,
    service: t(serviceLabel(draft.serviceType)),
    deliveryOption: deliveryOption ? t(DELIVERY_OPTION_LABELS[deliveryOption]) : draft.deliveryOption,
    insurance: draft.insurance,
    signatureRequired: draft.signatureRequired,
    fragile: draft.fragile,
    currency: draft.currency,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const language = await context.language();
  const t = translator(language, "shipments");
  const locale = LOCALES[language];
  const draft = await getDraft(context, user);
  // The address says which step is shown; one not yet open shows the furthest one reached.
  const step = parseStep(url.searchParams.get("step"));
  if (!isStepOpen(step, draft.reached)) {
    // A page linked in a language (?lng=) stays in it.
    const linked = linkedLanguage(request);
    throw redirect(`${stepUrl(draft.reached)}${linked ? `&${LANGUAGE_PARAM}=${linked}` : ""}`);
  }
  const pricing = draftPricing(draft, draft.values);
  const { rate } = pricing;
  // Surcharges and add-ons are dollars converted at the draft's rate, as the estimate converts them.
  const converted = (dollars: number) => (rate ? formatMoney(convertMinorUnits(toMinorUnits(dollars, BASE_CURRENCY), rate), rate.currency, locale) : null);
  const surcharge = (option: DeliveryOption) => converted(DELIVERY_OPTION_SURCHARGES[option]);
  const addOnLabel = (id: AddOnId) => {
    const price = converted(ADD_ON_PRICES[id]);
    return price ? t("{{option}} (+{{price}})", { option: t(getAddOn(id).name), price }) : t(getAddOn(id).name);
  };
  const checkFaults = url.searchParams.has("check") ? checkedStepFaults(draft.values, step, rate, await voiceOf(context)) : null;
  return {
    step,
    reached: draft.reached,
    revision: draft.updatedAt,
    draft: draft.values,
    // Sent back here by the final check: show this step's faults at once.
    check: checkFaults ? parseWithZod(draftFormData(draft.values), { schema: STEP_SCHEMAS[step] }).reply({ fieldErrors: checkFaults }) : null,
    countries: step <= 2 ? countryOptions(language) : [],
    currencies: step === 3 ? currencyOptions(language) : [],
    addOnLabels: { signature: addOnLabel("signature"), fragile: addOnLabel("fragile") },
    deliveryOptions: DELIVERY_OPTIONS.map((option) => ({
      value: option,
      label:
        DELIVERY_OPTION_SURCHARGES[option] > 0 && surcharge(option)
          ? t("{{option}} (+{{price}})", { option: t(DELIVERY_OPTION_LABELS[option]), price: surcharge(option) })
          : t(DELIVERY_OPTION_LABELS[option]),
    })),
    summary: step === 4 ? reviewSummary(draft.values, t, locale) : null,
    estimate: estimateDraft(draft.values, { now: Date.now(), ...pricing }),
  };
}

/** The country list in the reader's language: English as the table names them, other languages as `Intl` does, in their order. */
function countryOptions(language: Language) {
  if (language === "en") return COUNTRY_OPTIONS;
  const locale = LOCALES[language];
  return COUNTRY_OPTIONS.map((option) => ({ ...option, name: countryName(option.code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The currencies, named in the reader's language. */
function currencyOptions(language: Language) {
  if (language === "en") return CURRENCIES;
  const names = new Intl.DisplayNames([LOCALES[language]], { type: "currency", fallback: "none" });
  return CURRENCIES.map((currency) => ({ ...currency, name: names.of(currency.code) ?? currency.name }));
}

const StepSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** Which button was pressed, on which step; the step's own fields are read from the payload. */
const DraftCommandSchema = z.preprocess(
  // 'Remove package N' buttons carry their package's index in the intent: remove-package-{index}.
  (input) => {
    const fields = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
    const remove = typeof fields.intent === "string" ? /^remove-package-(\d+)$/.exec(fields.intent) : null;
    return remove ? { ...fields, intent: "remove-package", index: remove[1] } : input;
  },
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("next"), step: StepSchema }),
    z.object({ intent: z.literal("previous"), step: StepSchema }),
    z.object({ intent: z.literal("refresh"), step: StepSchema }),
    z.object({ intent: z.literal("save"), step: StepSchema, revision: z.number().int().min(0).default(0) }),
    z.object({ intent: z.literal("add-package"), step: StepSchema }),
    z.object({ intent: z.literal("remove-package"), step: StepSchema, index: z.number().int().min(0).max(LIMITS.packages - 1) }),
    z.object({ intent: z.literal("create"), step: StepSchema }),
    z.object({ intent: z.literal("discard"), step: StepSchema }),
  ]),
);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(await request.formData(), { schema: DraftCommandSchema });
  if (submission.status !== "success") return data({ result: null, formError: "Please use the form to continue." }, { status: 400 });
  const command = submission.value;
  const outcome = await applyDraftStep(
    context,
    user,
    { ...command, values: stepValues(command.step, submission.payload) },
    { clientAddress: clientAddress(request) },
  );
  if (!outcome.ok) {
    // What was typed comes back with the step's messages; a refusal about no field shows its banner alone.
    const result = outcome.fieldErrors ? submission.reply({ fieldErrors: outcome.fieldErrors }) : null;
    return data({ result, formError: outcome.message ?? null }, refusalInit(outcome));
  }
  if (outcome.redirectTo) return redirectWithOutcome(context.cloudflare.env, outcome.redirectTo, outcome);
  return { result: null, formError: null };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function CreateShipmentPage() {
  const { step, revision } = useLoaderData<typeof loader>();
  // Another step or a changed draft starts the form afresh, messages included: Conform's own
  // reset on a new form id would drop the server's reply (the final check's faults, for one).
  return <ShipmentStepForm key={`${step}-${revision}`} />;
}

function ShipmentStepForm() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  const messages = useMessages();

  const { step } = loaded;
  const schemas = useMemo(() => shipmentSchemas({ countries: loaded.countries, currencies: loaded.currencies }), [loaded.countries, loaded.currencies]);
  const schema = schemas[step];
  const [form, fields] = useForm<ShipmentDraft>({
    id: `shipment-step-${step}-${loaded.revision}`,
    lastResult: actionData?.result ?? loaded.check,
    defaultValue: loaded.draft,
    // The schema's constraints on each field: the form's behaviour clears a field's message once they pass.
    constraint: getZodConstraint(schema),
  });

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("Create Shipment")}</h1>
        <Link to="/dashboard" className="link">
          {t("Back to dashboard")}
        </Link>
      </div>
      <StepNav step={step} reached={loaded.reached} />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Form
          method="post"
          {...getFormProps(form)}
          // The server's messages are the product's; the browser's own bubbles would hide them.
          noValidate
          className="card space-y-6 lg:col-span-2"
          aria-labelledby="step-title"
          data-step-form=""
        >
          <h2 id="step-title" className="text-xl font-semibold">
            {t("Step {{step}} of 4: {{title}}", { step, title: t(STEP_HEADINGS[step]) })}
          </h2>
          <input type="hidden" name="step" value={step} />
          {/* Saving as one types needs to know whether this page showed a stored draft. */}
          <input type="hidden" name="revision" value={loaded.revision} />
          {/* Enter in a field means Next (or Create), not the first button of the step. */}
          <button type="submit" name="intent" value={step === 4 ? "create" : "next"} hidden data-pending="" />
          {actionData?.formError ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
              {messages(actionData.formError)}
            </p>
          ) : null}
          <ErrorList id={form.errorId} errors={form.errors} />

          {step === 1 || step === 2 ? (
            <PartyFields prefix={step === 1 ? "sender" : "recipient"} fields={fields} countries={loaded.countries} />
          ) : step === 3 ? (
            <PackageFields fields={fields} deliveryOptions={loaded.deliveryOptions} currencies={loaded.currencies} addOnLabels={loaded.addOnLabels} />
          ) : (
            <ReviewFields fields={fields} summary={loaded.summary!} />
          )}

          <div className="flex flex-wrap-reverse items-center justify-between gap-3 border-t border-slate-200 pt-5">
            {step > 1 ? (
              <button type="submit" name="intent" value="previous" formNoValidate className="btn-secondary" data-pending="">
                {t("Previous")}
              </button>
            ) : (
              <span />
            )}
            <div className="flex flex-wrap gap-3">
              {step === 3 ? (
                <button type="submit" name="intent" value="refresh" formNoValidate className="btn-secondary" data-without-js="">
                  {t("Update estimate")}
                </button>
              ) : null}
              <button type="submit" name="intent" value={step === 4 ? "create" : "next"} className="btn-primary" data-pending={step === 4 ? t("Creating...") : ""}>
                {step === 4 ? t("Create Shipment") : t("Next")}
              </button>
            </div>
          </div>
        </Form>

        <aside className="space-y-4" aria-label={t("Cost estimate")}>
          <EstimateCard estimate={loaded.estimate} step={step} />
          <Form method="post" className="card p-4 text-sm">
            <input type="hidden" name="step" value={step} />
            <p className="mb-2 text-slate-700">{t("Your entries are saved as a draft as you go from step to step.")}</p>
            <button type="submit" name="intent" value="discard" className="link">
              {t("Start over")}
            </button>
          </Form>
        </aside>
      </div>
    </main>
  );
}

function StepNav({ step, reached }: { step: StepNumber; reached: StepNumber }) {
  const { t } = useTranslation("shipments");
  return (
    <nav aria-label={t("Shipment steps")}>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STEPS.map((item) => {
          const current = item.number === step;
          const open = item.number <= reached && !current;
          const label = (
            <>
              <span
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  current ? "bg-brand-600 text-white" : item.number < reached || open ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700"
                }`}
                aria-hidden="true"
              >
                {item.number}
              </span>
              <span className={current ? "font-semibold" : ""}>{t(item.title)}</span>
            </>
          );
          return (
            <li key={item.number} aria-current={current ? "step" : undefined}>
              {open ? (
                <Link to={stepUrl(item.number)} className="flex items-center gap-2 rounded-md p-2 hover:bg-slate-100">
                  {label}
                  <span className="sr-only"> {t("(edit)")}</span>
                </Link>
              ) : (
                <span className="flex items-center gap-2 p-2">{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

type Fields = ReturnType<typeof useForm<ShipmentDraft>>[1];

function PartyFields({ prefix, fields, countries }: { prefix: "sender" | "recipient"; fields: Fields; countries: LoaderData["countries"] }) {
  const field = (name: (typeof PARTY_FIELDS)[number]) => fields[`${prefix}${name}`];
  const country = field("Country");
  const phoneCode = countries.find((option) => option.code === country.value)?.phoneCode;
  const { t } = useTranslation("shipments");
  // Tells the browser's autofill which of the two addresses a field belongs to.
  const autofill = (token: string) => `${prefix === "sender" ? "billing" : "shipping"} ${token}`;
  return (
    <fieldset className="space-y-4">
      <legend className="sr-only">{prefix === "sender" ? t("Sender details") : t("Recipient details")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("Full name")} inputProps={{ ...getInputProps(field("Name"), { type: "text" }), autoComplete: autofill("name") }} errors={field("Name").errors} />
        <Field label={t("Email")} inputProps={{ ...getInputProps(field("Email"), { type: "email" }), autoComplete: autofill("email") }} errors={field("Email").errors} />
        <SelectField label={t("Country")} selectProps={{ ...getSelectProps(country), autoComplete: autofill("country") }} errors={country.errors}>
          <option value="">{t("Choose a country")}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.code} data-phone-code={option.phoneCode}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("Phone")}
          help={<PhoneHelp phoneCode={phoneCode} />}
          inputProps={{
            ...getInputProps(field("Phone"), { type: "tel" }),
            autoComplete: autofill("tel"),
            inputMode: "tel",
            // With JavaScript only digits, spaces and hyphens stay, and the help follows the country.
            ...{ "data-phone-country": country.id },
          }}
          errors={field("Phone").errors}
        />
        <Field
          className="sm:col-span-2"
          label={t("Street address")}
          inputProps={{ ...getInputProps(field("Address"), { type: "text" }), autoComplete: autofill("address-line1") }}
          errors={field("Address").errors}
        />
        <Field label={t("City")} inputProps={{ ...getInputProps(field("City"), { type: "text" }), autoComplete: autofill("address-level2") }} errors={field("City").errors} />
        <Field
          label={t("State / Province (optional)")}
          inputProps={{ ...getInputProps(field("State"), { type: "text" }), autoComplete: autofill("address-level1") }}
          errors={field("State").errors}
        />
        <Field
          label={t("Postal code")}
          inputProps={{ ...getInputProps(field("PostalCode"), { type: "text" }), autoComplete: autofill("postal-code") }}
          errors={field("PostalCode").errors}
        />
      </div>
    </fieldset>
  );
}

// Selects that open on a default value always have one: `required` would add nothing, and the
// HTML rules allow it only with an empty first option.
function PackageFields({
  fields,
  deliveryOptions,
  currencies,
  addOnLabels,
}: {
  fields: Fields;
  deliveryOptions: LoaderData["deliveryOptions"];
  currencies: LoaderData["currencies"];
  addOnLabels: LoaderData["addOnLabels"];
}) {
  const packagesField = fields.packages;
  const packages = packagesField.getFieldList();
  const totals = packageTotals(packages.map((item) => {
    const set = item.getFieldset();
    return { weight: set.weight.value ?? "", value: set.value.value ?? "", quantity: set.quantity.value ?? "" };
  }));
  // Declared values are typed in the currency chosen first; with JavaScript their hint follows a change of it.
  const currency = fields.currency.value ?? fields.currency.initialValue ?? "";
  const { t } = useTranslation("shipments");
  const locale = useLocale();
  return (
    <>
      <SelectField
        label={t("Currency")}
        help={t("The declared values below, the insurance and the price are in this currency.")}
        selectProps={{ ...getSelectProps(fields.currency), required: false, ...{ "data-currency": "" } }}
        errors={fields.currency.errors}
      >
        {currencies.map((option) => (
          <option key={option.code} value={option.code}>
            {option.code} - {option.name} ({option.symbol})
          </option>
        ))}
      </SelectField>
      <ErrorList id={packagesField.errorId} errors={packagesField.errors} />
      {packages.map((item, index) => {
        const set = item.getFieldset();
        const number = index + 1;
        return (
          <fieldset key={item.key} id={`package-${number}`} className="space-y-4 rounded-md border border-slate-200 p-4">
            <legend className="px-1 font-semibold">{t("Package {{number}}", { number })}</legend>
            <Field label={t("Description")} inputProps={getInputProps(set.description, { type: "text" })} errors={set.description.errors} />
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <Field label={t("Weight (kg)")} inputProps={{ ...getInputProps(set.weight, { type: "number" }), step: "0.1", min: "0", max: LIMITS.weightKg.max }} errors={set.weight.errors} />
              <Field label={t("Length (cm)")} inputProps={{ ...getInputProps(set.length, { type: "number" }), step: "0.1", min: "0", max: LIMITS.dimensionCm.max }} errors={set.length.errors} />
              <Field label={t("Width (cm)")} inputProps={{ ...getInputProps(set.width, { type: "number" }), step: "0.1", min: "0", max: LIMITS.dimensionCm.max }} errors={set.width.errors} />
              <Field label={t("Height (cm)")} inputProps={{ ...getInputProps(set.height, { type: "number" }), step: "0.1", min: "0", max: LIMITS.dimensionCm.max }} errors={set.height.errors} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t("Declared value (each)")}
                help={<Trans t={t} i18nKey="In <code>{{currency}}</code>, the currency chosen above." values={{ currency }} components={{ code: <span data-currency-code="" /> }} />}
                inputProps={{ ...getInputProps(set.value, { type: "number" }), step: "0.01", min: "0", max: LIMITS.value }}
                errors={set.value.errors}
              />
              <Field
                label={t("Quantity")}
                inputProps={{ ...getInputProps(set.quantity, { type: "number" }), step: "1", min: "1", max: String(LIMITS.quantity) }}
                errors={set.quantity.errors}
              />
            </div>
            {packages.length > 1 ? (
              <button type="submit" name="intent" value={`remove-package-${index}`} formNoValidate className="btn-secondary">
                {t("Remove package {{number}}", { number })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {packages.length < LIMITS.packages ? (
          <button type="submit" name="intent" value="add-package" formNoValidate className="btn-secondary">
            {t("Add another package")}
          </button>
        ) : (
          <span />
        )}
        <p className="text-sm text-slate-700" data-follows-draft="totals">
          {t("{{count}} items, {{weight}} in all", { count: totals.items, weight: formatWeight(totals.weightKg, locale) })}
        </p>
      </div>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">{t("Service")}</legend>
        {/* Full width: each service names its delivery time. */}
        <div className="grid gap-4">
          <SelectField label={t("Service type")} selectProps={{ ...getSelectProps(fields.serviceType), required: false }} errors={fields.serviceType.errors}>
            {SERVICE_TYPES.map((service) => (
              <option key={service} value={service}>
                {t("{{service}} ({{time}})", { service: t(SERVICE_LABELS[service]), time: serviceTime(t, TRANSIT_BUSINESS_DAYS[service]) })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("Delivery option")} selectProps={{ ...getSelectProps(fields.deliveryOption), required: false }} errors={fields.deliveryOption.errors}>
            {deliveryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxField
          label={t("Insure the declared value (1% of it, up to {{cap}})", { cap: formatDollars(MAX_INSURED_VALUE, locale) })}
          inputProps={getInputProps(fields.insurance, { type: "checkbox" })}
          errors={fields.insurance.errors}
        />
        <CheckboxField
          label={addOnLabels.signature}
          inputProps={getInputProps(fields.signatureRequired, { type: "checkbox" })}
          errors={fields.signatureRequired.errors}
        />
        <CheckboxField label={addOnLabels.fragile} inputProps={getInputProps(fields.fragile, { type: "checkbox" })} errors={fields.fragile.errors} />
      </fieldset>
    </>
  );
}

function ReviewFields({ fields, summary }: { fields: Fields; summary: NonNullable<LoaderData["summary"]> }) {
  const { t } = useTranslation("shipments");
  const options = [
    summary.insurance ? t("insured") : null,
    summary.signatureRequired ? t("signature required") : null,
    summary.fragile ? t("fragile handling") : null,
  ].filter((option): option is string => option !== null);
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        {(
          [
            [t("Sender"), summary.sender, 1],
            [t("Recipient"), summary.recipient, 2],
          ] as const
        ).map(([title, party, step]) => (
          <ReviewSection key={title} title={title} step={step}>
            <address className="not-italic">
              {party.name}
              {party.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <span className="block break-words">
                <WrapPoints text={party.email} />
              </span>
              <span className="block">{party.phone}</span>
            </address>
          </ReviewSection>
        ))}
      </div>
      <ReviewSection title={t("Packages and service")} step={3}>
        <ul className="mb-2 list-disc pl-5">
          {summary.packages.map((item, index) => (
            <li key={index}>
              {t("{{description}}: {{quantity}} × {{weight}} kg, {{length}} × {{width}} × {{height}} cm, declared value {{value}} {{currency}} each", {
                ...item,
                currency: summary.currency,
              })}
            </li>
          ))}
        </ul>
        <p>
          {options.length > 0
            ? t("{{service}} service, {{option}} delivery, {{options}}; prices in {{currency}}", {
                service: summary.service,
                option: summary.deliveryOption,
                options: options.join(", "),
                currency: summary.currency,
              })
            : t("{{service}} service, {{option}} delivery; prices in {{currency}}", { service: summary.service, option: summary.deliveryOption, currency: summary.currency })}
        </p>
      </ReviewSection>

      <TextareaField
        label={t("Special instructions (optional)")}
        textareaProps={{ ...getTextareaProps(fields.specialInstructions), rows: 3 }}
        errors={fields.specialInstructions.errors}
      />
      <Field
        label={t("Reference number (optional)")}
        inputProps={getInputProps(fields.referenceNumber, { type: "text" })}
        errors={fields.referenceNumber.errors}
      />
    </>
  );
}

function ReviewSection({ title, step, children }: { title: string; step: StepNumber; children: ReactNode }) {
  const { t } = useTranslation("shipments");
  return (
    <section aria-label={title} className="rounded-md border border-slate-200 p-4 text-sm">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="font-semibold">{title}</h3>
        <Link to={stepUrl(step)} className="link">
          {t("Edit")}
          <span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function EstimateCard({ estimate, step }: { estimate: Estimate | null; step: StepNumber }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("shipments");
  return (
    <section className="card" aria-labelledby="estimate-title" aria-live="polite" data-follows-draft="estimate">
      <h2 id="estimate-title" className="mb-3 text-lg font-semibold">
        {t("Cost estimate")}
      </h2>
      {estimate ? (
        <>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("Cost breakdown in {{currency}}", { currency: estimate.quote.currency })}</caption>
            <tbody>
              {estimate.quote.lines.map((line) => (
                <tr key={line.key}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
                    {quoteLineText(line.label, t, locale)}
                  </th>
                  <td className="py-1 text-right">{formatMoney(line.amount, estimate.quote.currency, locale)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300">
              {estimate.charge.tax > 0 ? (
                <>
                  <tr>
                    <th scope="row" className="pt-2 text-left font-normal text-slate-700">
                      {t("Subtotal")}
                    </th>
                    <td className="pt-2 text-right">{formatMoney(estimate.charge.net, estimate.charge.currency, locale)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className="py-1 text-left font-normal text-slate-700">
                      {t("Tax ({{rate}})", { rate: formatTaxRate(estimate.charge.taxRateBasisPoints, locale) })}
                    </th>
                    <td className="py-1 text-right">{formatMoney(estimate.charge.tax, estimate.charge.currency, locale)}</td>
                  </tr>
                </>
              ) : null}
              <tr>
                <th scope="row" className="pt-2 text-left">
                  {t("Total")}
                </th>
                <td className="pt-2 text-right">
                  <Price charge={estimate.charge} className="text-lg font-bold" />
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="mt-3 text-sm text-slate-700">
            <Trans
              t={t}
              i18nKey="{{weight}} in all. Estimated delivery: <strong>{{date}}</strong>"
              values={{ weight: formatWeight(estimate.weightKg, locale), date: formatDay(estimate.estimatedDelivery, locale) }}
              components={{ strong: <strong /> }}
            />
          </p>
          <ExchangeNote exchange={estimate.quote.exchange} timeZone={timeZone} className="mt-2 text-sm text-slate-700" />
          {step === 3 ? (
            <p className="mt-2 text-sm text-slate-700" data-without-js="">
              {t("Prices are in {{currency}}. To see them in another currency or with other options, choose them and press Update estimate.", { currency: estimate.quote.currency })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-700">
          {step < 3 ? t("The estimate appears once both countries and a weight are entered.") : t("Enter a weight to see the cost estimate.")}
        </p>
      )}
    </section>
  );
}

/** How long a service takes, as its option names it: "2 business days", "the same day, within one city". */
function serviceTime(t: TFunction, days: number): string {
  return days === 0 ? t("the same day, within one city") : t("{{count}} business days", { count: days });
}
