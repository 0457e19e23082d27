import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ADDITIONAL_SERVICES, INDUSTRIES, MORE_SERVICES, SERVICE_TABS, SERVICE_TESTIMONIALS, type ServiceTab } from "~/content/services";
import { PageHero } from "~/components/page-hero";
import { Testimonials } from "~/components/testimonials";
import { useHydrated } from "~/components/use-hydrated";
import { formatDollars, type TabbedService } from "~/domain/pricing-plans";

export const meta: MetaFunction = () => [
  { title: "Services: Express, Standard and Same Day delivery | SwiftParcel" },
  {
    name: "description",
    content: `Express from ${formatDollars(SERVICE_TABS[0]!.startingPrice)}, Standard from ${formatDollars(SERVICE_TABS[1]!.startingPrice)}, Same Day from ${formatDollars(SERVICE_TABS[2]!.startingPrice)}: parcel, freight and international delivery to 220+ countries, with add-ons and business logistics.`,
  },
];

function tabFrom(value: string | null | undefined): TabbedService | null {
  return SERVICE_TABS.find((tab) => tab.id === value)?.id ?? null;
}

export default function ServicesPage() {
  return (
    <main id="main">
      <PageHero
        title="Our Services"
        lead="From an envelope across town to pallets across the world: pick the speed you need, add what your parcel needs, and follow it all the way."
      />
      <ServiceLevels />
      <section aria-labelledby="more-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="more-title" className="mb-6 text-3xl font-bold">
          Further and bigger
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {MORE_SERVICES.map((service) => (
            <li key={service.id} id={service.id} className="card scroll-mt-24 target:ring-2 target:ring-brand-600">
              <h3 className="mb-2 text-xl font-semibold">{service.name}</h3>
              <p className="mb-3 text-slate-700">{service.description}</p>
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {service.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="additional-title" className="bg-white py-12 print:py-4">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="additional-title" className="mb-2 text-3xl font-bold">
            Additional services
          </h2>
          <p className="mb-6 text-slate-700">Add them to any shipment when you create it; the estimate shows each one before you confirm.</p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ADDITIONAL_SERVICES.map((service) => (
              <li key={service.name} className="rounded-lg border border-slate-200 p-4">
                <div className="mb-1 flex items-baseline justify-between gap-3">
                  <h3 className="font-semibold">{service.name}</h3>
                  <p className="shrink-0 text-right font-semibold text-brand-700">{service.price}</p>
                </div>
                <p className="text-sm text-slate-700">{service.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="industries-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="industries-title" className="mb-6 text-3xl font-bold">
          Industry solutions
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {INDUSTRIES.map((industry) => (
            <li key={industry.name} className="card">
              <h3 className="mb-2 font-semibold">{industry.name}</h3>
              <p className="text-slate-700">{industry.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <Testimonials title="What our customers say" items={SERVICE_TESTIMONIALS} />
      <section aria-labelledby="cta-title" className="mx-auto max-w-4xl px-4 py-12 text-center print:hidden">
        <h2 id="cta-title" className="mb-3 text-3xl font-bold">
          Ready to send your first parcel?
        </h2>
        <p className="mb-6 text-slate-700">Create a free account to book and follow shipments, or look up a parcel you are expecting.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/register" className="btn-primary">
            Create an account
          </Link>
          <Link to="/track" className="btn-secondary">
            Track a parcel
          </Link>
          <Link to="/pricing" className="btn-secondary">
            See business plans
          </Link>
        </div>
      </section>
    </main>
  );
}

/**
 * Express, Standard and Same Day. Without JavaScript the three are anchored sections one after
 * another and the tab row links to them; with it they become an ARIA tab list showing one at
 * a time, the one the address names (#same-day or ?tab=same-day) first.
 */
function ServiceLevels() {
  const hydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<TabbedService>(() => tabFrom(location.hash.slice(1)) ?? tabFrom(searchParams.get("tab")) ?? "express");
  const scrollPending = useRef(false);
  const sectionRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Partial<Record<TabbedService, HTMLButtonElement | null>>>({});

  // A link to /services#standard (the footer's) opens that tab and shows it.
  useEffect(() => {
    const fromHash = tabFrom(location.hash.slice(1));
    if (!fromHash) return;
    setSelected(fromHash);
    scrollPending.current = true;
  }, [location.hash, location.key]);

  useEffect(() => {
    if (!hydrated || !scrollPending.current) return;
    scrollPending.current = false;
    sectionRef.current?.scrollIntoView({ block: "start" });
  }, [hydrated, selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = SERVICE_TABS.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SERVICE_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = SERVICE_TABS[(moves[event.key]! + SERVICE_TABS.length) % SERVICE_TABS.length]!.id;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section ref={sectionRef} aria-labelledby="levels-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="levels-title" className="mb-2 text-3xl font-bold">
        Choose your speed
      </h2>
      <p className="mb-6 text-slate-700">
        Prices are starting prices: what you pay depends on the weight, the route and the options you add, and the shipment form shows the full price
        before you confirm.
      </p>
      {hydrated ? (
        <div role="tablist" aria-label="Delivery services" className="mb-6 flex flex-wrap gap-2 print:hidden">
          {SERVICE_TABS.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[tab.id] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={tab.id === selected}
              aria-controls={tab.id}
              tabIndex={tab.id === selected ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              onKeyDown={onKeyDown}
              className={tabClass(tab.id === selected)}
            >
              {tab.name}
            </button>
          ))}
        </div>
      ) : (
        <nav aria-label="Delivery services" className="mb-6 print:hidden">
          <ul className="flex flex-wrap gap-2">
            {SERVICE_TABS.map((tab) => (
              <li key={tab.id}>
                <a href={`#${tab.id}`} className={tabClass(false)}>
                  {tab.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="space-y-6">
        {SERVICE_TABS.map((tab) => (
          <ServicePanel key={tab.id} tab={tab} asTab={hydrated} hidden={hydrated && tab.id !== selected} />
        ))}
      </div>
    </section>
  );
}

function tabClass(selected: boolean): string {
  return `inline-flex rounded-full border px-5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    selected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
  }`;
}

function ServicePanel({ tab, asTab, hidden }: { tab: ServiceTab; asTab: boolean; hidden: boolean }) {
  const tabProps = asTab ? { role: "tabpanel", "aria-labelledby": `tab-${tab.id}`, tabIndex: 0 } : { "aria-labelledby": `${tab.id}-title` };
  return (
    // Hidden by a class, not the hidden attribute, so that a printout still has every service.
    <section
      id={tab.id}
      {...tabProps}
      className={`card scroll-mt-24 gap-6 md:grid-cols-[2fr_1fr] print:break-inside-avoid ${hidden ? "hidden print:grid" : "grid"}`}
    >
      <div>
        <h3 id={`${tab.id}-title`} className="mb-1 text-2xl font-bold">
          {tab.name}
        </h3>
        <p className="mb-3 font-medium text-brand-700">{tab.tagline}</p>
        <p className="mb-4 text-slate-700">{tab.description}</p>
        <ul className="list-disc space-y-1 pl-5 text-slate-800">
          {tab.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      <div className="space-y-3 rounded-lg bg-slate-50 p-4">
        <dl className="space-y-3">
          <div>
            <dt className="text-sm text-slate-700">Starting price</dt>
            <dd className="text-3xl font-bold text-brand-700">From {formatDollars(tab.startingPrice)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Delivery time</dt>
            <dd className="font-semibold">{tab.deliveryTime}</dd>
          </div>
        </dl>
        <Link to="/register" className="btn-primary w-full print:hidden">
          Ship with {tab.name}
        </Link>
      </div>
    </section>
  );
}
