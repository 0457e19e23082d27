// A quote's or an invoice's line in the reader's language. Lines carry their English label (an
// invoice stores it), so the label is read back: a fixed one is its own key, one with a figure
// in it ("Weight (2.5 kg)", "Route (x1.5)") is its template with the figure in the reader's format.
import type { TFunction } from "i18next";
import { formatNumber, formatWeight } from "~/domain/format";

const FIGURED: readonly { pattern: RegExp; key: string; value: (figure: number, locale: string) => Record<string, string> }[] = [
  { pattern: /^Weight \((.+) kg\)$/, key: "Weight ({{weight}})", value: (figure, locale) => ({ weight: formatWeight(figure, locale) }) },
  { pattern: /^Route \(x(.+)\)$/, key: "Route (x{{factor}})", value: (figure, locale) => ({ factor: formatNumber(figure, locale) }) },
  { pattern: /^Package type \(x(.+)\)$/, key: "Package type (x{{factor}})", value: (figure, locale) => ({ factor: formatNumber(figure, locale) }) },
];

/** `label` in the language of `t` (the shipments catalog holds the lines' words). */
export function quoteLineText(label: string, t: TFunction, locale: string): string {
  for (const { pattern, key, value } of FIGURED) {
    const figure = pattern.exec(label)?.[1];
    if (figure !== undefined && Number.isFinite(Number(figure))) return t(key, { ns: "shipments", ...value(Number(figure), locale) });
  }
  return t(label, { ns: "shipments" });
}
