// The catalogs kept honest (app/locales/<language>/<namespace>.json): the same keys in every
// language, with the plural forms each language needs and the same placeholders and markup; no
// key that no code uses; no key used in code missing; and no words shown to people written
// straight into a component instead of going through the catalogs.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";

const ROOT = join(__dirname, "../../..");
const LOCALES = join(ROOT, "app/locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Catalog = Record<string, string>;
const catalogs = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      readdirSync(join(LOCALES, language))
        .filter((file) => file.endsWith(".json"))
        .map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")) as Catalog]),
    ),
  ]),
) as Record<(typeof LANGUAGES)[number], Record<string, Catalog>>;

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, "");
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).filter((name) => name !== "count"))].sort();
const markup = (text: string) => [...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((match) => match[0]!.replace(/\s/g, "")).sort();

/** The keys a language needs for English's `keys`: a plural key in each of the language's plural forms. */
function expectedKeys(language: string, keys: string[]): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Set<string>();
  for (const key of keys) {
    if (PLURAL_SUFFIX.test(key)) for (const category of categories) expected.add(`${baseKey(key)}_${category}`);
    else expected.add(key);
  }
  return [...expected].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}
const files = sourceFiles(join(ROOT, "app")).map((path) => ({ path: relative(ROOT, path), source: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true) }));

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Every string and template literal in the app's code, the templates as patterns. */
const literals = new Set<string>();
const templates: RegExp[] = [];
/** Keys handed to t(), tk(), i18nKey. */
const usedKeys = new Map<string, string>();
for (const { path, source } of files) {
  walk(source, (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
    if (ts.isTemplateExpression(node)) {
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      templates.push(new RegExp(`^${escape(node.head.text)}${node.templateSpans.map((span) => `.+${escape(span.literal.text)}`).join("")}$`, "s"));
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ["t", "tk"].includes(node.expression.text)) {
      const [first] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) usedKeys.set(first.text, path);
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === "i18nKey" && node.initializer && ts.isStringLiteral(node.initializer)) usedKeys.set(node.initializer.text, path);
  });
}

const englishKeys = new Set(Object.values(catalogs.en).flatMap((catalog) => Object.keys(catalog).map(baseKey)));

describe("the catalogs", () => {
  it("hold the same namespaces in every language", () => {
    for (const language of LANGUAGES) expect(Object.keys(catalogs[language]).sort(), language).toEqual(Object.keys(catalogs.en).sort());
  });

  it("hold every English key in every language, in each of its plural forms, and nothing else", () => {
    for (const [namespace, english] of Object.entries(catalogs.en)) {
      for (const language of LANGUAGES) {
        expect(Object.keys(catalogs[language][namespace] ?? {}).sort(), `${language}/${namespace}.json`).toEqual(expectedKeys(language, Object.keys(english)));
      }
    }
  });

  it("give every key a text with the English text's placeholders and markup", () => {
    for (const [namespace, english] of Object.entries(catalogs.en)) {
      for (const language of LANGUAGES) {
        for (const [key, text] of Object.entries(catalogs[language][namespace] ?? {})) {
          const source = english[key] ?? english[`${baseKey(key)}_other`] ?? "";
          expect(typeof text === "string" && text.trim() !== "", `${language}/${namespace}: "${key}" is empty`).toBe(true);
          expect(placeholders(text), `${language}/${namespace}: "${key}"`).toEqual(placeholders(source));
          expect(markup(text), `${language}/${namespace}: "${key}"`).toEqual(markup(source));
        }
      }
    }
  });

  it("hold no key that no code uses", () => {
    const unused = [...englishKeys].filter((key) => !literals.has(key) && !templates.some((pattern) => pattern.test(key)));
    expect(unused).toEqual([]);
  });

  it("hold every key the code translates", () => {
    const missing = [...usedKeys].filter(([key]) => !englishKeys.has(key)).map(([key, path]) => `${path}: "${key}"`);
    expect(missing).toEqual([]);
  });
});

// Words a component may show as they are: names and symbols that read the same in every language.
const ALLOWED_TEXT = new Set(["SwiftParcel", "English", "Español", "Français", "×", "▾", "→", "←", "·", "—", "N/A", "QR", "PDF", "CSV", "API", "OpenAPI", "JSON", "Webhooks"]);

/** Attributes people read or hear. */
const READ_ATTRIBUTES = new Set(["aria-label", "title", "alt", "placeholder", "aria-description", "label"]);

function untranslated(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !ALLOWED_TEXT.has(text.trim());
  walk(source, (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && hasWords(node.initializer.text)) {
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    if (ts.isJsxExpression(node) && node.expression && (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) && hasWords(node.expression.text) && ts.isJsxElement(node.parent)) {
      found.push(node.expression.text);
    }
  });
  return found;
}

describe("components", () => {
  it("show no words outside the catalogs", () => {
    const found = files
      .filter(({ path }) => path.endsWith(".tsx"))
      .flatMap(({ path, source }) => untranslated(source).map((text) => `${path}: ${text}`));
    expect(found).toEqual([]);
  });
});
