import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { PLAN_TAGLINES, planFeatures, planLimitations, PRICING_FAQ } from "~/features/pricing/pricing-page";
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
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: `Pricing: business shipping plans | ${companyNameOf(matches)}` },
  {
    name: "description",
    content: `Shipping plans from ${formatDollars(PRICING_PLANS[0]!.monthlyPrice)} a month: Basic, Standard and Premium, with insurance included, yearly billing that saves up to ${formatDollars(Math.max(...PRICING_PLANS.map(yearlySaving)))}, and add-ons per shipment.`,
  },
];

/** The page's address for a billing period and a chosen plan. */
function pricingHref(billing: BillingPeriod, plan: PlanId): string {
  return `/pricing?${new URLSearchParams({ billing, plan })}`;
}

export default function PricingPage() {
  const [searchParams] = useSearchParams();
  const { billing, plan: chosen } = pricingChoice(searchParams);
  const chosenPlan = getPlan(chosen);
  return (
    <main id="main">
      <PageHero
        title="Simple, transparent pricing"
        lead="Pay per shipment, or choose a monthly plan when you ship often. Every plan includes insurance, tracking and e-mail updates."
      />
      <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 py-12">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <h2 id="plans-title" className="text-3xl font-bold">
            Plans
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
            Selected: <strong>{chosenPlan.name}</strong>, billed {billing}:{" "}
            <strong>{formatDollars(monthlyEquivalent(chosenPlan, billing))} a month</strong>
            {billing === "yearly" ? ` (${formatDollars(chosenPlan.yearlyPrice)} a year)` : null}
          </p>
          <Link to={registrationHref(chosen, billing)} className="btn-primary print:hidden">
            Get started with {chosenPlan.name}
          </Link>
        </div>
      </section>

      <section aria-labelledby="overage-title" className="bg-white py-12 print:py-4">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2">
          <div>
            <h2 id="overage-title" className="mb-3 text-2xl font-bold">
              Shipments beyond your plan
            </h2>
            <p className="mb-4 text-slate-700">Go over your monthly limit and every shipment still goes out; each extra one costs:</p>
            <table className="w-full text-left">
              <caption className="sr-only">Price per extra shipment, by plan</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 font-semibold">
                    Plan
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Included each month
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Per extra shipment
                  </th>
                </tr>
              </thead>
              <tbody>
                {PRICING_PLANS.map((plan) => (
                  <tr key={plan.id} className="border-b border-slate-200">
                    <th scope="row" className="py-2 font-medium">
                      {plan.name}
                    </th>
                    <td className="py-2">{plan.shipmentLimit === null ? "Unlimited" : plan.shipmentLimit}</td>
                    <td className="py-2">{plan.overagePerShipment === null ? "None" : formatDollars(plan.overagePerShipment)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h2 id="add-ons-title" className="mb-3 text-2xl font-bold">
              Add-on services
            </h2>
            <p className="mb-4 text-slate-700">Available on every plan, charged per shipment.</p>
            <ul className="divide-y divide-slate-200">
              {ADD_ONS.map((addOn) => (
                <li key={addOn.id} className="flex items-baseline justify-between gap-4 py-2">
                  <span>
                    <span className="block font-medium">{addOn.name}</span>
                    <span className="text-sm text-slate-700">{addOn.detail}</span>
                  </span>
                  <span className="shrink-0 font-semibold text-brand-700">{formatDollars(addOn.price)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="pricing-faq-title" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="pricing-faq-title" className="mb-6 text-2xl font-bold">
          Pricing questions
        </h2>
        <div className="space-y-3">
          {PRICING_FAQ.map((item) => (
            <details key={item.id} id={item.id} className="card scroll-mt-24 p-0 print:break-inside-avoid">
              <summary className="px-5 py-4 font-semibold">{item.question}</summary>
              <p className="px-5 pb-4 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-slate-700">
          More questions?{" "}
          <Link to="/faq?category=pricing" className="link">
            Read the pricing FAQ
          </Link>{" "}
          or{" "}
          <Link to="/contact" className="link">
            contact us
          </Link>
          .
        </p>
      </section>
    </main>
  );
}

/** Monthly or yearly: two links, so it works without JavaScript; the chosen plan is kept. */
function BillingToggle({ billing, plan }: { billing: BillingPeriod; plan: PlanId }) {
  const options: { value: BillingPeriod; label: string }[] = [
    { value: "monthly", label: "Monthly" },
    { value: "yearly", label: "Yearly" },
  ];
  return (
    <nav aria-label="Billing period" className="print:hidden">
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
  return (
    <li
      className={`card relative flex flex-col print:break-inside-avoid ${selected ? "border-brand-600 ring-2 ring-brand-600" : ""}`}
    >
      {selected ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">Selected</p>
      ) : null}
      <h3 id={titleId} className="text-2xl font-bold">
        {plan.name}
      </h3>
      <p className="mb-4 text-slate-700 lg:min-h-12">{PLAN_TAGLINES[plan.id]}</p>
      <p className="mb-1">
        <span className="text-4xl font-bold">{formatDollars(monthlyEquivalent(plan, billing))}</span>
        <span className="text-slate-700"> /month</span>
      </p>
      <p className="mb-5 min-h-12 text-sm text-slate-700">
        {billing === "yearly" ? (
          <>
            Billed {formatDollars(plan.yearlyPrice)} a year.{" "}
            <strong className="text-green-800">Save {formatDollars(yearlySaving(plan))}</strong>
          </>
        ) : (
          <>Billed monthly, or {formatDollars(plan.yearlyPrice)} a year.</>
        )}
      </p>
      <ul className="mb-4 space-y-2">
        {planFeatures(plan).map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-green-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      {planLimitations(plan).length > 0 ? (
        <ul className="mb-4 space-y-1 text-sm text-slate-700" aria-label={`${plan.name} limits`}>
          {planLimitations(plan).map((limitation) => (
            <li key={limitation}>{limitation}</li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-700">No extra charge per shipment</p>
      )}
      <div className="mt-auto print:hidden">
        {selected ? (
          <p className="btn-secondary w-full cursor-default border-brand-600 text-brand-800">
            <span aria-hidden="true">✓</span> {plan.name} selected
          </p>
        ) : (
          <Link to={pricingHref(billing, plan.id)} preventScrollReset replace className="btn-primary w-full">
            Choose {plan.name}
          </Link>
        )}
      </div>
    </li>
  );
}
