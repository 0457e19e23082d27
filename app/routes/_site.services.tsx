import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { useLocale } from "~/components/root-data";
import { languageOf, localeOf, metaT } from "~/features/languages/translate";
import { ADDITIONAL_SERVICES, INDUSTRIES, MORE_SERVICES, SERVICE_TABS, SERVICE_TESTIMONIALS, type ServiceTab } from "~/features/site/services";
import { PageHero } from "~/features/site/page-hero";
import { tabClass } from "~/features/site/tab-class";
import { enhanceTabs } from "~/features/site/tabs";
import { Testimonials } from "~/features/site/testimonials";
import { formatDollars } from "~/features/pricing/pricing-plans";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "services");
  const locale = localeOf(languageOf(matches));
  const [express, standard, sameDay] = SERVICE_TABS.map((tab) => formatDollars(tab.startingPrice, locale));
  return [
    { title: t("Services: Express, Standard and Same Day delivery | {{company}}", { company: companyNameOf(matches) }) },
    {
      name: "description",
      content: t(
        "Express from {{express}}, Standard from {{standard}}, Same Day from {{sameDay}}: parcel, freight and international delivery to 220+ countries, with add-ons and business logistics.",
        { express, standard, sameDay },
      ),
    },
  ];
};

export default function ServicesPage() {
  const { t } = useTranslation("services");
  return (
    <main id="main">
      <PageHero
        title={t("Our Services")}
        lead={t("From an envelope across town to pallets across the world: pick the speed you need, add what your parcel needs, and follow it all the way.")}
      />
      <ServiceLevels />
      <section aria-labelledby="more-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="more-title" className="mb-6 text-3xl font-bold">
          {t("Further and bigger")}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {MORE_SERVICES.map((service) => (
            <li key={service.id} id={service.id} className="card scroll-mt-24 target:ring-2 target:ring-brand-600">
              <h3 className="mb-2 text-xl font-semibold">{t(service.name)}</h3>
              <p className="mb-3 text-slate-700">{t(service.description)}</p>
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {service.points.map((point) => (
                  <li key={point}>{t(point)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="additional-title" className="bg-white py-12 print:py-4">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="additional-title" className="mb-2 text-3xl font-bold">
            {t("Additional services")}
          </h2>
          <p className="mb-6 text-slate-700">{t("Add them to any shipment when you create it; the estimate shows each one before you confirm.")}</p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ADDITIONAL_SERVICES.map((service) => (
              <li key={service.name} className="rounded-lg border border-slate-200 p-4">
                <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3">
                  <h3 className="font-semibold">{t(service.name)}</h3>
                  <p className="text-right font-semibold text-brand-700">{t(service.price)}</p>
                </div>
                <p className="text-sm text-slate-700">{t(service.description)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="industries-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="industries-title" className="mb-6 text-3xl font-bold">
          {t("Industry solutions")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {INDUSTRIES.map((industry) => (
            <li key={industry.name} className="card">
              <h3 className="mb-2 font-semibold">{t(industry.name)}</h3>
              <p className="text-slate-700">{t(industry.description)}</p>
            </li>
          ))}
        </ul>
      </section>
      <Testimonials title={t("What our customers say")} items={SERVICE_TESTIMONIALS.map((item) => ({ ...item, quote: t(item.quote), role: t(item.role) }))} />
      <section aria-labelledby="cta-title" className="mx-auto max-w-4xl px-4 py-12 text-center print:hidden">
        <h2 id="cta-title" className="mb-3 text-3xl font-bold">
          {t("Ready to send your first parcel?")}
        </h2>
        <p className="mb-6 text-slate-700">{t("Create a free account to book and follow shipments, or look up a parcel you are expecting.")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/register" className="btn-primary">
            {t("Create an account")}
          </Link>
          <Link to="/track" className="btn-secondary">
            {t("Track a parcel")}
          </Link>
          <Link to="/pricing" className="btn-secondary">
            {t("See business plans")}
          </Link>
        </div>
      </section>
    </main>
  );
}

/**
 * Express, Standard and Same Day: anchored sections one after another, the tab row linking to
 * them; tabs.ts makes them an ARIA tab list showing one at a time, the one the
 * address names (#same-day or ?tab=same-day) first.
 */
function ServiceLevels() {
  // Run again when the address names another level (a link to /services#standard on this page).
  const levels = useBehaviour(enhanceTabs, [useLocation().hash]);
  const { t } = useTranslation("services");
  return (
    <section aria-labelledby="levels-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12" data-tabs ref={levels}>
      <h2 id="levels-title" className="mb-2 text-3xl font-bold">
        {t("Choose your speed")}
      </h2>
      <p className="mb-6 text-slate-700">
        {t("Prices are starting prices: what you pay depends on the weight, the route and the options you add, and the shipment form shows the full price before you confirm.")}
      </p>
      <nav aria-label={t("Delivery services")} className="mb-6 print:hidden">
        <ul className="flex flex-wrap gap-2">
          {SERVICE_TABS.map((tab) => (
            <li key={tab.id}>
              <a href={`#${tab.id}`} className={tabClass(false)}>
                {t(tab.name)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-6">
        {SERVICE_TABS.map((tab) => (
          <ServicePanel key={tab.id} tab={tab} />
        ))}
      </div>
    </section>
  );
}


function ServicePanel({ tab }: { tab: ServiceTab }) {
  const { t } = useTranslation("services");
  const locale = useLocale();
  return (
    <section id={tab.id} aria-labelledby={`${tab.id}-title`} className="card grid scroll-mt-24 gap-6 md:grid-cols-[2fr_1fr] print:break-inside-avoid">
      <div>
        <h3 id={`${tab.id}-title`} className="mb-1 text-2xl font-bold">
          {t(tab.name)}
        </h3>
        <p className="mb-3 font-medium text-brand-700">{t(tab.tagline)}</p>
        <p className="mb-4 text-slate-700">{t(tab.description)}</p>
        <ul className="list-disc space-y-1 pl-5 text-slate-800">
          {tab.features.map((feature) => (
            <li key={feature}>{t(feature)}</li>
          ))}
        </ul>
      </div>
      <div className="space-y-3 rounded-lg bg-slate-50 p-4">
        <dl className="space-y-3">
          <div>
            <dt className="text-sm text-slate-700">{t("Starting price")}</dt>
            <dd className="text-3xl font-bold text-brand-700">{t("From {{price}}", { price: formatDollars(tab.startingPrice, locale) })}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t("Delivery time")}</dt>
            <dd className="font-semibold">{t(tab.deliveryTime)}</dd>
          </div>
        </dl>
        <Link to="/register" className="btn-primary w-full print:hidden">
          {t("Ship with {{service}}", { service: t(tab.name) })}
        </Link>
      </div>
    </section>
  );
}
