// The words the courier pages' behaviours write (scan.ts, position.ts, proof-capture.ts,
// offline.ts): the server-rendered markup gives them in the page's language as JSON in a
// `data-*-words` attribute; a word it leaves out is the English one.

/** The words of `element`'s `data-…-words` attribute (`key` is its dataset name), over the English ones. */
export function wordsOf<Words extends object>(element: HTMLElement, key: string, english: Words): Words {
  try {
    const given = JSON.parse(element.dataset[key] ?? "{}") as Partial<Words> | null;
    return { ...english, ...(given && typeof given === "object" ? given : {}) };
  } catch {
    return english;
  }
}

/** `text` with each `{{name}}` replaced by its value. */
export function fillIn(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
