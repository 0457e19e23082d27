// /admin/settings: the operator settings, validated, recorded, and used from the next request on.
import { eq, isNotNull, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, exchangeRates, invoices, outbox, settings, shipments, users } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { SYSTEM_ACTOR } from "~/.server/events";
import { createShipment } from "~/features/shipments/shipments.server";
import { RATE_FORM_MESSAGES } from "~/features/settings/settings-form";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { get, pageText as html, post, withoutCatalogs } from "./requests";

let admin: string;
let customer: string;

beforeAll(async () => {
  await seedDemoData();
  admin = `${await signedInCookie(SEED_USER_IDS.admin)}`;
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

const VALID = {
  companyName: "Northwind Parcel",
  trackingPrefix: "nwp",
  supportEmail: "help@northwind.example",
  supportPhone: "+44 117 496 0000",
  supportAddress: "1 Quay Street, Bristol BS1 4DJ, United Kingdom",
  defaultCurrency: "GBP",
  taxRate: "20",
};

function current() {
  return db.select().from(settings).where(eq(settings.id, 1)).get();
}

function settingsEvents() {
  return db.select().from(events).where(eq(events.type, "settings.updated"));
}

describe("settings: guards", () => {
  it("sends visitors and customers to the admin sign-in, also through .data and by direct POST, changing nothing", async () => {
    const before = await current();
    for (const cookie of [undefined, customer]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const page = await get("/admin/settings", headers);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      expect(await (await get("/admin/settings.data", headers)).text()).not.toContain(before!.supportAddress);
      const write = await post("/admin/settings", VALID, headers);
      expect(write.status).toBe(302);
      expect(write.headers.get("Location")).toMatch(/^\/admin\/login/);
      const data = await post("/admin/settings.data", VALID, headers);
      expect(data.status).not.toBe(200);
    }
    expect(await current()).toEqual(before);
    expect(await settingsEvents()).toEqual([]);
  });
});

describe("settings: the form", () => {
  it("shows the current settings in labelled fields", async () => {
    const page = await html(await get("/admin/settings", { Cookie: admin }));
    expect(page).toContain("System settings");
    for (const label of ["Company name", "Tracking prefix", "Support e-mail", "Support phone", "Support address", "Default currency", "Tax rate (%)"]) {
      expect(page).toContain(`>${label}</label>`);
    }
    expect(page).toMatch(/name="trackingPrefix"[^>]*value="SWP"|value="SWP"[^>]*name="trackingPrefix"/);
  });

  it("refuses bad input with every message at once and a 400, changing nothing", async () => {
    const before = await current();
    const response = await post(
      "/admin/settings",
      { companyName: " ", trackingPrefix: "AB1", supportEmail: "nope", supportPhone: "call me", supportAddress: "x".repeat(301), defaultCurrency: "XXX", taxRate: "150" },
      { Cookie: admin },
    );
    expect(response.status).toBe(400);
    const page = await html(response);
    for (const message of [
      "Please enter the company name",
      "The tracking prefix must be exactly three letters (A-Z)",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "The support address must be at most 300 characters",
      "Please choose a currency from the list",
      "Please enter a tax rate from 0 to 100 (%), with at most two decimals",
    ]) {
      expect(page).toContain(message);
    }
    const huge = await post("/admin/settings", { ...VALID, companyName: "N".repeat(100_000) }, { Cookie: admin });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await current()).toEqual(before);
    expect(await settingsEvents()).toEqual([]);
  });

  it("refuses a line break, a tab or any other control character in a one-line setting with its message, changing nothing", async () => {
    const before = await current();
    for (const [field, value, message] of [
      ["companyName", "Northwind\r\nBcc: everyone@example.com", "Company name must be one line, without tabs or control characters"],
      ["companyName", "Northwind\tParcel", "Company name must be one line, without tabs or control characters"],
      ["companyName", "Northwind\u0085Parcel", "Company name must be one line, without tabs or control characters"],
      ["supportPhone", "+44 117\n496 0000", "Support phone must be one line, without tabs or control characters"],
      ["supportAddress", "1 Quay Street\u009bBristol", "Support address must not contain control characters"],
    ] as const) {
      const response = await post("/admin/settings", { ...VALID, [field]: value }, { Cookie: admin });
      expect(response.status, field).toBe(400);
      expect(await html(response)).toContain(message);
    }
    expect(await current()).toEqual(before);
    expect(await settingsEvents()).toEqual([]);
  });

  it("saves, records who changed what, and uses the new values at once: footer, tracking IDs, default currency, tax and mail", async () => {
    const response = await post("/admin/settings", VALID, { Cookie: admin });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings");
    expect(await current()).toMatchObject({
      companyName: "Northwind Parcel",
      trackingPrefix: "NWP",
      supportEmail: "help@northwind.example",
      defaultCurrency: "GBP",
      taxRateBasisPoints: 2000,
    });
    const [recorded, ...more] = await settingsEvents();
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({ entityType: "settings", entityId: "1", actorUserId: SEED_USER_IDS.admin });
    expect(JSON.parse(recorded!.data).changes).toMatchObject({
      companyName: { from: "SwiftParcel", to: "Northwind Parcel" },
      trackingPrefix: { from: "SWP", to: "NWP" },
      taxRateBasisPoints: { from: 0, to: 2000 },
    });

    const home = await html(await get("/"));
    expect(home).toContain("Northwind Parcel");
    expect(home).toContain("help@northwind.example");
    expect(home).toContain("1 Quay Street, Bristol BS1 4DJ, United Kingdom");
    // The name a person reads is the settings' one everywhere: titles, descriptions, the home
    // page's figures and testimonial, "New to ...?", the newsletter pages and the admin sidebar.
    const text = (page: string) => page.replaceAll("<!-- -->", "");
    expect(home).toContain("<title>Northwind Parcel: fast parcel delivery and real-time tracking</title>");
    expect(text(home)).toContain("Northwind Parcel in numbers");
    expect(home).toContain("ships 300 parcels a week with Northwind Parcel");
    const login = await html(await get("/login"));
    expect(text(login)).toContain("New to Northwind Parcel?");
    expect(login).toMatch(/<meta name="description" content="[^"]*Northwind Parcel/);
    expect(await html(await get("/faq"))).toContain("<title>Frequently Asked Questions | Northwind Parcel</title>");
    expect(await html(await get("/newsletter"))).toMatch(/<meta name="description" content="[^"]*Northwind Parcel newsletter/);
    const dashboard = await html(await get("/admin/dashboard", { Cookie: admin }));
    expect(text(dashboard)).toContain("Northwind Parcel Admin");
    for (const page of [home, login, dashboard]) expect(withoutCatalogs(page)).not.toContain("SwiftParcel");
    // The printed analytics report names the company too.
    expect(await html(await get("/admin/analytics?period=30d&print=1", { Cookie: admin }))).toContain("Northwind Parcel analytics report: last 30 days");

    const created = await createShipment(serviceContext(), {
      actor: SYSTEM_ACTOR,
      shipment: {
        senderName: "Sam Sender",
        senderEmail: "sam.settings@example.com",
        senderCity: "Lyon",
        senderCountry: "FR",
        recipientName: "Ria Recipient",
        recipientEmail: "ria.settings@example.com",
        recipientCity: "Madrid",
        recipientCountry: "ES",
        cost: 1000,
        currency: "GBP",
      },
    });
    expect(created.trackingId).toMatch(/^NWP\d{6}[A-Z0-9]{6}$/);
    const invoice = await db.select().from(invoices).where(eq(invoices.id, created.invoiceId)).get();
    expect(invoice).toMatchObject({ subtotal: 1000, tax: 200, total: 1200 });
    const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, "ria.settings@example.com"));
    expect(`${mail!.subject}\n${mail!.body}`).toContain("Northwind Parcel");

    const newShipment = await html(await get("/admin/shipments/new", { Cookie: admin }));
    expect(newShipment).toMatch(/<option value="GBP" selected="">/);

    const form = await html(await get("/admin/settings", { Cookie: admin }));
    expect(form).toContain("Company name: SwiftParcel to Northwind Parcel");
    expect(form).toContain("Tax rate: 0% to 20%");
  });

  it("saving what is there changes nothing and says so", async () => {
    const before = (await settingsEvents()).length;
    const response = await post("/admin/settings", { ...VALID, trackingPrefix: "NWP" }, { Cookie: admin });
    expect(response.status).toBe(302);
    expect((await settingsEvents()).length).toBe(before);
  });
});

describe("the bell and /admin/notifications", () => {
  it("counts chats needing a response, unread messages, deletion requests and shipments in exception, with links", async () => {
    const page = await html(await get("/admin/notifications", { Cookie: admin }));
    const count = (pattern: RegExp) => Number(pattern.exec(page)?.[1] ?? "NaN");
    const counts = {
      chats: count(/(\d+) chat sessions? needs? a response/),
      messages: count(/(\d+) contact messages? (?:is|are) unread/),
      deletions: count(/(\d+) users? asked for their accounts? to be deleted/),
      exceptions: count(/(\d+) shipments? (?:is|are) in exception/),
    };
    expect(counts.exceptions).toBe(await db.$count(shipments, eq(shipments.status, "exception")));
    expect(counts.deletions).toBe(await db.$count(users, isNotNull(users.deletionRequestedAt)));
    for (const href of ["/admin/chat-support", "/admin/messages?state=unread", "/admin/users?deletion=requested", "/admin/shipments?status=exception"]) {
      expect(page).toContain(`href="${href}"`);
    }
    const total = counts.chats + counts.messages + counts.deletions + counts.exceptions;
    expect(page).toMatch(new RegExp(`aria-label="Notifications: ${total} items? needs? an admin"`));
    expect(page).toContain('href="/admin/notifications"');

    // A new deletion request and a shipment put in exception each add one.
    const asking = await createUser({ deletionRequestedAt: Date.now() });
    const [shipment] = await db.select().from(shipments).where(ne(shipments.status, "exception")).limit(1);
    await db.update(shipments).set({ status: "exception" }).where(eq(shipments.id, shipment!.id));
    const after = await html(await get("/admin/notifications", { Cookie: admin }));
    expect(after).toMatch(new RegExp(`aria-label="Notifications: ${total + 2} items need an admin"`));
    expect(Number(/(\d+) users? asked/.exec(after)?.[1])).toBe(counts.deletions + 1);
    expect(asking.id).toBeTruthy();
  });

  it("is for admins only, and Profile Settings stays in the admin layout", async () => {
    for (const cookie of [undefined, customer]) {
      const page = await get("/admin/notifications", cookie ? { Cookie: cookie } : undefined);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    const dashboard = await html(await get("/admin/dashboard", { Cookie: admin }));
    expect(dashboard).toContain('href="/admin/profile"');
    const profile = await html(await get("/admin/profile", { Cookie: admin }));
    expect(profile).toContain('aria-label="Admin"');
    expect(profile).toContain('href="/admin/profile?tab=security"');
    const saved = await post("/admin/profile?tab=notifications", { intent: "notifications", emailNotifications: "on" }, { Cookie: admin });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/profile?tab=notifications");
  });
});

describe("exchange rates on the settings page", () => {
  it("sets a currency's rate through the settings service, refuses bad input with every message, and is for admins only", async () => {
    const bad = await post("/admin/settings", { intent: "set-rate", currency: "USD", rate: "-1" }, { Cookie: admin });
    expect(bad.status).toBe(400);
    const page = await html(bad);
    expect(page).toContain(RATE_FORM_MESSAGES.currency);
    expect(page).toContain(RATE_FORM_MESSAGES.rate);
    const refused = await post("/admin/settings", { intent: "set-rate", currency: "EUR", rate: "0.5" }, { Cookie: customer });
    expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await db.select().from(exchangeRates).where(eq(exchangeRates.currency, "EUR")).get())?.rate).not.toBe(0.5);

    const saved = await post("/admin/settings", { intent: "set-rate", currency: "EUR", rate: "0.5" }, { Cookie: admin });
    expect(saved.status).toBe(302);
    expect((await db.select().from(exchangeRates).where(eq(exchangeRates.currency, "EUR")).get())?.rate).toBe(0.5);
    expect(await html(await get("/admin/settings", { Cookie: admin }))).toContain("1 USD = 0.5 EUR");
    const [recorded] = await db.select().from(events).where(eq(events.type, "settings.exchange_rates_changed"));
    expect(JSON.parse(recorded!.data).changes.EUR).toMatchObject({ to: 0.5 });
  });
});

describe("the back office and /developers in Spanish and French", () => {
  it("answers an admin's page, its form messages, the analytics file's header row and /developers in the reader's language, English left as it is", async () => {
    const spanish = await html(await get("/admin/settings", { Cookie: admin, "Accept-Language": "es-ES,es;q=0.9" }));
    expect(spanish).toContain('<html lang="es"');
    for (const text of ["Ajustes del sistema", "Guardar ajustes", "Tipos de cambio", "Cambios recientes", "Buscar un envío", ">Panel<", ">Analítica<", "Cerrar sesión"]) expect(spanish).toContain(text);
    expect(spanish).not.toContain(">Save settings<");

    // A refused save lists every message in the reader's language, from the shared messages catalog.
    const refusedSave = await html(await post("/admin/settings", { ...VALID, companyName: "", taxRate: "101" }, { Cookie: admin, "Accept-Language": "es" }));
    expect(refusedSave).toContain("Introduce el nombre de la empresa");
    expect(refusedSave).toContain("Introduce un tipo impositivo de 0 a 100 (%), con dos decimales como máximo");

    const french = await html(await get("/admin/analytics?period=30d", { Cookie: admin, "Accept-Language": "fr" }));
    expect(french).toContain('<html lang="fr"');
    for (const text of ["Statistiques", "Total des envois", "Chiffre d'affaires total", "Générer un rapport", "Principaux trajets", "30 derniers jours"]) expect(french).toContain(text);

    const file = await (await get("/admin/analytics/export?report=shipments&period=30d", { Cookie: admin, "Accept-Language": "es" })).text();
    expect(file.split("\r\n")[0]).toMatch(/^\uFEFF?Número de seguimiento,Creado \(UTC\),Estado,/);

    const developersFr = await html(await get("/developers?lng=fr"));
    expect(developersFr).toContain('<html lang="fr"');
    for (const text of ["Développeurs", "Obtenir une clé", "Réessayer sans risque", "Chaque clé peut faire 120 appels par minute", "curl "]) expect(developersFr).toContain(text);
    const developersEs = await html(await get("/developers", { "Accept-Language": "es" }));
    for (const text of ["Desarrolladores", "Consigue una clave", "Importar un archivo de envíos", "Cotizar un paquete"]) expect(developersEs).toContain(text);

    const english = await html(await get("/developers"));
    for (const text of ["Get a key", "Each key may make 120 calls a minute; past that the answer is 429 with Retry-After (seconds).", "Price a parcel"]) expect(english).toContain(text);
  });
});
