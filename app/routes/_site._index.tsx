import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { useLocale, useRootData } from "~/components/root-data";
import { Testimonials } from "~/features/site/testimonials";
import { TrackingForm } from "~/features/tracking/tracking-form";
import { SLIDE_IMAGE_SIZE, SLIDES, slideHref } from "~/features/site/home-slides";
import { enhanceSlides, type SlideCopy } from "~/features/site/slides";
import { homeServices } from "~/features/site/home-services";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf, FALLBACK_COMPANY_NAME } from "~/components/company-name";
import { tk } from "~/features/languages/languages";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "site");
  return [
    { title: t("{{company}}: fast parcel delivery and real-time tracking", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Send parcels to more than 220 countries with express, standard and international delivery, and track every step online.") },
  ];
};


const FEATURES = [
  { title: tk("Real-time tracking"), text: tk("Status, location and history for every parcel, shareable with one link.") },
  { title: tk("Insured and secure"), text: tk("Declared-value cover on every shipment, signature on delivery when you need it.") },
  { title: tk("On time, every time"), text: tk("Business-day estimates that skip weekends, and alerts if anything changes.") },
  { title: tk("24/7 support"), text: tk("People and an assistant that knows your shipment, day and night.") },
];


/** Customers' words in the page's language; the first names the company as the settings call it. */
const testimonials = (t: TFunction<"site">, companyName: string) => [
  {
    quote: t("Our online shop ships 300 parcels a week with {{company}}. Customers love the tracking page.", { company: companyName }),
    name: "Amara Okafor",
    role: t("Founder, Kente & Co."),
  },
  { quote: t("I sent my daughter's documents to Berlin and could follow them all the way. Arrived a day early."), name: "Daniel Reyes", role: t("Customer since 2023") },
  { quote: t("The pallet service saved our warehouse a full day of paperwork every week."), name: "Mei Lin", role: t("Operations lead, Northwind Supplies") },
];

export function loader({ request }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get("slide"));
  const slide = Number.isInteger(requested) && requested >= 1 && requested <= SLIDES.length ? requested - 1 : 0;
  return { slide };
}

export default function HomePage() {
  const { slide: initialSlide } = useLoaderData<typeof loader>();
  const { t } = useTranslation("site");
  const locale = useLocale();
  const root = useRootData();
  const signedIn = Boolean(root?.user);
  const companyName = root?.site.companyName ?? FALLBACK_COMPANY_NAME;
  return (
    <main id="main">
      <Hero key={initialSlide} initialSlide={initialSlide} />

      <section className="relative z-10 mx-auto -mt-12 max-w-3xl px-4" aria-labelledby="track-title">
        <div className="card shadow-lg">
          <h2 id="track-title" className="mb-3 text-xl font-semibold">
            {t("Track your package")}
          </h2>
          <TrackingForm size="large" />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-title">
        <h2 id="features-title" className="mb-8 text-center text-3xl font-bold">
          {t("Why people ship with us")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card">
              <h3 className="mb-2 font-semibold">{t(feature.title)}</h3>
              <p className="text-slate-700">{t(feature.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-16" aria-labelledby="services-title">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="services-title" className="mb-8 text-center text-3xl font-bold">
            {t("Our services")}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {homeServices(t, locale).map((service) => (
              <li key={service.id} className="card flex flex-col">
                <h3 className="mb-2 text-xl font-semibold">{service.title}</h3>
                <p className="mb-4 flex-1 text-slate-700">{service.text}</p>
                <p className="mb-4 text-lg font-bold text-brand-700">{service.price}</p>
                <Link to={`/services#${service.id}`} className="link">
                  <Trans t={t} i18nKey="Learn more<hidden> about {{service}}</hidden>" values={{ service: service.title }} components={{ hidden: <span className="sr-only" /> }} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="numbers-title">
        <h2 id="numbers-title" className="sr-only">
          {t("{{company}} in numbers", { company: companyName })}
        </h2>
        <dl className="grid gap-6 text-center sm:grid-cols-3">
          <div className="card">
            <dt className="text-slate-700">{t("Average customer rating")}</dt>
            <dd className="text-4xl font-bold text-brand-700">{(4.8).toLocaleString(locale)}</dd>
          </div>
          <div className="card">
            <dt className="text-slate-700">{t("Countries served")}</dt>
            <dd className="text-4xl font-bold text-brand-700">220+</dd>
          </div>
          <div className="card">
            <dt className="text-slate-700">{t("Support")}</dt>
            <dd className="text-4xl font-bold text-brand-700">24/7</dd>
          </div>
        </dl>
      </section>

      <Testimonials title={t("What our customers say")} items={testimonials(t, companyName)} />

      <section className="mx-auto max-w-4xl px-4 py-16 text-center" aria-labelledby="cta-title">
        <h2 id="cta-title" className="mb-3 text-3xl font-bold">
          {t("Ready to ship?")}
        </h2>
        <p className="mb-6 text-slate-700">{t("Create a free account to book shipments, print labels and follow every parcel.")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={signedIn ? "/dashboard" : "/register"} className="btn-primary">
            {t("Get Started")}
          </Link>
          <Link to="/auth/register" className="btn-secondary">
            {t("Create Account")}
          </Link>
          <Link to="/contact" className="btn-secondary">
            {t("Talk to sales")}
          </Link>
        </div>
      </section>
    </main>
  );
}

/**
 * Four slides. The controls are links (?slide=N); slides.ts switches them in place,
 * rotates them every 5 seconds unless paused or the reader prefers less motion, and adds Pause.
 * The words it writes come translated in the hero's data attributes.
 */
function Hero({ initialSlide }: { initialSlide: number }) {
  const { t } = useTranslation("site");
  const copy: SlideCopy[] = SLIDES.map((item, index) => ({
    counter: t("Slide {{number}} of {{total}}", { number: index + 1, total: SLIDES.length }),
    title: t(item.title),
    text: "count" in item ? t(item.text, { count: item.count }) : t(item.text),
  }));
  const slide = SLIDES[initialSlide]!;
  const shown = copy[initialSlide]!;
  const hero = useBehaviour(enhanceSlides);
  return (
    <section
      ref={hero}
      id="hero"
      aria-roledescription="carousel"
      aria-label={t("Highlights")}
      data-slides={initialSlide}
      data-slide-copy={JSON.stringify(copy)}
      data-play={t("Play")}
      data-pause={t("Pause")}
      className={`relative overflow-hidden bg-gradient-to-br ${slide.background} pb-24 pt-16 text-white transition-colors duration-700`}
    >
      {/* The slide's background: decorative, and in the HTML (not CSS) so that the browser
          fetches it at once, with a high priority, beside the stylesheet. */}
      <img
        src={slide.image}
        alt=""
        width={SLIDE_IMAGE_SIZE.width}
        height={SLIDE_IMAGE_SIZE.height}
        decoding="async"
        {...{ fetchpriority: "high" }}
        className="absolute inset-0 h-full w-full object-cover object-right max-md:opacity-30"
        data-slide-image
      />
      <div className="relative mx-auto max-w-6xl px-4">
        <div aria-live="off" className="min-h-40" data-slide-text>
          <p className="sr-only">{shown.counter}</p>
          <h1 className="mb-4 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">{shown.title}</h1>
          <p className="mb-8 max-w-2xl text-lg text-sky-50">{shown.text}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3" data-slide-controls>
          <a href={slideHref(initialSlide - 1)} data-slide-step="-1" className="rounded-full bg-white/15 px-3 py-1.5 hover:bg-white/25" aria-label={t("Previous slide")}>
            ‹
          </a>
          <ul className="flex gap-2">
            {SLIDES.map((item, index) => (
              <li key={item.title}>
                <a
                  href={slideHref(index)}
                  data-slide={index}
                  aria-label={t("Show slide {{number}}", { number: index + 1 })}
                  aria-current={index === initialSlide ? "true" : undefined}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span className={`block h-3 w-3 rounded-full ${index === initialSlide ? "bg-white" : "bg-white/40"}`} />
                </a>
              </li>
            ))}
          </ul>
          <a href={slideHref(initialSlide + 1)} data-slide-step="1" className="rounded-full bg-white/15 px-3 py-1.5 hover:bg-white/25" aria-label={t("Next slide")}>
            ›
          </a>
        </div>
      </div>
    </section>
  );
}
