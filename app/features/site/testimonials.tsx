import { useTranslation } from "react-i18next";

/** A row of customer quotes under a heading; the caller gives them translated. */
export function Testimonials({ title, items }: { title: string; items: readonly { quote: string; name: string; role: string }[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-16 print:py-4">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-title" className="mb-8 text-center text-3xl font-bold">
          {title}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.name} className="card">
              <figure>
                <blockquote className="mb-4 text-slate-800">{t("“{{quote}}”", { quote: item.quote })}</blockquote>
                <figcaption>
                  <span className="block font-semibold">{item.name}</span>
                  <span className="text-sm text-slate-600">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
