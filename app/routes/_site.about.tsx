import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { ABOUT_STATS, CORE_VALUES, MISSION, TIMELINE } from "~/features/site/about";
import { PageHero } from "~/features/site/page-hero";
import { useRootData } from "~/components/root-data";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf, FALLBACK_COMPANY_NAME } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "about");
  return [
    { title: t("About Us | {{company}}", { company: companyNameOf(matches) }) },
    {
      name: "description",
      content: t("Who we are: a parcel delivery company serving 220+ countries, rated 4.8 by customers. Our mission, our values and how we grew."),
    },
  ];
};

export default function AboutPage() {
  const companyName = useRootData()?.site.companyName ?? FALLBACK_COMPANY_NAME;
  const { t } = useTranslation("about");
  return (
    <main id="main">
      <PageHero title={t("About {{company}}", { company: companyName })} lead={t("We move parcels for people and businesses, and we show you every step of the way.")} />

      <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="stats-title" className="sr-only">
          {t("{{company}} in numbers", { company: companyName })}
        </h2>
        <dl className="grid gap-4 text-center sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT_STATS.map((stat) => (
            <div key={stat.label} className="card flex flex-col-reverse">
              <dt className="text-slate-700">{t(stat.label)}</dt>
              <dd className="text-4xl font-bold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="mission-title" className="bg-white py-12 print:py-4">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="mission-title" className="mb-4 text-3xl font-bold">
            {t(MISSION.title)}
          </h2>
          {MISSION.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mb-3 text-lg text-slate-800">
              {t(paragraph)}
            </p>
          ))}
        </div>
      </section>

      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="values-title" className="mb-6 text-3xl font-bold">
          {t("Our core values")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CORE_VALUES.map((value) => (
            <li key={value.title} className="card">
              <h3 className="mb-2 text-lg font-semibold">{t(value.title)}</h3>
              <p className="text-slate-700">{t(value.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="timeline-title" className="bg-white py-12 print:py-4">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="timeline-title" className="mb-6 text-3xl font-bold">
            {t("Our story")}
          </h2>
          <ol className="space-y-6 border-l-2 border-brand-600 pl-6">
            {TIMELINE.map((milestone) => (
              <li key={milestone.year} className="relative print:break-inside-avoid">
                <span aria-hidden="true" className="absolute -left-[1.95rem] top-1.5 h-3 w-3 rounded-full bg-brand-600" />
                <p className="text-sm font-semibold text-brand-700">{milestone.year}</p>
                <h3 className="text-lg font-semibold">{t(milestone.title)}</h3>
                <p className="text-slate-700">{t(milestone.text)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="next-title" className="mx-auto max-w-4xl px-4 py-12 text-center print:hidden">
        <h2 id="next-title" className="mb-3 text-3xl font-bold">
          {t("Ship with us")}
        </h2>
        <p className="mb-6 text-slate-700">{t("See what we deliver, open an account in a minute, or ask us anything.")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/services" className="btn-secondary">
            {t("Our services")}
          </Link>
          <Link to="/register" className="btn-primary">
            {t("Create an account")}
          </Link>
          <Link to="/contact" className="btn-secondary">
            {t("Contact us")}
          </Link>
        </div>
      </section>
    </main>
  );
}
