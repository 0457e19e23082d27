import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQ_ENTRIES, type FaqEntry } from "~/content/faq";
import { PageHero } from "~/components/page-hero";
import { faqFilterFrom, faqSearchString, MAX_FAQ_QUERY_LENGTH, searchFaq, type FaqCategoryFilter, type FaqFilter } from "~/domain/faq-search";

export const meta: MetaFunction = () => [
  { title: "Frequently Asked Questions | SwiftParcel" },
  {
    name: "description",
    content: "Answers about parcel sizes and weights, delivery times, tracking, prices and plans, international shipping, customs, insurance and claims.",
  },
];

const CATEGORY_OPTIONS: { value: FaqCategoryFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...FAQ_CATEGORIES.map((category) => ({ value: category, label: FAQ_CATEGORY_LABELS[category] })),
];

/**
 * The URL's filter, and the one the visitor is typing. Without JavaScript the GET form reloads
 * the page with the new query; with it the list follows every keystroke and the address
 * catches up 300 ms after the last one, so the filtered view can still be linked to.
 */
function useFaqFilter(): [FaqFilter, (filter: FaqFilter) => void, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = faqFilterFrom(searchParams);
  const urlKey = faqSearchString(fromUrl);
  const [filter, setFilter] = useState(fromUrl);
  const written = useRef(urlKey);

  // A link elsewhere on the site (the header's FAQ, a footer anchor) resets the filter.
  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    setFilter(faqFilterFrom(new URLSearchParams(urlKey)));
  }, [urlKey]);

  const writeUrl = (next: FaqFilter) => {
    const key = faqSearchString(next);
    if (key === written.current) return;
    written.current = key;
    setSearchParams(new URLSearchParams(key), { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    const timer = window.setTimeout(() => writeUrl(filter), 300);
    return () => window.clearTimeout(timer);
  }, [filter]);

  return [filter, setFilter, () => writeUrl(filter)];
}

export default function FaqPage() {
  const [filter, setFilter, writeNow] = useFaqFilter();
  const found = searchFaq(FAQ_ENTRIES, filter);
  useOpenTargetedQuestion();
  return (
    <main id="main">
      <PageHero title="Frequently Asked Questions" lead="Quick answers about sending, tracking, prices, international delivery and claims." />
      <div className="mx-auto max-w-4xl px-4 py-10">
        <Form
          method="get"
          action="/faq"
          role="search"
          aria-label="Questions"
          className="card mb-8 space-y-4 print:hidden"
          preventScrollReset
          onSubmit={(event) => {
            event.preventDefault();
            writeNow();
          }}
        >
          <div>
            <label htmlFor="faq-q" className="label">
              Search questions
            </label>
            <div className="flex gap-2">
              <input
                id="faq-q"
                name="q"
                type="search"
                value={filter.q}
                maxLength={MAX_FAQ_QUERY_LENGTH}
                onChange={(event) => setFilter({ ...filter, q: event.target.value })}
                placeholder="e.g. customs, insurance, weight"
                className="input min-w-0 flex-1"
              />
              <button type="submit" className="btn-primary">
                Search
              </button>
            </div>
          </div>
          <fieldset>
            <legend className="label">Category</legend>
            <div className="flex flex-wrap gap-2">
              {CATEGORY_OPTIONS.map((option) => (
                <label key={option.value} className="cursor-pointer">
                  <input
                    type="radio"
                    name="category"
                    value={option.value}
                    checked={filter.category === option.value}
                    onChange={() => setFilter({ ...filter, category: option.value })}
                    className="peer sr-only"
                  />
                  <span className="inline-flex rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold text-slate-800 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                    {option.label}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </Form>

        <p role="status" className="mb-4 text-slate-700">
          {found.length === FAQ_ENTRIES.length ? `All ${found.length} questions` : `${found.length} of ${FAQ_ENTRIES.length} questions`}
        </p>
        {found.length === 0 ? <NoQuestionsFound /> : <QuestionsByCategory entries={found} />}

        <section aria-labelledby="still-title" className="card mt-10 text-center print:hidden">
          <h2 id="still-title" className="mb-2 text-xl font-semibold">
            Still have a question?
          </h2>
          <p className="mb-4 text-slate-700">Write to us and a person will answer, usually within two hours during business hours.</p>
          <Link to="/contact" className="btn-primary">
            Contact us
          </Link>
        </section>
      </div>
    </main>
  );
}

function QuestionsByCategory({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="space-y-8">
      {FAQ_CATEGORIES.map((category) => {
        const inCategory = entries.filter((entry) => entry.category === category);
        if (inCategory.length === 0) return null;
        return (
          <section key={category} id={category} aria-labelledby={`${category}-title`} className="scroll-mt-24">
            <h2 id={`${category}-title`} className="mb-3 text-2xl font-bold">
              {FAQ_CATEGORY_LABELS[category]}
            </h2>
            <div className="space-y-3">
              {inCategory.map((entry) => (
                <details
                  key={entry.id}
                  id={entry.id}
                  className="group scroll-mt-24 rounded-lg border border-slate-200 bg-white shadow-sm target:ring-2 target:ring-brand-600 print:break-inside-avoid"
                >
                  <summary className="flex items-center justify-between gap-4 px-5 py-4 font-semibold">
                    {entry.question}
                    <span aria-hidden="true" className="shrink-0 text-brand-700 transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <div className="space-y-2 px-5 pb-4 text-slate-700">
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

function NoQuestionsFound() {
  return (
    <div className="card text-center">
      <h2 className="mb-2 text-xl font-semibold">No questions found</h2>
      <p className="mb-4 text-slate-700">Try other words or another category, or ask us directly.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/faq" className="btn-secondary">
          Show all questions
        </Link>
        <Link to="/contact" className="btn-primary">
          Contact us
        </Link>
      </div>
    </div>
  );
}

/** With JavaScript, a link to a question (/faq#claims) also opens its answer. */
function useOpenTargetedQuestion() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [hash]);
}
