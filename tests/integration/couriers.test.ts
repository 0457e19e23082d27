// Couriers: the invitation, what a courier may reach (their own stops, nothing else), assignment
// one by one and in bulk, the run sheet, the scan field, and status updates at the door (a
// replay applies once, a failed attempt mails its reason).
import { and, asc, eq, inArray } from "drizzle-orm";
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { courierUpdates, deliveryProofs, events, outbox, sessions, shipments, trackingEvents, users } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { courierDay, PROOF_MESSAGES } from "~/features/couriers/courier-rules";
import { refusalMessage, verdictOf } from "~/features/couriers/outbox";
import { stripJpegMetadata } from "~/features/couriers/proof-image";
import { answerQuestion } from "~/features/chat/chat-assistant.server";
import { createUser, db, MINIMAL_SHIPMENT, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, followRedirect as follow, get as getWith, getAs as get, pageText as html, post as postWith, postAs as post } from "./requests";

const ADMIN = SEED_USER_IDS.admin;
const CUSTOMER = SEED_USER_IDS.customer;
let adminCookie: string;
let customerCookie: string;
let ana: { id: string; cookie: string };
let ben: { id: string; cookie: string };

let counter = 0;
/** A new shipment of the demo customer's, unassigned, with the given recipient fields. */
async function newShipment(fields: Partial<typeof shipments.$inferInsert> = {}) {
  counter += 1;
  const id = crypto.randomUUID();
  const trackingId = `SWPCOURIER${String(counter).padStart(4, "0")}X`;
  await db.insert(shipments).values({
    id,
    trackingId,
    ...MINIMAL_SHIPMENT,
    senderEmail: "sam.sender@example.com",
    recipientPhone: "+34 600 123 456",
    recipientAddress: "Calle Mayor 1",
    recipientPostalCode: "28013",
    userId: CUSTOMER,
    status: "in_transit",
    ...fields,
  });
  return { id, trackingId: fields.trackingId ?? trackingId };
}

async function courier(firstName: string) {
  const row = await createUser({ role: "courier", firstName, lastName: "Rider" });
  return { id: row.id, cookie: await signedInCookie(row.id) };
}

function shipment(id: string) {
  return db.select().from(shipments).where(eq(shipments.id, id)).get();
}

function historyOf(id: string) {
  return db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, id)).orderBy(asc(trackingEvents.occurredAt));
}

async function assign(ids: string[], courierId: string) {
  const form = new URLSearchParams([...ids.map((id) => ["ids", id]), ["courierId", courierId], ["redirectTo", "/admin/shipments"]]);
  return fetchForm("/admin/shipments/bulk-courier", form, adminCookie);
}

/** A POST of a form with repeated fields (the bulk bar's ticked rows). */
function fetchForm(path: string, form: URLSearchParams, cookie: string) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": `198.51.100.${(counter % 200) + 1}`, Cookie: cookie },
  });
}

beforeAll(async () => {
  await seedDemoData();
  adminCookie = await signedInCookie(ADMIN);
  customerCookie = await signedInCookie(CUSTOMER);
  ana = await courier("Ana");
  ben = await courier("Ben");
});

describe("couriers: invitation and sign-in", () => {
  it("invites a courier whose mail sets the password; they sign in at the customer sign-in and land on the run sheet", async () => {
    const response = await post("/admin/couriers/new", { firstName: "Cleo", lastName: "Wheels", email: "cleo.wheels@example.com" }, adminCookie);
    expect(response.status).toBe(302);
    const created = await db.select().from(users).where(eq(users.email, "cleo.wheels@example.com")).get();
    expect(created).toMatchObject({ role: "courier", status: "active" });
    expect(await follow(response, adminCookie)).toContain("Courier created: they get an e-mail to choose their password");
    const mail = await db.select().from(outbox).where(eq(outbox.toAddress, "cleo.wheels@example.com")).get();
    expect(mail).toMatchObject({ kind: "courier-invitation" });
    expect(mail!.body).toContain(`${BASE}/login`);
    const link = mail!.body.split(/\s+/).find((word) => word.startsWith(`${BASE}/auth/reset-password?token=`))!;
    const token = new URL(link).searchParams.get("token")!;
    expect((await post("/auth/reset-password", { token, password: "Courier123!", confirmPassword: "Courier123!" })).status).toBe(302);
    const signIn = await post("/login", { email: "cleo.wheels@example.com", password: "Courier123!" });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/courier");
    // The admin portal stays closed to them.
    const adminSignIn = await post("/admin/login", { email: "cleo.wheels@example.com", password: "Courier123!" });
    expect(adminSignIn.status).toBe(403);
  });

  it("a suspended courier is signed out and cannot reach the run sheet", async () => {
    const suspended = await courier("Dee");
    expect((await get("/courier", suspended.cookie)).status).toBe(200);
    const response = await post(`/admin/users/${suspended.id}`, { intent: "suspend" }, adminCookie);
    expect(response.status).toBe(302);
    expect(await db.$count(sessions, eq(sessions.userId, suspended.id))).toBe(0);
    const after = await get("/courier", suspended.cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fcourier");
  });
});

describe("couriers: what a courier may reach", () => {
  it("no admin page or action, no customer page, and nobody else reaches the run sheet", async () => {
    const target = await newShipment();
    for (const path of ["/admin/dashboard", "/admin/shipments", "/admin/couriers", `/admin/shipments/${target.id}/edit`, `/receipt/${target.id}`, "/admin/invoices"]) {
      const response = await get(path, ana.cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    for (const path of ["/dashboard", "/profile", "/dashboard/create-shipment"]) {
      const response = await get(path, ana.cookie);
      expect(response.headers.get("Location"), path).toBe("/courier");
    }
    const assigned = await fetchForm("/admin/shipments/bulk-courier", new URLSearchParams([["ids", target.id], ["courierId", ana.id]]), ana.cookie);
    expect(assigned.status).toBe(302);
    const status = await post(`/admin/shipments/${target.id}/status`, { status: "delivered" }, ana.cookie);
    expect(status.status).toBe(302);
    expect(await shipment(target.id)).toMatchObject({ courierId: null, status: "in_transit" });
    // Customers go to their dashboard, visitors to the sign-in.
    expect((await get("/courier", customerCookie)).headers.get("Location")).toBe("/dashboard");
    expect((await get("/courier", adminCookie)).headers.get("Location")).toBe("/admin/dashboard");
    expect((await get("/courier/stops/SWP482913K7Q2ZD")).headers.get("Location")).toBe("/login?redirectTo=%2Fcourier%2Fstops%2FSWP482913K7Q2ZD");
  });

  it("another courier's and an unassigned shipment are not found: not read, not scanned, not changed", async () => {
    const bens = await newShipment();
    const unassigned = await newShipment();
    expect((await assign([bens.id], ben.id)).status).toBe(302);
    for (const { trackingId, id } of [bens, unassigned]) {
      const page = await get(`/courier/stops/${trackingId}`, ana.cookie);
      expect(page.status).toBe(404);
      expect(await html(page)).not.toContain("Ria Recipient");
      const scanned = await get(`/courier?trackingId=${trackingId}`, ana.cookie);
      expect(scanned.status).toBe(404);
      expect(await html(scanned)).toContain("This parcel is not on your run sheet");
      const update = await post(`/courier/stops/${trackingId}`, { updateId: crypto.randomUUID(), status: "delivered", receivedBy: "J. Smith" }, ana.cookie);
      expect(update.status).toBe(404);
      expect(await shipment(id)).toMatchObject({ status: "in_transit" });
      expect(await db.$count(courierUpdates, eq(courierUpdates.shipmentId, id))).toBe(0);
    }
    // Ana's run sheet lists none of them.
    const sheet = await html(await get("/courier", ana.cookie));
    expect(sheet).not.toContain(bens.trackingId);
    expect(sheet).not.toContain(unassigned.trackingId);
  });
});

describe("couriers: assignment", () => {
  it("assigns three shipments in the order named, each an event, and the run sheet lists them in that order or by postal code", async () => {
    const carla = await courier("Carla");
    const first = await newShipment({ recipientName: "First Stop", recipientPostalCode: "28090" });
    const second = await newShipment({ recipientName: "Second Stop", recipientPostalCode: "28001", signatureRequired: true, specialInstructions: "Ring twice" });
    const third = await newShipment({ recipientName: "Third Stop", recipientPostalCode: "28050" });
    const response = await assign([first.id, second.id, third.id], carla.id);
    expect(response.status).toBe(302);
    expect(await follow(response, adminCookie)).toContain("3 shipments assigned to Carla Rider");
    const rows = await db.select().from(shipments).where(inArray(shipments.id, [first.id, second.id, third.id]));
    const day = courierDay(Date.now());
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.courierId, row.courierDay, row.courierPosition]]))).toEqual({
      [first.id]: [carla.id, day, 1],
      [second.id]: [carla.id, day, 2],
      [third.id]: [carla.id, day, 3],
    });
    const recorded = await db.select().from(events).where(and(eq(events.type, "shipment.assigned"), inArray(events.entityId, [first.id, second.id, third.id])));
    expect(recorded).toHaveLength(3);
    expect(JSON.parse(recorded[0]!.data)).toMatchObject({ from: null, to: "Carla Rider", courierId: carla.id, day });

    const sheet = await html(await get("/courier", carla.cookie));
    expect(sheet.indexOf("First Stop")).toBeLessThan(sheet.indexOf("Second Stop"));
    expect(sheet.indexOf("Second Stop")).toBeLessThan(sheet.indexOf("Third Stop"));
    expect(sheet).toContain('href="tel:+34600123456"');
    expect(sheet).toContain("Signature required");
    expect(sheet).toContain("Ring twice");
    const byPostalCode = await html(await get("/courier?order=postal", carla.cookie));
    expect(byPostalCode.indexOf("Second Stop")).toBeLessThan(byPostalCode.indexOf("Third Stop"));
    expect(byPostalCode.indexOf("Third Stop")).toBeLessThan(byPostalCode.indexOf("First Stop"));
    // A scanned or typed ID of one of them opens its stop.
    const scanned = await get(`/courier?trackingId=${second.trackingId.toLowerCase()}`, carla.cookie);
    expect(scanned.headers.get("Location")).toBe(`/courier/stops/${second.trackingId}`);
    // The admins see the load.
    expect(await html(await get("/admin/couriers", adminCookie))).toMatch(/Carla Rider[\s\S]*0 of 3/);

    // Re-assigning one from its page moves it to the end of the other courier's sheet, with its event.
    const moved = await post(`/admin/shipments/${second.id}/courier`, { courierId: ben.id, redirectTo: `/admin/shipments/${second.id}/edit` }, adminCookie);
    expect(moved.status).toBe(302);
    expect(await follow(moved, adminCookie)).toContain("1 shipment assigned to Ben Rider");
    expect(await shipment(second.id)).toMatchObject({ courierId: ben.id });
    const audit = await html(await get(`/admin/shipments/${second.id}/edit`, adminCookie));
    expect(audit).toContain("Courier assigned");
    expect(audit).toContain("Carla Rider");
    // Taken off any courier.
    const off = await post(`/admin/shipments/${third.id}/courier`, { courierId: "" }, adminCookie);
    expect(await follow(off, adminCookie)).toContain("Courier removed from 1 shipment");
    expect(await shipment(third.id)).toMatchObject({ courierId: null, courierDay: null, courierPosition: null });
  });

  it("refuses no selection, a courier not on the list (a customer, a suspended courier, nonsense) and a missing shipment, changing nothing", async () => {
    const target = await newShipment();
    const suspended = await createUser({ role: "courier", status: "suspended" });
    const empty = await fetchForm("/admin/shipments/bulk-courier", new URLSearchParams([["courierId", ana.id]]), adminCookie);
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Please select shipments first");
    for (const courierId of [CUSTOMER, suspended.id, "x".repeat(65), "nobody"]) {
      const response = await fetchForm("/admin/shipments/bulk-courier", new URLSearchParams([["ids", target.id], ["courierId", courierId]]), adminCookie);
      expect(response.status, courierId).toBe(400);
      expect(await html(response)).toContain("Please choose a courier from the list");
    }
    const missing = await fetchForm("/admin/shipments/bulk-courier", new URLSearchParams([["ids", target.id], ["ids", "no-such-shipment"], ["courierId", ana.id]]), adminCookie);
    expect(missing.status).toBe(404);
    expect(await shipment(target.id)).toMatchObject({ courierId: null });
    expect(await db.$count(events, and(eq(events.type, "shipment.assigned"), eq(events.entityId, target.id)))).toBe(0);
  });
});

describe("couriers: status at the door", () => {
  it("sets a status as the back office does, and the same update sent again applies once", async () => {
    const stop = await newShipment();
    await assign([stop.id], ana.id);
    const updateId = crypto.randomUUID();
    const fields = { updateId, status: "out_for_delivery", location: "Madrid Centro", latitude: "40.416775", longitude: "-3.703790" };
    const first = await post(`/courier/stops/${stop.trackingId}`, fields, ana.cookie);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/courier");
    expect(await shipment(stop.id)).toMatchObject({ status: "out_for_delivery", currentLocation: "Madrid Centro" });
    const history = await historyOf(stop.id);
    expect(history.at(-1)).toMatchObject({ status: "out_for_delivery", location: "Madrid Centro", actorUserId: ana.id, actorLabel: "Ana Rider" });
    expect(await db.select().from(courierUpdates).where(eq(courierUpdates.id, updateId)).get()).toMatchObject({ latitude: 40.416775, longitude: -3.70379, status: "out_for_delivery" });
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, "sam.sender@example.com"));
    expect(mails.filter((mail) => mail.subject === `Shipment ${stop.trackingId}: Out For Delivery`)).toHaveLength(1);

    // The phone sends it again (a replay after a lost answer): nothing more is written.
    const again = await post(`/courier/stops/${stop.trackingId}`, { ...fields, status: "delivered", receivedBy: "J. Smith" }, ana.cookie);
    expect(await follow(again, ana.cookie)).toContain("This update was already recorded");
    expect(await shipment(stop.id)).toMatchObject({ status: "out_for_delivery" });
    expect(await historyOf(stop.id)).toHaveLength(history.length);
    // The same id for another shipment is refused.
    const other = await newShipment();
    await assign([other.id], ana.id);
    const reused = await post(`/courier/stops/${other.trackingId}`, fields, ana.cookie);
    expect(reused.status).toBe(409);
    expect(await shipment(other.id)).toMatchObject({ status: "in_transit" });
    // Replayed from the phone's outbox, that answer is a refusal with the server's words, and another courier's stop too.
    expect(verdictOf({ status: reused.status, redirected: false, url: `${BASE}/courier/stops/${other.trackingId}` }, await reused.text())).toEqual({ kind: "refused", message: "This update was already recorded" });
    const bens = await newShipment();
    await assign([bens.id], ben.id);
    const notOwn = await post(`/courier/stops/${bens.trackingId}`, { ...fields, updateId: crypto.randomUUID() }, ana.cookie);
    expect(notOwn.status).toBe(404);
    expect(verdictOf({ status: notOwn.status, redirected: false, url: `${BASE}/courier/stops/${bens.trackingId}` }, await notOwn.text())).toEqual({ kind: "refused", message: "Shipment not found" });
  });

  it("a failed attempt names its reason and what happens next, in the history and in the owner's mail", async () => {
    const stop = await newShipment();
    await assign([stop.id], ana.id);
    const noReason = await post(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "failed" }, ana.cookie);
    expect(noReason.status).toBe(400);
    // The phone's outbox reads the field's message from the page when a replay is refused.
    expect(refusalMessage(await noReason.clone().text())).toBe("Please choose why the delivery failed");
    expect(await html(noReason)).toContain("Please choose why the delivery failed");
    const noText = await post(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "failed", reason: "other" }, ana.cookie);
    expect(noText.status).toBe(400);
    expect(await html(noText)).toContain("Please say what went wrong");
    expect(await shipment(stop.id)).toMatchObject({ status: "in_transit" });

    const failed = await post(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "failed", reason: "nobody_home" }, ana.cookie);
    expect(failed.status).toBe(302);
    const entry = (await historyOf(stop.id)).at(-1)!;
    expect(entry).toMatchObject({ status: "failed" });
    expect(entry.description).toBe("Delivery attempt failed: Nobody home. We will try again on the next working day; the parcel waits at our depot meanwhile.");
    const owner = (await db.select().from(users).where(eq(users.id, CUSTOMER)).get())!;
    const mail = (await db.select().from(outbox).where(eq(outbox.toAddress, owner.email))).find((row) => row.subject === `Shipment ${stop.trackingId}: Failed`);
    expect(mail?.body).toContain("Delivery attempt failed: Nobody home. We will try again on the next working day");
  });

  it("refuses statuses off the courier's list and bad coordinates, changing nothing", async () => {
    const stop = await newShipment();
    await assign([stop.id], ana.id);
    const refusedUpdates: Record<string, string>[] = [
      { updateId: crypto.randomUUID(), status: "custom_destination" },
      { updateId: crypto.randomUUID(), status: "pending" },
      { updateId: "not-a-uuid", status: "picked_up" },
      { updateId: crypto.randomUUID(), status: "picked_up", latitude: "91", longitude: "0" },
      { updateId: crypto.randomUUID(), status: "picked_up", latitude: "10" },
    ];
    for (const fields of refusedUpdates) {
      const response = await post(`/courier/stops/${stop.trackingId}`, fields, ana.cookie);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await shipment(stop.id)).toMatchObject({ status: "in_transit" });
    expect(await db.$count(courierUpdates, eq(courierUpdates.shipmentId, stop.id))).toBe(0);
  });

  it("speaks the courier's language: the run sheet in Spanish, a stop in French, the answers and refusals of an update in theirs, and its history entry in the reader's", async () => {
    const stop = await newShipment({ weightKg: 2.5, signatureRequired: true, specialInstructions: "Ring twice" });
    await assign([stop.id], ana.id);
    const spanish = { Cookie: ana.cookie, "Accept-Language": "es-ES,es;q=0.9" };
    const sheet = await html(await getWith("/courier", spanish));
    expect(sheet).toContain('<html lang="es"');
    expect(sheet).toContain("<title>Hoja de ruta | ");
    for (const words of ["Buscar un paquete", "Número de seguimiento", "Escanear con la cámara", "Orden previsto", "Código postal", "1 paquete, 2,5 kg", "Firma requerida", "Notas: Ring twice", "España"]) expect(sheet).toContain(words);
    // The offline panel's words, for the script that draws it without React.
    expect(sheet).toContain("Pendiente de envío: {{count}} actualización");
    expect(sheet).not.toContain("Find a parcel");

    const french = await html(await getWith(`/courier/stops/${stop.trackingId}?lng=fr`, { Cookie: ana.cookie }));
    expect(french).toContain(`<title>Arrêt ${stop.trackingId} | `);
    for (const words of ["Retour à la feuille de route", "Statut à la porte", "Échec de la tentative de livraison", "Destinataire absent", "Reçu par (le nom de la personne qui l'a pris)", "Signature (obligatoire pour ce colis)", "Enregistrer le statut", "Photo prête ({{size}} Ko)", 'label="Dépôt"']) expect(french).toContain(words);
    expect(french).not.toContain("Status at the door");

    // The service's answers: a refusal of the form and the toast of a change.
    const refused = await html(await postWith(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "failed" }, spanish));
    expect(refused).toContain("Elige por qué no se pudo entregar");
    const done = await postWith(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "out_for_delivery" }, spanish);
    expect(done.status).toBe(302);
    const toast = done.headers.getSetCookie().find((value) => value.startsWith("__Host-toast="))!.split(";")[0]!;
    expect(await html(await getWith("/courier", { ...spanish, Cookie: `${ana.cookie}; ${toast}` }))).toContain(`${stop.trackingId}: En reparto`);
    const notOwn = await newShipment();
    const missing = await html(await getWith(`/courier?trackingId=${notOwn.trackingId}`, spanish));
    expect(missing).toContain("Este paquete no está en tu hoja de ruta");
    // What the update wrote in the history reads in Spanish on the public tracking page.
    await postWith(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "failed", reason: "nobody_home" }, spanish);
    const tracking = await html(await getWith(`/track/${stop.trackingId}`, { "Accept-Language": "es" }));
    expect(tracking).toContain("Intento de entrega fallido: Nadie en casa. Volveremos a intentarlo el próximo día laborable");
  });
});

/** A JPEG's segment: marker, length, payload. */
function segment(marker: number, payload: string): number[] {
  const body = [...payload].map((character) => character.charCodeAt(0));
  return [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}
/** A small JPEG as a camera writes it, its APP1 segment holding a GPS position; and the same without it. */
const CAMERA_JPEG = Uint8Array.from([0xff, 0xd8, ...segment(0xe0, "JFIF\0\x01\x01"), ...segment(0xe1, "Exif\0\0MM\0*GPSLatitude 40.4167N"), ...segment(0xdb, "tables"), ...segment(0xda, "scan"), 1, 2, 3, 0xff, 0xd9]);
const STRIPPED_JPEG = stripJpegMetadata(CAMERA_JPEG)!;
/** A PNG as the signature box sends it (the server reads its chunks, not its pixels). */
const SIGNATURE_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, ...[..."IEND"].map((c) => c.charCodeAt(0)), 0xae, 0x42, 0x60, 0x82]);

/** The stop's form as the browser sends it: multipart, with the chosen files. */
function postStop(trackingId: string, fields: Record<string, string>, files: Record<string, File>, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, file] of Object.entries(files)) form.set(name, file);
  return SELF.fetch(`${BASE}/courier/stops/${trackingId}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": `198.51.100.${(counter % 200) + 1}`, Cookie: cookie },
  });
}

async function storedKeys(prefix = "proofs/") {
  return (await env.PROOFS.list({ prefix })).objects.map((object) => object.key);
}

describe("couriers: proof of delivery", () => {
  it("delivered with a name, a photo and a drawn signature: stored in one batch with the change, the photo without its location; a replay stores one proof", async () => {
    const stop = await newShipment({ signatureRequired: true });
    await assign([stop.id], ana.id);
    const updateId = crypto.randomUUID();
    const fields = { updateId, status: "delivered", receivedBy: "J. Smith" };
    const files = { photo: new File([CAMERA_JPEG], "door.jpg", { type: "image/jpeg" }), signature: new File([SIGNATURE_PNG], "signature.png", { type: "image/png" }) };
    const response = await postStop(stop.trackingId, fields, files, ana.cookie);
    expect(response.status).toBe(302);
    expect(await shipment(stop.id)).toMatchObject({ status: "delivered" });
    const proof = await db.select().from(deliveryProofs).where(eq(deliveryProofs.updateId, updateId)).get();
    expect(proof).toMatchObject({ shipmentId: stop.id, courierId: ana.id, receivedBy: "J. Smith", photoKey: `proofs/${updateId}/photo`, signatureKey: `proofs/${updateId}/signature`, typedSignature: null });
    const photo = await env.PROOFS.get(proof!.photoKey!);
    expect(new Uint8Array(await photo!.arrayBuffer())).toEqual(STRIPPED_JPEG);
    expect(photo!.httpMetadata?.contentType).toBe("image/jpeg");
    expect((await historyOf(stop.id)).at(-1)).toMatchObject({ status: "delivered", description: "Delivered, signed for" });
    // The owner's mail names who took it; the sender's (another address) does not.
    const owner = (await db.select().from(users).where(eq(users.id, CUSTOMER)).get())!;
    const ownerMail = (await db.select().from(outbox).where(eq(outbox.toAddress, owner.email))).find((row) => row.subject === `Shipment ${stop.trackingId}: Delivered`);
    expect(ownerMail?.body).toMatch(/Delivered to J\. Smith at .+, photo taken\./);
    const senderMail = (await db.select().from(outbox).where(eq(outbox.toAddress, "sam.sender@example.com"))).find((row) => row.subject === `Shipment ${stop.trackingId}: Delivered`);
    expect(senderMail?.body).toContain("Delivered, signed for");
    expect(senderMail?.body).not.toContain("J. Smith");

    // Sent again (the phone's replay), it applies once and stores one proof.
    const again = await postStop(stop.trackingId, fields, files, ana.cookie);
    expect(await follow(again, ana.cookie)).toContain("This update was already recorded");
    expect(await db.$count(deliveryProofs, eq(deliveryProofs.shipmentId, stop.id))).toBe(1);
    expect(await storedKeys(`proofs/${updateId}/`)).toEqual([`proofs/${updateId}/photo`, `proofs/${updateId}/signature`]);
  });

  it("without JavaScript the typed name stands as the signature; without a photo none is stored", async () => {
    const stop = await newShipment({ signatureRequired: true });
    await assign([stop.id], ana.id);
    const updateId = crypto.randomUUID();
    const response = await post(`/courier/stops/${stop.trackingId}`, { updateId, status: "delivered", receivedBy: "Jo Smith", signatureTyped: "on" }, ana.cookie);
    expect(response.status).toBe(302);
    expect(await db.select().from(deliveryProofs).where(eq(deliveryProofs.updateId, updateId)).get()).toMatchObject({ typedSignature: "Jo Smith", photoKey: null, signatureKey: null });
    expect(await storedKeys(`proofs/${updateId}/`)).toEqual([]);
  });

  it("refuses a fake image, one too large, a missing name and a missing signature, each with its message, storing nothing", async () => {
    const stop = await newShipment({ signatureRequired: true });
    await assign([stop.id], ana.id);
    const before = await storedKeys();
    const signature = new File([SIGNATURE_PNG], "signature.png", { type: "image/png" });
    const tooLarge = new Uint8Array(500 * 1024 + 1);
    tooLarge.set(CAMERA_JPEG.subarray(0, 4));
    const cases: [string, Record<string, string>, Record<string, File>, number, string][] = [
      ["text named .jpg", { receivedBy: "J. Smith" }, { photo: new File(["<svg onload=alert(1)>"], "door.jpg", { type: "image/jpeg" }), signature }, 400, PROOF_MESSAGES.photoNotImage],
      ["a GIF", { receivedBy: "J. Smith" }, { photo: new File(["GIF89a......"], "door.gif", { type: "image/gif" }), signature }, 400, PROOF_MESSAGES.photoNotImage],
      ["a JPEG's start and nothing after", { receivedBy: "J. Smith" }, { photo: new File([CAMERA_JPEG.subarray(0, 12)], "door.jpg"), signature }, 400, PROOF_MESSAGES.photoNotImage],
      ["a photo over 500 KB", { receivedBy: "J. Smith" }, { photo: new File([tooLarge], "door.jpg", { type: "image/jpeg" }), signature }, 400, PROOF_MESSAGES.photoTooLarge],
      ["a JPEG for the signature", { receivedBy: "J. Smith" }, { signature: new File([CAMERA_JPEG], "signature.png", { type: "image/png" }) }, 400, PROOF_MESSAGES.signatureNotImage],
      ["no name", {}, { photo: new File([CAMERA_JPEG], "door.jpg"), signature }, 400, PROOF_MESSAGES.receivedByNeeded],
      ["no signature on a parcel that requires one", { receivedBy: "J. Smith" }, { photo: new File([CAMERA_JPEG], "door.jpg") }, 400, PROOF_MESSAGES.signatureNeeded],
    ];
    for (const [what, fields, files, status, message] of cases) {
      const response = await postStop(stop.trackingId, { updateId: crypto.randomUUID(), status: "delivered", ...fields }, files, ana.cookie);
      expect(response.status, what).toBe(status);
      expect(await html(response), what).toContain(message);
    }
    // Over the form's whole bound, the entry refuses it before any page.
    const huge = await postStop(stop.trackingId, { updateId: crypto.randomUUID(), status: "delivered", receivedBy: "J. Smith" }, { photo: new File([new Uint8Array(700 * 1024)], "door.jpg") }, ana.cookie);
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("The request is too large");
    expect(await shipment(stop.id)).toMatchObject({ status: "in_transit" });
    expect(await db.$count(deliveryProofs, eq(deliveryProofs.shipmentId, stop.id))).toBe(0);
    expect(await db.$count(courierUpdates, eq(courierUpdates.shipmentId, stop.id))).toBe(0);
    expect(await storedKeys()).toEqual(before);
  });

  it("the same delivery sent several times at once applies once, with one proof and its images kept", async () => {
    const stop = await newShipment({ signatureRequired: true });
    await assign([stop.id], ana.id);
    const updateId = crypto.randomUUID();
    const send = () =>
      postStop(stop.trackingId, { updateId, status: "delivered", receivedBy: "J. Smith" }, { photo: new File([CAMERA_JPEG], "door.jpg"), signature: new File([SIGNATURE_PNG], "signature.png") }, ana.cookie);
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
    expect(await db.$count(deliveryProofs, eq(deliveryProofs.shipmentId, stop.id))).toBe(1);
    expect((await historyOf(stop.id)).filter((entry) => entry.status === "delivered")).toHaveLength(1);
    expect(await storedKeys(`proofs/${updateId}/`)).toEqual([`proofs/${updateId}/photo`, `proofs/${updateId}/signature`]);
    // A photo field sent as text is no image.
    const text = await post(`/courier/stops/${stop.trackingId}`, { updateId: crypto.randomUUID(), status: "delivered", receivedBy: "J. Smith", photo: "door.jpg", signatureTyped: "on" }, ana.cookie);
    expect(text.status).toBe(400);
    expect(await html(text)).toContain(PROOF_MESSAGES.photoNotImage);
  });

  it("a delivery the batch does not record (already delivered) leaves no image behind", async () => {
    const stop = await newShipment({ status: "delivered" });
    await assign([stop.id], ana.id);
    const updateId = crypto.randomUUID();
    const response = await postStop(stop.trackingId, { updateId, status: "delivered", receivedBy: "J. Smith" }, { photo: new File([CAMERA_JPEG], "door.jpg") }, ana.cookie);
    expect(await follow(response, ana.cookie)).toContain("The status is already Delivered: nothing changed");
    expect(await storedKeys(`proofs/${updateId}/`)).toEqual([]);
    expect(await db.$count(deliveryProofs, eq(deliveryProofs.updateId, updateId))).toBe(0);
  });

  it("the photo and signature reach the owner, admins and the courier who took them; another courier, another customer and a visitor get a 404", async () => {
    // A tracking ID the assistant recognises in a question.
    const stop = await newShipment({ signatureRequired: true, trackingId: `SWP${String(Date.now()).slice(-6)}PROOF1` });
    await assign([stop.id], ana.id);
    const updateId = crypto.randomUUID();
    const files = { photo: new File([CAMERA_JPEG], "door.jpg"), signature: new File([SIGNATURE_PNG], "signature.png") };
    expect((await postStop(stop.trackingId, { updateId, status: "delivered", receivedBy: "J. Smith" }, files, ana.cookie)).status).toBe(302);
    const otherCustomer = await signedInCookie(SEED_USER_IDS.other);
    for (const [who, cookie] of [["the owner", customerCookie], ["an admin", adminCookie], ["the courier who took it", ana.cookie]] as const) {
      for (const kind of ["photo", "signature"]) {
        const response = await get(`/proofs/${updateId}/${kind}`, cookie);
        expect(response.status, `${who}: ${kind}`).toBe(200);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        expect(response.headers.get("Content-Type")).toBe(kind === "photo" ? "image/jpeg" : "image/png");
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(kind === "photo" ? STRIPPED_JPEG : SIGNATURE_PNG);
      }
    }
    for (const [who, cookie] of [["another courier", ben.cookie], ["another customer", otherCustomer], ["a visitor", undefined]] as const) {
      const response = await get(`/proofs/${updateId}/photo`, cookie);
      expect(response.status, who).toBe(404);
      expect(response.headers.get("Cache-Control"), who).toBe("private, no-store");
      expect(await response.text(), who).not.toContain("JFIF");
    }
    expect((await get(`/proofs/${updateId}/other`, adminCookie)).status).toBe(404);
    expect((await get(`/proofs/${crypto.randomUUID()}/photo`, adminCookie)).status).toBe(404);

    // The owner's tracking page, the admin's shipment page and the receipt show the proof; a visitor sees only that it was signed for.
    const ownerPage = await html(await get(`/track/${stop.trackingId}`, customerCookie));
    expect(ownerPage).toContain("Proof of delivery");
    expect(ownerPage).toContain("J. Smith");
    expect(ownerPage).toContain(`src="/proofs/${updateId}/photo"`);
    expect(ownerPage).toContain(`src="/proofs/${updateId}/signature"`);
    for (const path of [`/admin/shipments/${stop.id}/edit`, `/receipt/${stop.id}`]) {
      const page = await html(await get(path, adminCookie));
      expect(page, path).toContain("Proof of delivery");
      expect(page, path).toContain(`src="/proofs/${updateId}/photo"`);
    }
    const publicPage = await html(await get(`/track/${stop.trackingId}`));
    expect(publicPage).toContain("Delivered, signed for");
    expect(publicPage).not.toContain("J. Smith");
    expect(publicPage).not.toContain("/proofs/");
    expect(await html(await get(`/track/${stop.trackingId}`, otherCustomer))).not.toContain("J. Smith");

    // The assistant tells the owner, in their time zone, and nobody else.
    const question = `Where is ${stop.trackingId}?`;
    const toOwner = await answerQuestion(serviceContext(), question, { asker: { userId: CUSTOMER, timeZone: "Asia/Tokyo" } });
    expect(toOwner.message).toMatch(new RegExp(`Delivered to J\\. Smith at .+ GMT\\+9, photo taken\\.`));
    for (const asker of [null, { userId: SEED_USER_IDS.other, timeZone: "UTC" }]) {
      const reply = await answerQuestion(serviceContext(), question, { asker });
      expect(reply.message).not.toContain("J. Smith");
    }
  });
});
