// The public pages (docs/product.md section 2), as a visitor without JavaScript gets them: each answers
// with a title and description, the footer's anchors land on sections, the FAQ and pricing
// work from the query string, and the legal pages state what the app really does.
import { describe, expect, it } from "vitest";
import { COOKIES, LEGAL_LAST_UPDATED } from "~/features/site/legal";
import { REMEMBERED_SESSION_MS, SESSION_COOKIE, SHORT_SESSION_MS } from "~/features/accounts/session.server";
import { createUser } from "./fixtures";
import { get, pageText, post } from "./requests";
import { unsupportedFigures } from "../stated-figures";
import { SLIDES } from "~/features/site/home-slides";

async function html(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The page without what it renders hidden (the FAQ keeps every question, hiding those left out). */
async function shown(page: string): Promise<string> {
  const rewriter = new HTMLRewriter().on("[hidden]", {
    element(element) {
      element.remove();
    },
  });
  return rewriter.transform(new Response(page)).text();
}

/** The text of the page's <main>, tags dropped. */
function mainText(page: string): string {
  const main = page.slice(page.indexOf("<main"), page.indexOf("</main>"));
  return main.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

const PAGES = ["/services", "/pricing", "/about", "/contact", "/faq", "/privacy", "/terms", "/cookies", "/shipping-terms", "/refund-policy"];

describe("public pages", () => {
  it("each answers 200 with one h1, its own title and a description, and no 'Coming soon'", async () => {
    const titles = new Set<string>();
    for (const path of PAGES) {
      const page = await html(path);
      const title = /<title>([^<]+)<\/title>/.exec(page)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(page, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(page.match(/<h1[ >]/g), path).toHaveLength(1);
      expect(page, path).not.toContain("Coming soon");
    }
    expect(titles.size).toBe(PAGES.length);
  });

  it("has a section for every anchor the footer links to", async () => {
    const services = await html("/services");
    for (const id of ["express", "standard", "international", "same-day", "freight", "logistics"]) expect(services).toContain(`id="${id}"`);
    const faq = await html("/faq");
    expect(faq).toMatch(/<section id="shipping"/);
    // A question's anchor is its answer, inside its <details> (the browser opens that for the link).
    for (const id of ["returns", "claims"]) {
      expect(faq).toMatch(new RegExp(`<details[^>]*data-faq-question="${id}"[^>]*>[\\s\\S]*?<div id="${id}"`));
    }
  });

  it("states the services' starting prices as 'from' prices: the lowest the tariff charges", async () => {
    const text = mainText(await html("/services"));
    for (const price of ["From $12.99", "From $5.99", "From $45"]) expect(text).toContain(price);
    expect(text).toContain("Prices are starting prices");
  });
});

describe("prices, delivery times and limits as the pages render them", () => {
  it("are only ones the pricing and delivery modules apply, on /, /services, /pricing and /faq", async () => {
    const pages = [
      ...SLIDES.map((_, index) => `/?slide=${index + 1}`),
      "/services",
      "/pricing",
      "/pricing?billing=yearly&plan=premium",
      "/faq",
    ];
    for (const path of pages) {
      const page = await html(path);
      const description = /<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? "";
      expect(unsupportedFigures(`${description} ${mainText(page)}`), path).toEqual([]);
    }
  });
});

describe("the home page in the reader's language", () => {
  it("speaks Spanish to Accept-Language: es and French to ?lng=fr: headings, prices, navigation, footer and <html lang>", async () => {
    const spanish = await pageText(await get("/", { "Accept-Language": "es-ES,es;q=0.9,en;q=0.5" }));
    expect(spanish).toContain('<html lang="es"');
    expect(mainText(spanish)).toContain("Entregas que puedes seguir paso a paso");
    expect(spanish).toMatch(/<h2 id="track-title"[^>]*>Rastrea tu paquete<\/h2>/);
    expect(mainText(spanish)).toContain("Desde 12,99 US$");
    expect(spanish).toMatch(/<nav aria-label="Principal"[\s\S]*?>Servicios<\/a>[\s\S]*?>Precios<\/a>/);
    expect(spanish).toContain("Todos los derechos reservados.");
    expect(spanish).toContain(">Política de privacidad</a>");
    expect(spanish).not.toContain("Track your package");

    const french = await pageText(await get("/?lng=fr", { "Accept-Language": "es" }));
    expect(french).toContain('<html lang="fr"');
    expect(mainText(french)).toContain("Des livraisons à suivre pas à pas");
    expect(french).toMatch(/<h2 id="track-title"[^>]*>Suivez votre colis<\/h2>/);
    expect(mainText(french)).toContain("À partir de 12,99 $US");
    expect(french).toMatch(/<nav aria-label="Principale"[\s\S]*?>Services<\/a>[\s\S]*?>Tarifs<\/a>/);
    expect(french).toContain("Tous droits réservés.");
    expect(french).toContain(">Politique de confidentialité</a>");
    expect(french).not.toContain("Why people ship with us");
  });
});

describe("the site's long content in the reader's language", () => {
  it("speaks Spanish to Accept-Language: es and French to ?lng=fr on /about and /services", async () => {
    const about = await pageText(await get("/about", { "Accept-Language": "es" }));
    expect(about).toMatch(/<h2 id="mission-title"[^>]*>Nuestra misión<\/h2>/);
    expect(mainText(about)).toContain("Enviar un paquete debería ser tan fácil como enviar un correo electrónico");
    expect(about).not.toContain("Our core values");
    const aboutFr = await pageText(await get("/about?lng=fr", { "Accept-Language": "es" }));
    expect(aboutFr).toMatch(/<h2 id="timeline-title"[^>]*>Notre histoire<\/h2>/);
    expect(mainText(aboutFr)).toContain("Chaque colis est traité comme s'il était le nôtre");

    const services = await pageText(await get("/services", { "Accept-Language": "es" }));
    expect(services).toMatch(/<h2 id="levels-title"[^>]*>Elige tu rapidez<\/h2>/);
    expect(mainText(services)).toContain("Desde 12,99 US$");
    expect(services).not.toContain("Industry solutions");
    const servicesFr = mainText(await pageText(await get("/services?lng=fr")));
    expect(servicesFr).toContain("Solutions par secteur");
    expect(servicesFr).toContain("Les droits et taxes sont payés par le destinataire");
  });

  it("reads /faq in Spanish and French and searches the words of the page's language", async () => {
    const faq = await pageText(await get("/faq", { "Accept-Language": "es" }));
    expect(faq).toMatch(/<h1[^>]*>Preguntas frecuentes<\/h1>/);
    expect(faq).toMatch(/<h2 id="security-title"[^>]*>Seguridad y reclamaciones<\/h2>/);
    expect(mainText(faq)).toContain("Cada envío tiene una cobertura básica de 100 US$.");
    expect(faq).toContain('data-faq-count-some="{{found}} de {{all}} preguntas"');
    expect(faq).not.toContain("How long does delivery take?");
    const customs = mainText(await pageText(await get("/faq?lng=es&q=aduana", { "Accept-Language": "en" })));
    expect(customs).toMatch(/\b1 de \d+ preguntas/);

    const faqFr = await pageText(await get("/faq?lng=fr&q=douane"));
    expect(faqFr).toMatch(/<label for="faq-q"[^>]*>Rechercher une question<\/label>/);
    expect(mainText(faqFr)).toMatch(/\b1 sur \d+ questions/);
    expect(mainText(faqFr)).toContain("Qui paie les droits de douane et les taxes ?");
  });

  it("reads the legal pages in Spanish and French: headings, the date, the cookie table and sentences built from the facts", async () => {
    const cookies = await pageText(await get("/cookies", { "Accept-Language": "es" }));
    expect(cookies).toMatch(/<title>Política de cookies \| [^<]+<\/title>/);
    expect(cookies).toMatch(/<h1[^>]*>Política de cookies<\/h1>/);
    expect(cookies).toContain(`<time dateTime="${LEGAL_LAST_UPDATED}">23 de noviembre de 2026</time>`);
    expect(cookies).toMatch(/<h2 id="other-storage-title"[^>]*>Otros datos que se guardan en tu navegador<\/h2>/);
    const cookieTable = mainText(cookies);
    for (const cookie of COOKIES) expect(cookieTable).toContain(cookie.name);
    expect(cookieTable).toContain("Mantiene tu sesión iniciada.");
    expect(cookieTable).toContain("(Lunes - Viernes 9:00 - 18:00, Sábado 10:00 - 16:00, Domingo cerrado).");
    expect(cookies).not.toContain("How long it stays");
    const shipping = mainText(await pageText(await get("/shipping-terms", { "Accept-Language": "es" })));
    expect(shipping).toContain("Un paquete puede pesar hasta 70 lb (32 kg), sin ningún lado de más de 48 pulgadas (122 cm).");
    expect(shipping).toContain("100 US$ en el plan Básico, 500 US$ en el plan Estándar y 2000 US$ en el plan Premium");

    const privacy = await pageText(await get("/privacy?lng=fr", { "Accept-Language": "es" }));
    expect(privacy).toContain('<html lang="fr"');
    expect(privacy).toMatch(/<h1[^>]*>Politique de confidentialité<\/h1>/);
    expect(privacy).toMatch(/<h2 id="your-rights-title"[^>]*>Vos droits<\/h2>/);
    expect(privacy).toContain(`<time dateTime="${LEGAL_LAST_UPDATED}">23 novembre 2026</time>`);
    expect(mainText(privacy)).toContain("Nous accusons réception des demandes sous 2 heures pendant les heures ouvrées");
    const terms = mainText(await pageText(await get("/terms?lng=fr")));
    expect(terms).toContain("100 $US pour tout envoi, la couverture de la formule pour une formule entreprise (100 $US avec la formule Basique, 500 $US avec la formule Standard et 2 000 $US avec la formule Premium)");
    expect(terms).toContain("Les réclamations doivent nous parvenir dans un délai de 30 jours");
    expect(terms).not.toContain("Our liability");
  });
});

describe("FAQ without JavaScript", () => {
  it("filters by category and by a search word from the query string", async () => {
    const international = mainText(await shown(await html("/faq?category=international")));
    expect(international).toContain("Which countries do you deliver to?");
    expect(international).toContain("Who pays customs duties and taxes?");
    expect(international).not.toContain("How do I track my parcel?");
    expect(international).toContain("2 of 12 questions");

    const search = mainText(await shown(await html("/faq?q=insurance")));
    expect(search).toContain("Is my parcel insured, and how do I make a claim?");
    expect(search).not.toContain("Why has my tracking not changed?");
    expect(search).not.toContain("No questions found");
  });

  it("says 'No questions found' for nonsense and keeps what was typed", async () => {
    const page = await html("/faq?q=xyzzy+plugh&category=pricing");
    expect(mainText(await shown(page))).toContain("No questions found");
    expect(page).toContain('value="xyzzy plugh"');
    // The category stays chosen: its chip is the current one and the search form carries it.
    expect(page).toContain('<input type="hidden" name="category" value="pricing"/>');
    expect(page).toMatch(/<a href="\/faq\?q=xyzzy\+plugh&amp;category=pricing" aria-current="page"/);
  });
});

describe("pricing without JavaScript", () => {
  it("shows monthly prices and Standard selected by default", async () => {
    const text = mainText(await html("/pricing"));
    for (const price of ["$29 /month", "$79 /month", "$199 /month"]) expect(text).toContain(price);
    expect(text).toContain("Standard selected");
    expect(text).toContain("$2 for each shipment beyond 50 a month");
    expect(text).toContain("$1.50 for each shipment beyond 200 a month");
  });

  it("shows yearly billing as floor(yearly / 12) a month with the saving, keeping the chosen plan", async () => {
    const text = mainText(await html("/pricing?billing=yearly&plan=premium"));
    for (const price of ["$24 /month", "$65 /month", "$165 /month"]) expect(text).toContain(price);
    for (const saving of ["Save $58", "Save $158", "Save $398"]) expect(text).toContain(saving);
    expect(text).toContain("Premium selected");
    expect(text).toContain("Selected: Premium , billed yearly: $165 a month ($1,990 a year)");
  });

  it("takes the chosen plan and billing to registration in a plain link", async () => {
    const page = await html("/pricing?billing=yearly&plan=basic");
    expect(page).toMatch(/<a class="btn-primary print:hidden"[^>]*href="\/register\?plan=basic&amp;billing=yearly">Get started with Basic<\/a>/);
  });

  it("lists only add-ons both shipment forms sell", async () => {
    const text = mainText(await html("/pricing"));
    for (const addOn of ["Signature confirmation", "Fragile handling"]) expect(text).toContain(addOn);
    for (const gone of ["Same-day delivery", "International express"]) expect(text).not.toContain(gone);
  });

  it("falls back to the defaults for unknown values", async () => {
    const text = mainText(await html("/pricing?billing=weekly&plan=gold"));
    expect(text).toContain("$79 /month");
    expect(text).toContain("Standard selected");
  });
});

describe("legal pages", () => {
  it("carry the last-updated date", async () => {
    for (const path of ["/privacy", "/terms", "/cookies", "/shipping-terms", "/refund-policy"]) {
      expect(await html(path)).toContain(`<time dateTime="${LEGAL_LAST_UPDATED}">November 23, 2026</time>`);
    }
  });

  it("list every cookie the app sets, with the lifetimes the code gives them", async () => {
    const user = await createUser();
    const signIn = await post("/login", { email: user.email, password: user.password, remember: "on" });
    const consent = await post("/cookie-consent", { choice: "accepted", redirectTo: "/" });
    const chat = await post("/support/chat", { intent: "start", email: "cookies@example.com" });
    const set = [...signIn.headers.getSetCookie(), ...consent.headers.getSetCookie(), ...chat.headers.getSetCookie()].map((cookie) => cookie.split("=")[0]);
    // The time zone hint and its test cookie are written by the inline script every page carries.
    const script = /<script[^>]*>([^<]*canSetCookies[^<]*)<\/script>/.exec(await html("/"))?.[1] ?? "";
    const fromScript = [...script.matchAll(/name: "([^"]+)"|document\.cookie = "(\w+)=1/g)].map((match) => match[1] ?? match[2]);
    expect(fromScript).toEqual(["canSetCookies", "CH-time-zone"]);
    expect(script).toContain("Max-Age=31536000");
    expect(new Set([...set, ...fromScript])).toEqual(new Set(COOKIES.map((cookie) => cookie.name)));

    const sessionCookie = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(sessionCookie).toContain(`Max-Age=${REMEMBERED_SESSION_MS / 1000}`);
    expect(REMEMBERED_SESSION_MS / 86_400_000).toBe(30);
    expect(SHORT_SESSION_MS / 86_400_000).toBe(1);

    const policy = mainText(await html("/cookies"));
    for (const cookie of COOKIES) expect(policy).toContain(cookie.name);
    expect(policy).toContain("30 days");
    expect(policy).toContain("1 year");
  });

  it("state the FAQ's claim facts and the company's contacts from the settings", async () => {
    const shipping = mainText(await html("/shipping-terms"));
    for (const fact of ["70 lbs (32 kg)", "no side longer than 48 inches (122 cm)", "up to $100", "up to $50,000", "within 30 days of the estimated delivery date", "220 countries"]) {
      expect(shipping).toContain(fact);
    }
    const privacy = mainText(await html("/privacy"));
    expect(privacy).toContain("support@swiftparcel.example");
    expect(privacy).toContain("Deleted after 1 day");
  });
});
