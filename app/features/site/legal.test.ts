// The legal pages in every language: each sentence the documents are built from has its
// translation (a figure changed in a rule module changes a fact-built key, which then needs
// its Spanish and French again), and the figures read as each language writes them.
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { resources, translator } from "~/features/languages/i18n.server";
import { LANGUAGES, LOCALES } from "~/features/languages/languages";
import { cookiePolicy, privacyPolicy, refundPolicy, shippingTerms, termsOfService, type LegalDocument, type SiteFacts } from "./legal";

const SITE: SiteFacts = { companyName: "SwiftParcel", supportEmail: "support@swiftparcel.example", supportPhone: "+1 555 0100", supportAddress: "1 Harbour Road, Springfield" };
const BUILDERS = [cookiePolicy, privacyPolicy, termsOfService, shippingTerms, refundPolicy];

/** Every text of `doc`, one string. */
const textOf = (doc: LegalDocument) => JSON.stringify(doc);

/** The documents in `language`, and the keys of the "legal" namespace they asked for that its catalog lacks. */
function documentsIn(language: (typeof LANGUAGES)[number]) {
  const catalog = resources[language].legal ?? {};
  const translate = translator(language, "legal");
  const missing: string[] = [];
  const t = ((key: string, options?: { ns?: string; count?: number }) => {
    const held = options?.count === undefined ? key in catalog : `${key}_other` in catalog;
    if (!options?.ns && !held) missing.push(key);
    return translate(key, options);
  }) as TFunction;
  return { docs: BUILDERS.map((build) => build(SITE, t, LOCALES[language])), missing };
}

describe("the legal pages' catalogs", () => {
  for (const language of LANGUAGES) {
    it(`hold every sentence of the five documents in ${language}`, () => {
      expect(documentsIn(language).missing).toEqual([]);
    });
  }

  it("read in English exactly as the sentences are written", () => {
    const shipping = textOf(documentsIn("en").docs[3]!);
    expect(shipping).toContain("A parcel may weigh up to 70 lbs (32 kg), with no side longer than 48 inches (122 cm).");
    expect(shipping).toContain("Shipments on a business plan are covered up to the plan's amount: $100 on Basic, $500 on Standard and $2,000 on Premium.");
    expect(shipping).toContain("Contact us within 30 days of the estimated delivery date");
  });

  it("write money, lists, units, percentages and business hours as Spanish and French do", () => {
    const [cookiesEs, , termsEs, shippingEs] = documentsIn("es").docs.map(textOf);
    expect(shippingEs).toMatch(/Un paquete puede pesar hasta 70\slb \(32\skg\), sin ningún lado de más de 48\spulgadas \(122\scm\)\./);
    expect(shippingEs).toMatch(/cubiertos hasta el importe del plan: 100\sUS\$ en el plan Básico, 500\sUS\$ en el plan Estándar y 2000\sUS\$ en el plan Premium\./);
    expect(termsEs).toMatch(/por el 1\s%/);
    expect(cookiesEs).toContain("(Lunes - Viernes 9:00 - 18:00, Sábado 10:00 - 16:00, Domingo cerrado).");

    const [, , termsFr, shippingFr, refundsFr] = documentsIn("fr").docs.map(textOf);
    expect(shippingFr).toMatch(/sans qu'aucun côté dépasse 48\spouces \(122\scm\)/);
    expect(shippingFr).toMatch(/100\s\$US avec la formule Basique, 500\s\$US avec la formule Standard et 2\s000\s\$US avec la formule Premium/);
    expect(shippingFr).toContain("Lendemain le jour ouvré suivant");
    expect(termsFr).toContain("Dimanche fermé");
    expect(refundsFr).toContain("Nous en accusons réception sous 2 heures pendant les heures ouvrées.");
  });
});
