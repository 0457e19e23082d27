import { SELF } from "cloudflare:test";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, invoices, outbox, shipmentDrafts, shipmentPackages, shipments, trackingEvents } from "../../drizzle/schema";
import { SAMPLE_PACKAGE_STEP, SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { applyDraftStep, draftPricing, getDraft } from "~/features/shipments/shipment-drafts.server";
import { estimateDraft } from "~/features/shipments/customer-shipment";
import { SAME_DAY_ONE_CITY } from "~/features/shipments/same-day";
import { stepValues } from "~/features/shipments/shipment-steps";

/** A package step's fields as the route passes them on: parsed as Conform reads a form. */
function parsedStep(fields: Record<string, string>) {
  return stepValues(3, parseWithZod(new URLSearchParams(fields), { schema: z.object({}).passthrough() }).payload);
}

const BASE = "https://parcel.test";
const PAGE = "/dashboard/create-shipment";

const sender = SAMPLE_SENDER;
const recipient = SAMPLE_RECIPIENT;

const onePackage = SAMPLE_PACKAGE_STEP;

let customer: Awaited<ReturnType<typeof createUser>>;
let cookie: string;

beforeAll(async () => {
  customer = await createUser({ firstName: "Avery", lastName: "Quinn" });
  cookie = await signedInCookie(customer.id);
});

function get(path: string, as = cookie) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers: { Cookie: as } });
}

/** Posts a step's form as the browser does; `pageStep` is the step in the address. */
function post(step: number, intent: string, fields: Record<string, string> = {}, as = cookie, pageStep = step) {
  return SELF.fetch(`${BASE}${PAGE}?step=${pageStep}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: as, Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: String(step), intent, ...fields }),
  });
}

async function storedDraft(userId = customer.id) {
  const row = await db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, userId)).get();
  return row ? { step: row.step, data: JSON.parse(row.data) as Record<string, unknown> } : null;
}

describe("the four steps", () => {
  it("sends visitors to sign in first", async () => {
    const response = await SELF.fetch(`${BASE}${PAGE}?step=1`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`${PAGE}?step=1`)}`);
  });

  it("opens at step 1 with the sender's name and e-mail from the account", async () => {
    const start = await get(PAGE);
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe(`${PAGE}?step=1`);
    const html = await (await get(`${PAGE}?step=1`)).text();
    expect(html).toContain("Step 1 of 4");
    expect(html).toContain('value="Avery Quinn"');
    expect(html).toContain(`value="${customer.email}"`);
  });

  it("does not open a later step before the earlier ones have passed", async () => {
    const response = await get(`${PAGE}?step=3`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=1`);
  });

  it("keeps the first step of a new shipment as it is typed (with JavaScript), so a reload does not lose it", async () => {
    const newcomer = await createUser({ firstName: "Nia", lastName: "New" });
    const as = await signedInCookie(newcomer.id);
    // The page showed a draft not stored yet: revision 0.
    const response = await post(1, "save", { ...sender, senderCity: "Oakland", revision: "0" }, as);
    expect(response.status).toBe(200);
    expect((await storedDraft(newcomer.id))?.data).toMatchObject({ senderCity: "Oakland", senderName: sender.senderName });
    expect(await (await get(`${PAGE}?step=1`, as)).text()).toContain('value="Oakland"');

    // A page that showed a stored draft which has since become a shipment leaves no stray draft.
    await db.delete(shipmentDrafts).where(eq(shipmentDrafts.userId, newcomer.id));
    expect((await post(1, "save", { ...sender, revision: "1795132800000" }, as)).status).toBe(200);
    expect(await storedDraft(newcomer.id)).toBeNull();
  });

  it("answers a faulty step with 400 and the product's messages, showing what was typed and writing nothing", async () => {
    const before = await storedDraft();
    const response = await post(1, "next", { ...sender, senderName: "", senderPhone: "12", senderCity: "Oakland" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Sender name is required");
    expect(html).toContain("Please enter a valid phone number");
    expect(html).toContain('value="Oakland"');
    // A refused step changes nothing (issue 10): the page carries what was typed, the draft does not.
    expect(await storedDraft()).toEqual(before);
  });

  it("answers every field error of a step in Spanish under Accept-Language: es", async () => {
    const response = await SELF.fetch(`${BASE}${PAGE}?step=1`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es-ES,es;q=0.9" },
      body: new URLSearchParams({ step: "1", intent: "next", senderName: "", senderEmail: "x", senderPhone: "12", senderAddress: "", senderCity: "", senderCountry: "", senderPostalCode: "" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Paso 1 de 4: Datos del remitente");
    for (const message of [
      "El nombre del remitente es obligatorio",
      "Introduce un correo electrónico válido",
      "Introduce un número de teléfono válido",
      "La dirección del remitente es obligatoria",
      "La ciudad del remitente es obligatoria",
      "El país del remitente es obligatorio",
      "El código postal del remitente es obligatorio",
    ]) {
      expect(html).toContain(message);
    }
    const errors = [...html.matchAll(/<ul id="[^"]*-error"[^>]*>(.*?)<\/ul>/g)].map((match) => match[1]);
    expect(errors).toHaveLength(7);
    expect(errors.join(" ")).not.toMatch(/required|Please/);
  });

  it("moves on once the step passes", async () => {
    const response = await post(1, "next", sender);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=2`);
    expect(await storedDraft()).toMatchObject({ step: 2, data: { senderCity: "San Francisco" } });
    const html = await (await get(`${PAGE}?step=2`)).text();
    expect(html).toContain("Step 2 of 4");
  });

  it("goes back without checking, and keeps what was typed on the way", async () => {
    const response = await post(2, "previous", { ...recipient, recipientName: "", recipientCity: "Hamburg" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=1`);
    expect((await storedDraft())?.data).toMatchObject({ recipientCity: "Hamburg", recipientName: "" });
    // Back on step 2 later, the entries are there.
    const html = await (await get(`${PAGE}?step=2`)).text();
    expect(html).toContain('value="Hamburg"');
    expect(html).not.toContain("Recipient name is required");
  });

  it("shows the country's dialling code with the phone field once a country is chosen", async () => {
    const html = await (await get(`${PAGE}?step=1`)).text();
    expect(html).toContain("+1 is put in front for you.");
  });

  it("adds and removes packages, always keeping one", async () => {
    expect((await post(2, "next", recipient)).headers.get("Location")).toBe(`${PAGE}?step=3`);
    const added = await post(3, "add-package", { ...onePackage, "packages[0].weight": "" });
    expect(added.headers.get("Location")).toBe(`${PAGE}?step=3#package-2`);
    const draft = await storedDraft();
    expect(draft?.data.packages).toHaveLength(2);
    const html = await (await get(`${PAGE}?step=3`)).text();
    expect(html).toContain("Package 2");
    expect(html).toContain("Remove package 2");

    await post(3, "remove-package-1", { ...onePackage, "packages[1].description": "Lamp" });
    expect((await storedDraft())?.data.packages).toEqual([
      { description: "Books", weight: "2", length: "30", width: "20", height: "10", value: "40", quantity: "1" },
    ]);
    await post(3, "remove-package-0", onePackage);
    expect((await storedDraft())?.data.packages).toHaveLength(1);
  });

  it("checks each package's numbers", async () => {
    const response = await post(3, "next", { ...onePackage, "packages[0].weight": "0", "packages[0].value": "x", "packages[0].quantity": "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Valid weight is required");
    expect(html).toContain("Valid value is required");
    expect(html).not.toContain("Quantity must be at least 1");
  });

  it("refuses a package field sent as a list or a group, or a package sent as one value, with a 400 and a message before the page renders (issue 22)", async () => {
    const before = await storedDraft();
    const { "packages[0].weight": _weight, "packages[0].value": _value, ...rest } = onePackage;
    for (const name of ["packages[0].weight.x", "packages[0].weight[0]", "packages[0].weight[]", "packages[0].value.x", "packages[0].value[0]", "packages[0].value[]"]) {
      const reshaped = { ...rest, [name.startsWith("packages[0].weight") ? "packages[0].value" : "packages[0].weight"]: "2", [name]: "1" };
      for (const intent of ["next", "save"]) {
        const response = await post(3, intent, reshaped);
        expect(response.status, `${intent} ${name}`).toBe(400);
        expect(await response.text()).toContain(`The field &#34;${name}&#34; does not fit the form`);
      }
    }
    for (const name of ["packages", "packages[0]"]) {
      const response = await post(3, "next", { ...onePackage, [name]: "1" });
      expect(response.status, name).toBe(400);
      expect(await response.text()).toContain("it makes a single value of what is a list");
    }
    expect(await storedDraft()).toEqual(before);
  });

  it("keeps and prices what is on screen as it is typed, leaving the draft's revision alone", async () => {
    const revision = async () => (await db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, customer.id)).get())!.updatedAt;
    const before = await revision();
    const response = await post(3, "save", { ...onePackage, "packages[0].weight": "4" });
    expect(response.status).toBe(200);
    // (12.99 + 2.00) x 2 between regions = 29.98, Saturday 25.00, insurance 0.40: the answer's
    // estimate, which the form's behaviour shows in place of its own.
    const estimate = /<section[^>]*data-follows-draft="estimate"[^>]*>([\s\S]*?)<\/section>/.exec(await response.text())?.[1] ?? "";
    expect(estimate.replaceAll("<!-- -->", "")).toContain("Weight (4 kg)");
    expect(estimate).toContain("$55.38");
    expect(((await storedDraft())?.data.packages as { weight: string }[])[0]!.weight).toBe("4");
    expect(await revision()).toBe(before);
  });

  it("asks for the currency with the packages, before their declared values, and shows the estimate's breakdown on the review step", async () => {
    const packageStep = await (await get(`${PAGE}?step=3`)).text();
    expect((packageStep.match(/<option value="[A-Z]{3}"/g) ?? []).length).toBe(50);
    expect(packageStep.indexOf('name="currency"')).toBeLessThan(packageStep.indexOf('name="packages[0].value"'));
    expect(packageStep).toContain('In <span data-currency-code="">USD</span>, the currency chosen above.');
    expect((await post(3, "next", onePackage)).headers.get("Location")).toBe(`${PAGE}?step=4`);
    const html = (await (await get(`${PAGE}?step=4`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Cost estimate");
    for (const label of ["Base rate", "Weight (2 kg)", "Route (x2)", "Saturday", "Insurance (1% of declared value)", "$53.38"]) {
      expect(html, label).toContain(label);
    }
    expect(html).toContain("+49 30 5550 1234");
    expect(html).toContain("declared value 40 USD each");
    expect(html).not.toContain('name="currency"');
  });

  it("prices in another currency after 'Update estimate' (without JavaScript), converted at the settings' rate, and says so", async () => {
    const response = await post(3, "refresh", { ...onePackage, currency: "EUR" });
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=3`);
    const html = await (await get(`${PAGE}?step=3`)).text();
    // $52.98 of tariff at 0.87 is €46.09, plus insurance at 1% of the €40 declared: €46.49 (not €53.38).
    expect(html).toContain("€46.49");
    expect(html).toContain("Converted from USD at 1 USD = 0.87 EUR, the rate of Nov 20, 2026.");
    expect(html).toContain("Prices are in EUR. To see them in another currency or with other options, choose them and press Update estimate.");
    expect(html).toContain('In <span data-currency-code="">EUR</span>, the currency chosen above.');

    await post(3, "refresh", { ...onePackage, currency: "JPY" });
    const yen = await (await get(`${PAGE}?step=3`)).text();
    // $52.98 at 147 is ¥7,788.06: whole yen (the 1% of ¥40 declared rounds to nothing).
    expect(yen).toContain("¥7,788<");
    expect(yen).not.toMatch(/¥[\d,]+\.\d/);
  });

  it("refuses a currency that is not offered", async () => {
    const response = await post(3, "next", { ...onePackage, currency: "XYZ" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose a currency");
    expect((await post(3, "next", { ...onePackage, currency: "EUR" })).headers.get("Location")).toBe(`${PAGE}?step=4`);
    expect(await db.$count(shipments, eq(shipments.userId, customer.id))).toBe(0);
  });

  it("creates the shipment with its history, invoice, mail and audit record, then shows its tracking page", async () => {
    const response = await post(4, "create", { specialInstructions: "Leave at the door", referenceNumber: "" });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/track\/SWP\d{6}[A-Z0-9]{6}$/);
    expect(response.headers.get("Set-Cookie")).toContain("__Host-toast=");

    const trackingId = location.slice("/track/".length);
    const shipment = (await db.select().from(shipments).where(eq(shipments.trackingId, trackingId)).get())!;
    expect(shipment).toMatchObject({
      userId: customer.id,
      status: "pending",
      senderEmail: "avery@example.com",
      senderPhone: "+1 415 555-0134",
      recipientPhone: "+49 30 5550 1234",
      recipientState: null,
      deliveryOption: "weekend",
      insurance: true,
      currency: "EUR",
      cost: 4649,
      declaredValue: 4000,
      weightKg: 2,
      currentLocation: "Processing Center",
      specialInstructions: "Leave at the door",
      referenceNumber: null,
    });
    expect(shipment.estimatedDelivery).toBeGreaterThan(shipment.createdAt);

    const [history, packages, invoice, mails, created] = await Promise.all([
      db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, shipment.id)),
      db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, shipment.id)),
      db.select().from(invoices).where(eq(invoices.shipmentId, shipment.id)).get(),
      db.select().from(outbox).where(eq(outbox.kind, "shipment-created")),
      db.select().from(events).where(and(eq(events.entityId, shipment.id), eq(events.type, "shipment.created"))),
    ]);
    expect(history).toEqual([expect.objectContaining({ status: "pending", location: "Processing Center", actorUserId: customer.id })]);
    expect(packages).toEqual([expect.objectContaining({ description: "Books", weightKg: 2, value: 4000, quantity: 1 })]);
    expect(invoice).toMatchObject({ number: `INV-${trackingId}`, userId: customer.id, currency: "EUR", subtotal: 4649, tax: 0, total: 4649, status: "unpaid" });
    // The invoice keeps the rate the price was converted at, and shows it.
    expect(invoice).toMatchObject({ baseCurrency: "USD", exchangeRate: 0.87, exchangeRateSetAt: Date.UTC(2026, 10, 20) });
    const invoicePage = await (await get(`/invoices/${invoice!.id}`)).text();
    expect(invoicePage).toContain("1 USD = 0.87 EUR (Nov 20, 2026)");
    expect(invoicePage).toContain("€46.49");
    expect(JSON.parse(invoice!.lineItems).map((line: { label: string }) => line.label)).toContain("Saturday");
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["avery@example.com", "lena@example.com"]);
    expect(created).toHaveLength(1);
    // The mail was built from the event, in the same batch.
    expect(mails.map((mail) => mail.eventId)).toEqual([created[0]!.id, created[0]!.id]);
    // The draft has become the shipment.
    expect(await storedDraft()).toBeNull();

    const page = await (await get(location)).text();
    expect(page).toContain(trackingId);
    expect(page).toContain(`/invoices/${invoice!.id}`);
  });

  it("makes one shipment from one draft, however often the form is sent", async () => {
    const response = await post(4, "create", { currency: "EUR" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await db.$count(shipments, eq(shipments.userId, customer.id))).toBe(1);
  });

  it("starts a new draft afterwards", async () => {
    expect((await get(PAGE)).headers.get("Location")).toBe(`${PAGE}?step=1`);
    const html = await (await get(`${PAGE}?step=1`)).text();
    expect(html).toContain('value="Avery Quinn"');
    expect(html).not.toContain("San Francisco");
  });
});

describe("the final check", () => {
  it("sends the customer back to a step that no longer passes, with its messages", async () => {
    const other = await createUser();
    const as = await signedInCookie(other.id);
    await post(1, "next", sender, as);
    await post(2, "next", recipient, as);
    await post(3, "next", onePackage, as);
    // Step 2 is opened again by its address and left with a fault through Previous.
    await post(2, "previous", { ...recipient, recipientEmail: "not-an-address" }, as);
    const response = await post(4, "create", { currency: "USD" }, as);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=2&check=1`);
    const html = await (await get(`${PAGE}?step=2&check=1`, as)).text();
    expect(html).toContain("Please enter a valid email address");
    expect(await db.$count(shipments, eq(shipments.userId, other.id))).toBe(0);
    expect((await get(`${PAGE}?step=4`, as)).headers.get("Location")).toBe(`${PAGE}?step=2`);
  });

  it("lets a customer start over", async () => {
    const other = await createUser();
    const as = await signedInCookie(other.id);
    await post(1, "next", sender, as);
    const response = await post(2, "discard", {}, as);
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=1`);
    expect(await storedDraft(other.id)).toBeNull();
  });

  it("refuses an unknown intent or step with 400", async () => {
    expect((await post(1, "teleport", sender)).status).toBe(400);
    expect((await post(7, "next", sender, cookie, 1)).status).toBe(400);
  });
});

describe("how many shipments an account may create", () => {
  it("creates ten an hour, then answers 429 with the wait and keeps the draft", { timeout: 60_000 }, async () => {
    const sender = await createUser();
    const as = await signedInCookie(sender.id);
    const address = "198.51.100.201";
    const send = (step: number, intent: string, fields: Record<string, string> = {}) =>
      SELF.fetch(`${BASE}${PAGE}?step=${step}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: as, Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": address, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ step: String(step), intent, ...fields }),
      });
    const fillDraft = async () => {
      await send(1, "next", SAMPLE_SENDER);
      await send(2, "next", SAMPLE_RECIPIENT);
      await send(3, "next", onePackage);
    };
    for (let shipment = 0; shipment < 10; shipment += 1) {
      await fillDraft();
      const created = await send(4, "create", { currency: "USD" });
      expect(created.headers.get("Location")).toMatch(/^\/track\//);
    }
    await fillDraft();
    const refused = await send(4, "create", { currency: "USD" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toMatch(/Too many shipments have been created\. Please try again in \d+ (minutes?|hour)\./);
    expect(await db.$count(shipments, eq(shipments.userId, sender.id))).toBe(10);
    // Nothing typed is lost: the draft waits on the review step.
    expect(await storedDraft(sender.id)).toMatchObject({ step: 4 });
  });
});

describe("a shipment of several parcels", () => {
  it("shows each parcel's size to its owner on the tracking page and to admins on the receipt", async () => {
    const owner = await createUser();
    const as = await signedInCookie(owner.id);
    await post(1, "next", sender, as);
    await post(2, "next", recipient, as);
    const twoKinds = {
      ...onePackage,
      "packages[1].description": "Lamp",
      "packages[1].weight": "1.5",
      "packages[1].length": "15",
      "packages[1].width": "15",
      "packages[1].height": "40",
      "packages[1].value": "25",
      "packages[1].quantity": "2",
    };
    expect((await post(3, "next", twoKinds, as)).headers.get("Location")).toBe(`${PAGE}?step=4`);
    const location = (await post(4, "create", { currency: "USD" }, as)).headers.get("Location")!;
    const trackingId = location.slice("/track/".length);
    const shipment = (await db.select().from(shipments).where(eq(shipments.trackingId, trackingId)).get())!;
    // No one size for the whole shipment: the parcels carry them.
    expect([shipment.lengthCm, shipment.widthCm, shipment.heightCm]).toEqual([null, null, null]);

    const sizes = "30 × 20 × 10 cm, 15 × 15 × 40 cm ×2";
    const page = (await (await get(location, as)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(sizes);
    expect(page).toContain("15 × 15 × 40 cm");
    // A visitor with the tracking ID sees no parcels.
    expect((await (await get(location, "")).text()).replaceAll("<!-- -->", "")).not.toContain("30 × 20 × 10 cm");

    const admin = await createUser({ role: "admin" });
    const receipt = (await (await get(`/receipt/${shipment.id}`, await signedInCookie(admin.id))).text()).replaceAll("<!-- -->", "");
    expect(receipt).toContain(sizes);
  });
});

describe("what the customer's form sells (issue 23 item 6)", () => {
  const sameCity = { ...SAMPLE_RECIPIENT, recipientName: "Sam Courier", recipientAddress: "500 Howard St", recipientCity: "San Francisco", recipientCountry: "US", recipientPhone: "415 555-0199", recipientPostalCode: "94105" };

  async function toPackageStep(recipientStep: Record<string, string>) {
    const owner = await createUser();
    const as = await signedInCookie(owner.id);
    await post(1, "next", sender, as);
    await post(2, "next", recipientStep, as);
    return { owner, as };
  }

  it("sells Same Day within one city only, saying why on the service field", async () => {
    const { as } = await toPackageStep(recipient);
    const abroad = await post(3, "next", { ...onePackage, serviceType: "same_day" }, as);
    expect(abroad.status).toBe(400);
    expect(await abroad.text()).toContain(SAME_DAY_ONE_CITY);

    const { owner, as: local } = await toPackageStep(sameCity);
    expect((await post(3, "next", { ...onePackage, serviceType: "same_day" }, local)).headers.get("Location")).toBe(`${PAGE}?step=4`);
    const review = (await (await get(`${PAGE}?step=4`, local)).text()).replaceAll("<!-- -->", "");
    expect(review).toContain("Same Day service");
    expect((await storedDraft(owner.id))?.data.serviceType).toBe("same_day");
  });

  it("sends the customer back to the package step when the addresses no longer suit Same Day", async () => {
    const { owner, as } = await toPackageStep(sameCity);
    await post(3, "next", { ...onePackage, serviceType: "same_day" }, as);
    // The sender's city changed afterwards, on step 1.
    await post(1, "next", { ...sender, senderCity: "Oakland" }, as);
    const response = await post(4, "create", {}, as);
    expect(response.headers.get("Location")).toBe(`${PAGE}?step=3&check=1`);
    expect(await (await get(`${PAGE}?step=3&check=1`, as)).text()).toContain(SAME_DAY_ONE_CITY);
    expect(await db.$count(shipments, eq(shipments.userId, owner.id))).toBe(0);
  });

  it("creates a Same Day, fragile, signed-for parcel priced and estimated as the estimate said, by the day's cut-off", async () => {
    const { owner } = await toPackageStep(sameCity);
    const user = { id: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName };
    const fields = { ...onePackage, serviceType: "same_day", deliveryOption: "standard", insurance: "", signatureRequired: "on", fragile: "on" };
    // A Friday morning (UTC), before the cut-off.
    const now = Date.UTC(2026, 10, 20, 9, 0);
    const client = { clientAddress: "198.51.100.77", now };
    const next = await applyDraftStep(serviceContext(), user, { intent: "next", step: 3, values: parsedStep(fields) }, client);
    expect(next).toMatchObject({ ok: true, redirectTo: `${PAGE}?step=4` });
    // The estimate the review step shows (its loader's).
    const draft = await getDraft(serviceContext(), user);
    const shown = estimateDraft(draft.values, { now, ...draftPricing(draft, draft.values) });
    // 45.00 + 2 kg x 0.50 within one city; signature 3.00, fragile 8.00.
    expect(shown?.quote.lines.map((line) => [line.key, line.amount])).toEqual([
      ["base", 4500],
      ["weight", 100],
      ["signature", 300],
      ["fragile", 800],
    ]);
    const created = await applyDraftStep(serviceContext(), user, { intent: "create", step: 4, values: {} }, client);
    expect(created.ok && created.shipment).toBeTruthy();
    const shipment = (await db.select().from(shipments).where(eq(shipments.userId, owner.id)).get())!;
    expect(shipment).toMatchObject({ serviceType: "same_day", fragile: true, signatureRequired: true, cost: shown!.quote.total, currency: "USD" });
    // Ordered before 14:00 UTC on a business day: within the courier's six hours.
    expect(shipment.estimatedDelivery).toBe(now + 6 * 3_600_000);
    const invoice = (await db.select().from(invoices).where(eq(invoices.shipmentId, shipment.id)).get())!;
    expect(invoice.total).toBe(shown!.charge.total);
    expect(JSON.parse(invoice.lineItems).map((line: { label: string }) => line.label)).toEqual(["Base rate", "Weight (2 kg)", "Signature confirmation", "Fragile handling"]);
  });

  it("insures at most $50,000 of declared value, read in the currency chosen with it", async () => {
    const { owner, as } = await toPackageStep(recipient);
    const valued = (value: string, currency: string) => ({ ...onePackage, currency, insurance: "on", "packages[0].value": value });
    // 50,000 is the cap in dollars; in euros, at 0.87, the cap is €43,500.
    expect((await post(3, "next", valued("50000", "USD"), as)).headers.get("Location")).toBe(`${PAGE}?step=4`);
    const over = await post(3, "next", valued("50000", "EUR"), as);
    expect(over.status).toBe(400);
    expect((await over.text()).replaceAll("<!-- -->", "")).toContain(
      "Insurance covers at most $50,000 (€43,500.00) of declared value; this shipment declares €50,000.00.",
    );
    expect((await storedDraft(owner.id))?.data.currency).toBe("USD");
    // Without insurance the same value is simply declared.
    expect((await post(3, "next", { ...valued("50000", "EUR"), insurance: "" }, as)).headers.get("Location")).toBe(`${PAGE}?step=4`);
  });
});
