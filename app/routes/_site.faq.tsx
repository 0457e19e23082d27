import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { metaT } from "~/features/languages/translate";
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQ_ENTRIES, type FaqCategory, type FaqEntry } from "~/features/site/faq";
import { enhanceFaqFilter } from "~/features/site/faq-filter";
import { PageHero } from "~/features/site/page-hero";
import { FAQ_COUNT_TEXTS, faqCountText, faqFilterFrom, faqSearchString, MAX_FAQ_QUERY_LENGTH, searchFaq, type FaqCategoryFilter } from "~/features/site/faq-search";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "faq");
  return [
    { title: t("Frequently Asked Questions | {{company}}", { company: companyNameOf(matches) }) },
    {
      name: "description",
      content: t("Answers about parcel sizes and weights, delivery times, tracking, prices and plans, international shipping, customs, insurance and claims."),
    },
  ];
};

export default function FaqPage() {
  const [searchParams] = useSearchParams();
  const filter = faqFilterFrom(searchParams);
  const { t } = useTranslation("faq");
  // The questions, answers and category names in the page's language, which the search looks through.
  const entries: FaqEntry[] = FAQ_ENTRIES.map((entry) => ({ ...entry, question: t(entry.question), answer: entry.answer.map((paragraph) => t(paragraph)) }));
  const labels = Object.fromEntries(FAQ_CATEGORIES.map((category) => [category, t(FAQ_CATEGORY_LABELS[category])])) as Record<FaqCategory, string>;
  const categoryOptions: { value: FaqCategoryFilter; label: string }[] = [
    { value: "all", label: t("All") },
    ...FAQ_CATEGORIES.map((category) => ({ value: category, label: labels[category] })),
  ];
  // Left with their {{found}} and {{all}}, for faq-filter.ts to fill in as the visitor types.
  const countTexts = { all: t(FAQ_COUNT_TEXTS.all, { all: "{{all}}" }), some: t(FAQ_COUNT_TEXTS.some, { found: "{{found}}", all: "{{all}}" }) };
  const found = new Set(searchFaq(entries, filter, labels).map((entry) => entry.id));
  // Run again when the address names another question (a link to /faq#claims on this page).
  const page = useBehaviour(enhanceFaqFilter, [useLocation().hash]);
  return (
    <main id="main" ref={page}>
      <PageHero title={t("Frequently Asked Questions")} lead={t("Quick answers about sending, tracking, prices, international delivery and claims.")} />
      <div className="mx-auto max-w-4xl px-4 py-10">
        <Form
          method="get"
          action="/faq"
          role="search"
          aria-label={t("Questions")}
          className="card mb-8 space-y-4 print:hidden"
          data-faq-filter
        >
          <div>
            <label htmlFor="faq-q" className="label">
              {t("Search questions")}
            </label>
            <div className="flex gap-2">
              <input
                id="faq-q"
                name="q"
                type="search"
                defaultValue={filter.q}
                maxLength={MAX_FAQ_QUERY_LENGTH}
                placeholder={t("e.g. customs, insurance, weight")}
                className="input min-w-0 flex-1"
              />
              <button type="submit" className="btn-primary">
                {t("Search")}
              </button>
            </div>
          </div>
          {/* The chips are links: a tap shows the category, with or without JavaScript, and the
              hidden field keeps it while a search word is typed and sent. */}
          {filter.category === "all" ? null : <input type="hidden" name="category" value={filter.category} />}
          <nav aria-labelledby="faq-categories">
            <p id="faq-categories" className="label">
              {t("Category")}
            </p>
            <ul className="flex flex-wrap gap-2">
              {categoryOptions.map((option) => {
                const current = filter.category === option.value;
                return (
                  <li key={option.value}>
                    <a
                      href={`/faq${faqSearchString({ q: filter.q, category: option.value })}`}
                      aria-current={current ? "page" : undefined}
                      className={`inline-flex rounded-full border px-4 py-1.5 text-sm font-semibold ${current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"}`}
                    >
                      {option.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        </Form>

        <p role="status" className="mb-4 text-slate-700" data-faq-count data-faq-count-all={countTexts.all} data-faq-count-some={countTexts.some}>
          {faqCountText(found.size, entries.length, countTexts)}
        </p>
        {/* Every question is in the page (with its keywords), those the filter leaves out
            hidden, so that faq-filter.ts can follow the typing without asking the server. */}
        <NoQuestionsFound hidden={found.size > 0} />
        <QuestionsByCategory entries={entries} labels={labels} found={found} />

        <section aria-labelledby="still-title" className="card mt-10 text-center print:hidden">
          <h2 id="still-title" className="mb-2 text-xl font-semibold">
            {t("Still have a question?")}
          </h2>
          <p className="mb-4 text-slate-700">{t("Write to us and a person will answer, usually within two hours during business hours.")}</p>
          <Link to="/contact" className="btn-primary">
            {t("Contact us")}
          </Link>
        </section>
      </div>
    </main>
  );
}

function QuestionsByCategory({ entries, labels, found }: { entries: readonly FaqEntry[]; labels: Record<FaqCategory, string>; found: ReadonlySet<string> }) {
  return (
    <div className="space-y-8">
      {FAQ_CATEGORIES.map((category) => {
        const inCategory = entries.filter((entry) => entry.category === category);
        return (
          <section
            key={category}
            id={category}
            aria-labelledby={`${category}-title`}
            className="scroll-mt-24"
            hidden={!inCategory.some((entry) => found.has(entry.id))}
          >
            <h2 id={`${category}-title`} className="mb-3 text-2xl font-bold">
              {labels[category]}
            </h2>
            <div className="space-y-3">
              {inCategory.map((entry) => (
                <details
                  key={entry.id}
                  hidden={!found.has(entry.id)}
                  data-faq-question={entry.id}
                  data-faq-keywords={entry.keywords.join("|")}
                  className="group scroll-mt-24 rounded-lg border border-slate-200 bg-white shadow-sm has-[:target]:ring-2 has-[:target]:ring-brand-600 print:break-inside-avoid"
                >
                  <summary className="flex items-center justify-between gap-4 px-5 py-4 font-semibold">
                    {entry.question}
                    <span aria-hidden="true" className="shrink-0 text-brand-700 transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  {/* The link's target (/faq#claims) is the answer itself: a browser opens the
                      <details> around a fragment's target, with or without JavaScript. */}
                  <div id={entry.id} className="scroll-mt-40 space-y-2 px-5 pb-4 text-slate-700">
                    {entry.answer.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function NoQuestionsFound({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation("faq");
  return (
    <div className="card text-center" hidden={hidden} data-faq-none>
      <h2 className="mb-2 text-xl font-semibold">{t("No questions found")}</h2>
      <p className="mb-4 text-slate-700">{t("Try other words or another category, or ask us directly.")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/faq" className="btn-secondary">
          {t("Show all questions")}
        </Link>
        <Link to="/contact" className="btn-primary">
          {t("Contact us")}
        </Link>
      </div>
    </div>
  );
}
