import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { tk } from "~/features/languages/languages";
import { languageOf, localeOf, metaT } from "~/features/languages/translate";
import { PLAN_TAGLINES, planFeatures, planLimitations, pricingFaq } from "~/features/pricing/pricing-page";
import { PageHero } from "~/features/site/page-hero";
import {
  ADD_ONS,
  formatDollars,
  getPlan,
  monthlyEquivalent,
  PRICING_PLANS,
  pricingChoice,
  registrationHref,
  yearlySaving,
  type BillingPeriod,
  type PlanId,
  type PricingPlan,
} from "~/features/pricing/pricing-plans";
import type { ScriptsHandle } from "~/components/page-scripts";
import { listOf } from "~/domain/format";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "site");
  const locale = localeOf(languageOf(matches));
  return [
    { title: t("Pricing: business shipping plans | {{company}}", { company: companyNameOf(matches) }) },
    {
      name: "description",
      content: t("Shipping plans from {{price}} a month: {{plans}}, with insurance included, yearly billing that saves up to {{saving}}, and add-ons per shipment.", {
        price: formatDollars(PRICING_PLANS[0]!.monthlyPrice, locale),
        plans: listOf(
          PRICING_PLANS.map((plan) => t(plan.name)),
          locale,
        ),
        saving: formatDollars(Math.max(...PRICING_PLANS.map(yearlySaving)), locale),
      }),
    },
  ];
};

// The chosen plan's summary, by billing period.
const SELECTED_MONTHLY = tk("Selected: <strong>{{plan}}</strong>, billed monthly: <strong>{{monthly}} a month</strong>");
const SELECTED_YEARLY = tk("Selected: <strong>{{plan}}</strong>, billed yearly: <strong>{{monthly}} a month</strong> ({{yearly}} a year)");

/** The page's address for a billing period and a chosen plan. */
function pricingHref(billing: BillingPeriod, plan: PlanId): string {
  return `/pricing?${new URLSearchParams({ billing, plan })}`;
}

export default function PricingPage() {
  const [searchParams] = useSearchParams();
  const { billing, plan: chosen } = pricingChoice(searchParams);
  const chosenPlan = getPlan(chosen);
  const { t } = useTranslation("site");
  const locale = useLocale();
  const dollars = (amount: number) => formatDollars(amount, locale);
  const chosenName = t(chosenPlan.name);
  return (
    <main id="main">
      <PageHero
        title={t("Simple, transparent pricing")}
        lead={t("Pay per shipment, or choose a monthly plan when you ship often. Every plan includes insurance, tracking and e-mail updates.")}
      />
      <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 py-12">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <h2 id="plans-title" className="text-3xl font-bold">
            {t("Plans")}
          </h2>
          <BillingToggle billing={billing} plan={chosen} />
        </div>
        <ul className="grid gap-6 lg:grid-cols-3">
          {PRICING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} selected={plan.id === chosen} />
          ))}
        </ul>
        <div className="card mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg">
            <Trans
              t={t}
              i18nKey={billing === "yearly" ? SELECTED_YEARLY : SELECTED_MONTHLY}
              values={{ plan: chosenName, monthly: dollars(monthlyEquivalent(chosenPlan, billing)), yearly: dollars(chosenPlan.yearlyPrice) }}
              components={{ strong: <strong /> }}
            />
          </p>
          <Link to={registrationHref(chosen, billing)} className="btn-primary print:hidden">
            {t("Get started with {{plan}}", { plan: chosenName })}
          </Link>
        </div>
      </section>

      <section aria-labelledby="overage-title" className="bg-white py-12 print:py-4">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2">
          <div>
            <h2 id="overage-title" className="mb-3 text-2xl font-bold">
              {t("Shipments beyond your plan")}
            </h2>
            <p className="mb-4 text-slate-700">{t("Go over your monthly limit and every shipment still goes out; each extra one costs:")}</p>
            <table className="w-full text-left">
              <caption className="sr-only">{t("Price per extra shipment, by plan")}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 font-semibold">
                    {t("Plan")}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t("Included each month")}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t("Per extra shipment")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {PRICING_PLANS.map((plan) => (
                  <tr key={plan.id} className="border-b border-slate-200">
                    <th scope="row" className="py-2 font-medium">
                      {t(plan.name)}
                    </th>
                    <td className="py-2">{plan.shipmentLimit === null ? t("Unlimited") : plan.shipmentLimit.toLocaleString(locale)}</td>
                    <td className="py-2">{plan.overagePerShipment === null ? t("None") : dollars(plan.overagePerShipment)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h2 id="add-ons-title" className="mb-3 text-2xl font-bold">
              {t("Add-on services")}
            </h2>
            <p className="mb-4 text-slate-700">{t("Available on every plan, charged per shipment.")}</p>
            <ul className="divide-y divide-slate-200">
              {ADD_ONS.map((addOn) => (
                <li key={addOn.id} className="flex items-baseline justify-between gap-4 py-2">
                  <span>
                    <span className="block font-medium">{t(addOn.name)}</span>
                    <span className="text-sm text-slate-700">{t(addOn.detail)}</span>
                  </span>
                  <span className="shrink-0 font-semibold text-brand-700">{dollars(addOn.price)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="pricing-faq-title" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="pricing-faq-title" className="mb-6 text-2xl font-bold">
          {t("Pricing questions")}
        </h2>
        <div className="space-y-3">
          {pricingFaq(t, locale).map((item) => (
            <details key={item.id} id={item.id} className="card scroll-mt-24 p-0 print:break-inside-avoid">
              <summary className="px-5 py-4 font-semibold">{item.question}</summary>
              <p className="px-5 pb-4 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-slate-700">
          <Trans
            t={t}
            i18nKey="More questions? <faq>Read the pricing FAQ</faq> or <contact>contact us</contact>."
            components={{ faq: <Link to="/faq?category=pricing" className="link" />, contact: <Link to="/contact" className="link" /> }}
          />
        </p>
      </section>
    </main>
  );
}

/** Monthly or yearly: two links, so it works without JavaScript; the chosen plan is kept. */
function BillingToggle({ billing, plan }: { billing: BillingPeriod; plan: PlanId }) {
  const { t } = useTranslation("site");
  const options: { value: BillingPeriod; label: string }[] = [
    { value: "monthly", label: t("Monthly") },
    { value: "yearly", label: t("Yearly") },
  ];
  return (
    <nav aria-label={t("Billing period")} className="print:hidden">
      <ul className="inline-flex rounded-full border border-slate-300 bg-white p-1">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={pricingHref(option.value, plan)}
              preventScrollReset
              replace
              aria-current={option.value === billing ? "true" : undefined}
              className={`inline-flex rounded-full px-4 py-1.5 text-sm font-semibold ${
                option.value === billing ? "bg-brand-600 text-white" : "text-slate-800 hover:bg-slate-100"
              }`}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PlanCard({ plan, billing, selected }: { plan: PricingPlan; billing: BillingPeriod; selected: boolean }) {
  const titleId = `plan-${plan.id}`;
  const { t } = useTranslation("site");
  const locale = useLocale();
  const dollars = (amount: number) => formatDollars(amount, locale);
  const name = t(plan.name);
  const limitations = planLimitations(plan, t, locale);
  return (
    <li
      className={`card relative flex flex-col print:break-inside-avoid ${selected ? "border-brand-600 ring-2 ring-brand-600" : ""}`}
    >
      {selected ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">{t("Selected")}</p>
      ) : null}
      <h3 id={titleId} className="text-2xl font-bold">
        {name}
      </h3>
      <p className="mb-4 text-slate-700 lg:min-h-12">{t(PLAN_TAGLINES[plan.id])}</p>
      <p className="mb-1">
        <Trans
          t={t}
          i18nKey="<price>{{price}}</price><period> /month</period>"
          values={{ price: dollars(monthlyEquivalent(plan, billing)) }}
          components={{ price: <span className="text-4xl font-bold" />, period: <span className="text-slate-700" /> }}
        />
      </p>
      <p className="mb-5 min-h-12 text-sm text-slate-700">
        {billing === "yearly" ? (
          <Trans
            t={t}
            i18nKey="Billed {{yearly}} a year. <saving>Save {{saving}}</saving>"
            values={{ yearly: dollars(plan.yearlyPrice), saving: dollars(yearlySaving(plan)) }}
            components={{ saving: <strong className="text-green-800" /> }}
          />
        ) : (
          t("Billed monthly, or {{yearly}} a year.", { yearly: dollars(plan.yearlyPrice) })
        )}
      </p>
      <ul className="mb-4 space-y-2">
        {planFeatures(plan, t, locale).map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-green-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      {limitations.length > 0 ? (
        <ul className="mb-4 space-y-1 text-sm text-slate-700" aria-label={t("{{plan}} limits", { plan: name })}>
          {limitations.map((limitation) => (
            <li key={limitation}>{limitation}</li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-700">{t("No extra charge per shipment")}</p>
      )}
      <div className="mt-auto print:hidden">
        {selected ? (
          <p className="btn-secondary w-full cursor-default border-brand-600 text-brand-800">
            <Trans t={t} i18nKey="<mark>✓</mark> {{plan}} selected" values={{ plan: name }} components={{ mark: <span aria-hidden="true" /> }} />
          </p>
        ) : (
          <Link to={pricingHref(billing, plan.id)} preventScrollReset replace className="btn-primary w-full">
            {t("Choose {{plan}}", { plan: name })}
          </Link>
        )}
      </div>
    </li>
  );
}
