// The look of a tab: the services page renders them as links, tabs.ts as tabs.
export function tabClass(selected: boolean): string {
  return `inline-flex rounded-full border px-5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    selected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
  }`;
}
