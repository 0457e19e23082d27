import type { ReactNode } from "react";

/** The banner that opens a marketing page: its one h1 and a lead paragraph; plain black on white in print. */
export function PageHero({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-600 py-12 text-white sm:py-16 print:bg-none print:py-2 print:text-slate-900">
      <div className="mx-auto max-w-6xl px-4">
        <h1 className="mb-3 text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="max-w-2xl text-lg text-brand-50 print:text-slate-800">{lead}</p>
        {children}
      </div>
    </section>
  );
}
