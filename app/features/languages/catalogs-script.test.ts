// What a hydrating page carries of its catalogs: English only the entries that differ from their
// key, yet the browser's i18next says exactly what the whole catalog says.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { catalogsScript, type InlineCatalogs } from "./catalogs-script";
import { I18N_OPTIONS } from "./languages";

type Catalog = Record<string, string>;
const LOCALES = join(__dirname, "../../locales");
const load = (language: string): Record<string, Catalog> =>
  Object.fromEntries(
    readdirSync(join(LOCALES, language))
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")) as Catalog]),
  );

function inline(html: string): InlineCatalogs {
  const json = /<script type="application\/json" id="i18n-catalogs" nonce="n1">(.*)<\/script>$/.exec(html)?.[1];
  return JSON.parse(json!) as InlineCatalogs;
}

async function translatorWith(resources: Record<string, Catalog>) {
  const instance = i18next.createInstance();
  await instance.init({ ...I18N_OPTIONS, lng: "en", ns: Object.keys(resources), resources: { en: resources }, initImmediate: false });
  return instance;
}

describe("catalogsScript", () => {
  const english = load("en");
  const namespaces = Object.keys(english);

  it("sends of English only the entries that differ from their key", () => {
    const sent = inline(catalogsScript("en", namespaces, english, "n1"));
    const all = Object.values(english).reduce((sum, catalog) => sum + Object.keys(catalog).length, 0);
    const travelled = Object.values(sent.catalogs).reduce((sum, catalog) => sum + Object.keys(catalog).length, 0);
    expect(travelled).toBeGreaterThan(0);
    expect(travelled).toBeLessThan(all / 5);
    for (const catalog of Object.values(sent.catalogs)) for (const [key, value] of Object.entries(catalog)) expect(value).not.toBe(key);
  });

  it("lets the browser say every English key as the whole catalog says it, plurals and values included", async () => {
    const whole = await translatorWith(english);
    const sent = await translatorWith(inline(catalogsScript("en", namespaces, english, "n1")).catalogs);
    for (const [namespace, catalog] of Object.entries(english)) {
      for (const key of Object.keys(catalog)) {
        const base = key.replace(/_(one|other)$/, "");
        for (const count of [1, 2, 1500]) {
          const options = { ns: namespace, count, id: "SWP1", name: "Ann", company: "SwiftParcel" };
          expect(sent.t(base, options), `${namespace}: ${base}`).toBe(whole.t(base, options));
        }
      }
    }
  });

  it("sends other languages' catalogs whole, with common always, and escapes what could end the element", () => {
    const spanish = load("es");
    const sent = inline(catalogsScript("es", ["admin"], { ...spanish, admin: { ...spanish.admin, "</script>": "</script>" } }, "n1"));
    expect(Object.keys(sent.catalogs).sort()).toEqual(["admin", "common"]);
    expect(sent.catalogs.common).toEqual(spanish.common);
    expect(sent.catalogs.admin?.["</script>"]).toBe("</script>");
  });
});
