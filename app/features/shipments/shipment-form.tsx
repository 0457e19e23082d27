// The admin shipment form, the same for creating and editing. Without JavaScript the server
// validates and prices it ('Calculate cost' shows the summary without saving); with it,
// Conform checks the same zod schema as the admin types (loaded on the form's first use) and
// the cost summary follows along.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  parse,
  useForm,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useMessages } from "~/components/forms";
import { quoteLineText } from "~/features/pricing/quote-line-label";
import type { CostSummary, Option } from "~/features/shipments/admin-shipment-form.server";
import { DATE_YEARS, RANGE } from "~/domain/field-limits";
import { formatDay, formatMoney } from "~/domain/format";
import type { EditShipmentFormValue } from "~/features/shipments/admin-shipment-form";
import { FORM_ERRORS_TOAST } from "~/features/shipments/shipment-form-messages";
import type { ShipmentStatus } from "~/features/shipments/shipment-status";
import {
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTIONS,
  PACKAGE_LABELS,
  PACKAGE_TYPES,
  SERVICE_LABELS,
  SERVICE_TYPES,
} from "~/features/shipments/shipping-options";
import { ExchangeNote } from "~/features/pricing/exchange-note";
import { formatDollars, getAddOn } from "~/features/pricing/pricing-plans";
import { MAX_INSURED_VALUE } from "~/features/pricing/tariff";
import { Price } from "~/features/pricing/price";
import { formatTaxRate } from "~/features/invoices/invoice";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/forms";
import { useLocale, useTimeZone } from "~/components/root-data";
import { StatusBadge } from "./status-badge";
import { useHydrated } from "~/components/use-hydrated";

const QUOTE_DEBOUNCE_MS = 300;
const QUOTE_FIELDS = [
  "senderCountry",
  "recipientCountry",
  "serviceType",
  "packageType",
  "weight",
  "value",
  "currency",
  "deliveryOption",
  "insurance",
  "signatureRequired",
  "fragile",
  "basePrice",
  "customDeliveryDays",
];

export type ShipmentFormProps = {
  /** The action's answer to a post that saved nothing (its banner: the stale-edit refusal or 'Please fix the errors in the form'). */
  answer: { result: SubmissionResult<string[]>; summary: CostSummary; formError: string | null } | undefined;
  defaultValue: Record<string, unknown>;
  countries: Option[];
  currencies: Option[];
  /** The loader's cost summary, until the action answers. */
  summary: CostSummary;
  /** The fields' HTML constraints (shipmentFormConstraint). */
  constraint: ReturnType<typeof getZodConstraint>;
  edit?: { shipmentId: string; trackingId: string; status: ShipmentStatus };
};

export function ShipmentForm({ answer, defaultValue, countries, currencies, summary: loaded, constraint, edit }: ShipmentFormProps) {
  const lastResult = answer?.result;
  const summary = answer?.summary ?? loaded;
  const formError = answer?.formError ?? null;
  const { t } = useTranslation("shipments");
  const messages = useMessages();
  const locale = useLocale();
  const [attempted, setAttempted] = useState(false);
  const check = useFormCheck();
  // Typed with the edit form's fields, a superset of the create form's.
  const [form, fields] = useForm<EditShipmentFormValue>({
    id: "shipment-form",
    lastResult,
    defaultValue,
    constraint,
    // The cast only widens the type: the create form runs its own schema. Until the rules have
    // loaded, a field left is not judged and a submission goes to the server, which checks it.
    onValidate: ({ formData }) =>
      check.rules
        ? (check.rules(formData, Boolean(edit)) as Submission<EditShipmentFormValue>)
        : parse(formData, { resolve: (value) => ({ value: value as EditShipmentFormValue }) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const liveSummary = useLiveSummary(edit?.shipmentId);
  const shownSummary = liveSummary.summary ?? summary;
  const hasClientErrors = attempted && Object.values(form.allErrors).some((errors) => errors.length > 0);
  const banner = formError ?? (hasClientErrors ? FORM_ERRORS_TOAST : null);

  const text = (field: AnyField, label: string, extra: Record<string, unknown> = {}, help?: ReactNode) => (
    <Field label={label} help={help} errors={field.errors} inputProps={{ ...getInputProps(field, { type: "text" }), ...extra }} />
  );
  const number = (field: AnyField, label: string, step: string, max: number) => (
    <Field
      label={label}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: "number" }), step, min: 0, max, inputMode: "decimal" }}
    />
  );

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      // The server's messages are the product's (docs/product.md); the browser's own bubbles would say something else.
      noValidate
      onSubmitCapture={() => setAttempted(true)}
      onFocus={check.load}
      onPointerDown={check.load}
      onChange={(event) => liveSummary.update(event.currentTarget)}
      className="space-y-6"
    >
      {banner ? (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900">
          {messages(banner)}
        </div>
      ) : null}
      {edit ? <input type="hidden" name={fields.version.name} value={String(fields.version.initialValue ?? "")} /> : null}

      <Section title={t("Tracking")}>
        <div className="sm:col-span-2">
          <label htmlFor="tracking-id" className="label">
            {t("Tracking ID")}
          </label>
          <input
            id="tracking-id"
            readOnly
            className="input bg-slate-100 font-mono"
            value={edit ? edit.trackingId : ""}
            placeholder={t("Generated when the shipment is created")}
            aria-describedby="tracking-id-help"
          />
          <p id="tracking-id-help" className="mt-1 text-sm text-slate-600">
            {t("Generated by the system and cannot be changed.")}
          </p>
        </div>
      </Section>

      <Section title={t("Sender Information")}>
        {text(fields.senderName, t("Sender name"), { autoComplete: "off" })}
        {text(fields.senderCompany, t("Sender company (optional)"))}
        {text(fields.senderEmail, t("Sender email"), { type: "email", autoComplete: "off" })}
        {text(fields.senderPhone, t("Sender phone"), { type: "tel", autoComplete: "off" })}
        <div className="sm:col-span-2">{text(fields.senderAddress, t("Sender address"))}</div>
        {text(fields.senderCity, t("Sender city"))}
        {text(fields.senderState, t("Sender state or province (optional)"))}
        <CountrySelect field={fields.senderCountry} label={t("Sender country")} countries={countries} />
        {text(fields.senderPostalCode, t("Sender postal code (optional)"))}
      </Section>

      <Section title={t("Recipient Information")}>
        {text(fields.recipientName, t("Recipient name"), { autoComplete: "off" })}
        {text(fields.recipientCompany, t("Recipient company (optional)"))}
        {text(fields.recipientEmail, t("Recipient email"), { type: "email", autoComplete: "off" })}
        {text(fields.recipientPhone, t("Recipient phone"), { type: "tel", autoComplete: "off" })}
        <div className="sm:col-span-2">{text(fields.recipientAddress, t("Recipient address"))}</div>
        {text(fields.recipientCity, t("Recipient city"))}
        {text(fields.recipientState, t("Recipient state or province (optional)"))}
        <CountrySelect field={fields.recipientCountry} label={t("Recipient country")} countries={countries} />
        {text(fields.recipientPostalCode, t("Recipient postal code (optional)"))}
      </Section>

      <Section title={t("Package Information")}>
        <SelectField label={t("Package type")} errors={fields.packageType.errors} selectProps={getSelectProps(fields.packageType)}>
          <option value="">{t("Choose a package type")}</option>
          {PACKAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(PACKAGE_LABELS[type])}
            </option>
          ))}
        </SelectField>
        {number(fields.weight, t("Weight (kg)"), "0.1", RANGE.shipmentWeightKg.max)}
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-1 text-sm text-slate-700">{t("Dimensions in cm (required for the Package type)")}</legend>
          {number(fields.length, t("Length (cm)"), "0.1", RANGE.shipmentDimensionCm.max)}
          {number(fields.width, t("Width (cm)"), "0.1", RANGE.shipmentDimensionCm.max)}
          {number(fields.height, t("Height (cm)"), "0.1", RANGE.shipmentDimensionCm.max)}
        </fieldset>
        {/* The declared value is typed in the currency beside it, which the price is in too. */}
        <SelectField
          label={t("Currency")}
          help={t("Of the declared value and the price.")}
          errors={fields.currency.errors}
          selectProps={getSelectProps(fields.currency)}
        >
          <option value="">{t("Choose a currency")}</option>
          {currencies.map((currency) => (
            <option key={currency.value} value={currency.value}>
              {currency.label}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("Declared value")}
          help={fields.currency.value ? t("In {{currency}}, the currency beside it.", { currency: fields.currency.value }) : t("In the currency beside it.")}
          errors={fields.value.errors}
          inputProps={{ ...getInputProps(fields.value, { type: "number" }), step: "0.01", min: 0, max: RANGE.money.max, inputMode: "decimal" }}
        />
        <div className="sm:col-span-2">
          <TextareaField
            label={t("Description of contents")}
            errors={fields.description.errors}
            textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          />
        </div>
      </Section>

      <Section title={t("Service Options")}>
        <SelectField label={t("Service type")} errors={fields.serviceType.errors} selectProps={getSelectProps(fields.serviceType)}>
          <option value="">{t("Choose a service")}</option>
          {SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type === "same_day" ? t("{{service}} (within one city)", { service: t(SERVICE_LABELS[type]) }) : t(SERVICE_LABELS[type])}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("Delivery option")} errors={fields.deliveryOption.errors} selectProps={getSelectProps(fields.deliveryOption)}>
          {DELIVERY_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(DELIVERY_OPTION_LABELS[option])}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("Base price override (optional)")}
          help={t("Replaces the calculated shipping charge.")}
          errors={fields.basePrice.errors}
          inputProps={{ ...getInputProps(fields.basePrice, { type: "number" }), step: "0.01", min: 0, max: RANGE.money.max, inputMode: "decimal" }}
        />
        {text(fields.customDeliveryDays, t("Custom delivery days (optional)"), {}, t("A number of days sets the estimate; a range or a word is noted as it is."))}
        <div className="space-y-3 pt-1">
          <CheckboxField
            label={t("Insurance (1% of the declared value, up to {{cap}})", { cap: formatDollars(MAX_INSURED_VALUE, locale) })}
            errors={fields.insurance.errors}
            inputProps={getInputProps(fields.insurance, { type: "checkbox" })}
          />
          <CheckboxField
            label={t("{{option}} (+{{price}})", { option: t(getAddOn("signature").name), price: formatDollars(getAddOn("signature").price, locale) })}
            errors={fields.signatureRequired.errors}
            inputProps={getInputProps(fields.signatureRequired, { type: "checkbox" })}
          />
          <CheckboxField
            label={t("{{option}} (+{{price}})", { option: t(getAddOn("fragile").name), price: formatDollars(getAddOn("fragile").price, locale) })}
           errors={fields.fragile.errors} inputProps={getInputProps(fields.fragile, { type: "checkbox" })} />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label={t("Special instructions (optional)")}
            errors={fields.specialInstructions.errors}
            textareaProps={{ ...getTextareaProps(fields.specialInstructions), rows: 2 }}
          />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label={t("Internal notes (optional)")}
            help={t("Seen by staff only, and printed on the receipt.")}
            errors={fields.notes.errors}
            textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
          />
        </div>
      </Section>

      {edit ? (
        <Section title={t("Status & Tracking")}>
          <div>
            <p className="label">{t("Status")}</p>
            <p className="flex items-center gap-3">
              <StatusBadge status={edit.status} />
              <Link to="/admin/dashboard" className="link text-sm">
                {t("Change it from the shipment list")}
              </Link>
            </p>
          </div>
          {text(fields.currentLocation, t("Current location"), {}, t("A new place is added to the tracking history."))}
          <Field
            label={t("Actual delivery date (optional)")}
            errors={fields.actualDelivery.errors}
            inputProps={{ ...getInputProps(fields.actualDelivery, { type: "date" }), min: `${DATE_YEARS.min}-01-01`, max: `${DATE_YEARS.max}-12-31` }}
          />
        </Section>
      ) : null}

      <CostSummaryCard summary={shownSummary} pending={liveSummary.pending} />

      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/admin/dashboard" className="btn-secondary">
          {t("Cancel")}
        </Link>
        <QuoteButton />
        <button type="submit" name="intent" value="save" className="btn-primary" data-pending={t("Saving...")}>
          {edit ? t("Update Shipment") : t("Create Shipment")}
        </button>
      </div>
    </Form>
  );
}

/**
 * Without JavaScript the cost is worked out by this button; with it, as one types. A component of
 * its own, so that only it renders again once the page is hydrated, not the whole form.
 */
function QuoteButton() {
  const hydrated = useHydrated();
  const { t } = useTranslation("shipments");
  if (hydrated) return null;
  return (
    <button type="submit" name="intent" value="quote" className="btn-secondary">
      {t("Calculate cost")}
    </button>
  );
}

type AnyField = FieldMetadata<string | number | boolean | undefined, Record<string, unknown>, string[]>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card">
      <legend className="float-left mb-4 w-full text-lg font-semibold">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function CountrySelect({
  field,
  label,
  countries,
}: {
  field: AnyField;
  label: string;
  countries: Option[];
}) {
  const { t } = useTranslation("shipments");
  return (
    <SelectField label={label} errors={field.errors} selectProps={{ ...getSelectProps(field), autoComplete: "off" }}>
      <option value="">{t("Choose a country")}</option>
      {countries.map((country) => (
        <option key={country.value} value={country.value}>
          {country.label}
        </option>
      ))}
    </SelectField>
  );
}

type FormRules = typeof import("./shipment-form-check").checkShipmentForm;

/** The form's rules, loaded on the first pointer or focus in the form (`load`); null until then. */
function useFormCheck(): { rules: FormRules | null; load: () => void } {
  const [rules, setRules] = useState<FormRules | null>(null);
  const loading = useRef(false);
  return {
    rules,
    load() {
      if (loading.current) return;
      loading.current = true;
      import("./shipment-form-check").then(
        (module) => setRules(() => module.checkShipmentForm),
        () => {
          // Offline or a new release: the next use tries again; the server checks meanwhile.
          loading.current = false;
        },
      );
    },
  };
}

/** With JavaScript: the summary of what has been typed, fetched from the server as it changes. */
function useLiveSummary(shipmentId: string | undefined) {
  const fetcher = useFetcher<CostSummary>();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    summary: fetcher.data ?? null,
    pending: fetcher.state !== "idle",
    update(form: HTMLFormElement) {
      const data = new FormData(form);
      const params = new URLSearchParams();
      for (const name of QUOTE_FIELDS) {
        const value = data.get(name);
        if (typeof value === "string") params.set(name, value);
      }
      if (shipmentId) params.set("id", shipmentId);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => fetcher.load(`/admin/shipments/quote?${params}`), QUOTE_DEBOUNCE_MS);
    },
  };
}

function CostSummaryCard({ summary, pending }: { summary: CostSummary; pending: boolean }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("shipments");
  const { quote } = summary;
  return (
    <section className="card" aria-labelledby="cost-summary-title" aria-busy={pending || undefined}>
      <h2 id="cost-summary-title" className="mb-4 text-lg font-semibold">
        {t("Cost Summary")}
      </h2>
      {quote ? (
        <dl className="space-y-2">
          {quote.lines.map((line) => (
            <div key={line.key} className="flex justify-between gap-4">
              <dt className="text-slate-700">{quoteLineText(line.label, t, locale)}</dt>
              <dd>{formatMoney(line.amount, quote.currency, locale)}</dd>
            </div>
          ))}
          {summary.charge && summary.charge.tax > 0 ? (
            <>
              <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
                <dt className="text-slate-700">{t("Subtotal")}</dt>
                <dd>{formatMoney(summary.charge.net, quote.currency, locale)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">{t("Tax ({{rate}})", { rate: formatTaxRate(summary.charge.taxRateBasisPoints, locale) })}</dt>
                <dd>{formatMoney(summary.charge.tax, quote.currency, locale)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-semibold">
            <dt>{t("Total")}</dt>
            <dd>{summary.charge ? <Price charge={summary.charge} /> : formatMoney(quote.total, quote.currency, locale)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-slate-700">{t("Enter the weight and both countries (or a base price) to see the price.")}</p>
      )}
      {quote ? <ExchangeNote exchange={quote.exchange} timeZone={timeZone} className="mt-2 text-sm text-slate-700" /> : null}
      <p className="mt-4 text-sm text-slate-700">
        <Trans
          t={t}
          i18nKey="Estimated delivery: <date>{{date}}</date>"
          values={{ date: summary.estimatedDelivery ? formatDay(summary.estimatedDelivery, locale) : "-" }}
          components={{ date: <span className="font-medium text-slate-900" /> }}
        />
      </p>
    </section>
  );
}
