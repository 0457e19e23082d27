import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LEGAL_LAST_UPDATED, type LegalBlock, type LegalBuilder, type SiteFacts } from "~/features/site/legal";
import { useLocale, useRootData } from "~/components/root-data";
import { FALLBACK_COMPANY_NAME } from "~/components/company-name";

const FALLBACK_SITE: SiteFacts = { companyName: FALLBACK_COMPANY_NAME, supportEmail: "", supportPhone: "", supportAddress: "" };

/** "November 23, 2026" ("23 de noviembre de 2026") from "2026-11-23", the same in every time zone. */
function longDate(isoDate: string, locale: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** A legal page: its title and date, a table of contents, the sections and related pages. */
export function LegalPage({ document: build }: { document: LegalBuilder }) {
  const { t } = useTranslation("legal");
  const locale = useLocale();
  const doc = build(useRootData()?.site ?? FALLBACK_SITE, t, locale);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 print:py-0">
      <h1 className="mb-2 text-3xl font-bold sm:text-4xl">{doc.title}</h1>
      <p className="mb-6 text-sm text-slate-700">
        <Trans t={t} i18nKey="Last updated: <time>{{date}}</time>" values={{ date: longDate(LEGAL_LAST_UPDATED, locale) }} components={{ time: <time dateTime={LEGAL_LAST_UPDATED} /> }} />
      </p>
      <p className="mb-8 text-lg text-slate-800">{doc.intro}</p>
      <nav aria-label={t("On this page")} className="mb-10 rounded-lg border border-slate-200 bg-white p-5 print:hidden">
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700">{t("On this page")}</h2>
        <ol className="list-decimal space-y-1 pl-5">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="link">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10">
        {doc.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
            <h2 id={`${section.id}-title`} className="mb-3 text-2xl font-bold">
              {section.heading}
            </h2>
            <div className="space-y-4 text-slate-800">
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
      <nav aria-label={t("Related pages")} className="mt-12 border-t border-slate-200 pt-6 print:hidden">
        <h2 className="mb-2 text-lg font-semibold">{t("Related")}</h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {doc.related.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-5">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "table":
      return <ResponsiveTable table={block} />;
  }
}

/** A table on wide screens and paper; one card per row on a phone, where four columns would not fit. */
function ResponsiveTable({ table }: { table: Extract<LegalBlock, { kind: "table" }> }) {
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-sm sm:table print:table">
        <caption className="mb-2 text-left font-semibold">{table.caption}</caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            {table.head.map((heading) => (
              <th key={heading} scope="col" className="px-2 py-2 align-bottom font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]} className="border-b border-slate-200 align-top print:break-inside-avoid">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-2 py-2 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-2 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="space-y-3 sm:hidden print:hidden">
        <p className="font-semibold">{table.caption}</p>
        {table.rows.map((row) => (
          <dl key={row[0]} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            {row.map((cell, index) => (
              <Fragment key={index}>
                <dt className={`font-semibold ${index > 0 ? "mt-2 text-slate-700" : ""}`}>{table.head[index]}</dt>
                <dd className={index === 0 ? "font-medium" : ""}>{cell}</dd>
              </Fragment>
            ))}
          </dl>
        ))}
      </div>
    </>
  );
}
