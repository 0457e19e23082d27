// The services the routes call, called directly as a JSON API, the chat assistant or a webhook
// would: plain input and the request context, no Request and no form.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, outbox, shipmentDrafts, shipments, trackingEvents } from "../../drizzle/schema";
import { actorFor } from "~/.server/events";
import { applyDraftStep, getDraft } from "~/features/shipments/shipment-drafts.server";
import { changeStatus } from "~/features/shipments/shipments.server";
import { stepUrl, type ShipmentDraft } from "~/features/shipments/shipment-steps";
import { SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { createUser, db, serviceContext } from "./fixtures";

// The dialling code typed in front, and brackets: the draft keeps neither.
const sender: Partial<ShipmentDraft> = { ...SAMPLE_SENDER, senderPhone: "+1 (415) 555-0134" };
const recipient: Partial<ShipmentDraft> = SAMPLE_RECIPIENT;

// The client address a route reads from the request; shipments are counted by it.
const client = { clientAddress: "203.0.113.250" };

const book = { description: "Books", weight: "2", length: "30", width: "20", height: "10", value: "40", quantity: "1" };

let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  customer = await createUser({ firstName: "Avery", lastName: "Quinn" });
});

describe("the drafts service", () => {
  it("refuses a step with the product's messages, writing nothing, and moves on once it passes", async () => {
    const context = serviceContext();
    const before = await getDraft(context, customer);
    const refused = await applyDraftStep(context, customer, { intent: "next", step: 1, values: { ...sender, senderName: "", senderPhone: "12" } }, client);
    expect(refused).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { senderName: ["Sender name is required"], senderPhone: ["Please enter a valid phone number"] },
    });
    expect(await getDraft(context, customer)).toEqual(before);

    expect(await applyDraftStep(context, customer, { intent: "next", step: 1, values: sender }, client)).toEqual({ ok: true, redirectTo: stepUrl(2) });
    expect(await applyDraftStep(context, customer, { intent: "next", step: 2, values: recipient }, client)).toEqual({ ok: true, redirectTo: stepUrl(3) });
    // The draft keeps the phone number without the dialling code and the characters the phone field drops.
    expect((await getDraft(context, customer)).values.senderPhone).toBe("415 555-0134");
  });

  it("adds and removes packages, always keeping one", async () => {
    const context = serviceContext();
    const step3 = { packages: [book], serviceType: "express", deliveryOption: "standard", insurance: false, signatureRequired: false };
    expect(await applyDraftStep(context, customer, { intent: "add-package", step: 3, values: step3 }, client)).toEqual({ ok: true, redirectTo: stepUrl(3, { anchor: "package-2" }) });
    expect((await getDraft(context, customer)).values.packages).toHaveLength(2);
    await applyDraftStep(context, customer, { intent: "remove-package", step: 3, index: 1, values: { ...step3, packages: [book, { ...book, description: "Lamp" }] } }, client);
    expect((await getDraft(context, customer)).values.packages).toEqual([book]);
    expect(await applyDraftStep(context, customer, { intent: "next", step: 3, values: step3 }, client)).toEqual({ ok: true, redirectTo: stepUrl(4) });
  });

  it("turns the checked draft into one shipment, once", async () => {
    const context = serviceContext();
    const created = await applyDraftStep(context, customer, { intent: "create", step: 4, values: { currency: "EUR", specialInstructions: "", referenceNumber: "" } }, client);
    expect(created).toMatchObject({ ok: true, message: "Shipment created successfully!" });
    if (!created.ok || !created.shipment) throw new Error("no shipment");
    expect(created.redirectTo).toBe(`/track/${created.shipment.trackingId}`);
    const row = await db.select().from(shipments).where(eq(shipments.id, created.shipment.id)).get();
    expect(row).toMatchObject({ trackingId: created.shipment.trackingId, userId: customer.id, currency: "EUR", senderPhone: "+1 415 555-0134", status: "pending" });
    expect(await db.$count(shipmentDrafts, eq(shipmentDrafts.userId, customer.id))).toBe(0);

    const again = await applyDraftStep(context, customer, { intent: "create", step: 4, values: { currency: "EUR" } }, client);
    expect(again).toEqual({ ok: true, tone: "info", message: "This shipment has already been created.", redirectTo: "/dashboard" });
    expect(await db.$count(shipments, eq(shipments.userId, customer.id))).toBe(1);
  });
});

describe("the status change", () => {
  it("asks where a custom destination is, refuses a blank one and saves the destination with its history entry", async () => {
    const context = serviceContext();
    const actor = actorFor(customer);
    const [shipment] = await db.select().from(shipments).where(eq(shipments.userId, customer.id));
    const change = (destination?: string) => changeStatus(context, { shipmentId: shipment!.id, status: "custom_destination", destination, actor, ...client });

    expect(await change()).toEqual({ ok: false, reason: "destination-needed" });
    expect(await change("   ")).toEqual({ ok: false, reason: "invalid", message: "Please enter a destination" });
    expect((await db.select().from(shipments).where(eq(shipments.id, shipment!.id)).get())!.status).toBe("pending");

    expect(await change(" Locker 12, Main Station ")).toEqual({ ok: true, message: "Shipment delivered to: Locker 12, Main Station" });
    expect(await db.select().from(shipments).where(eq(shipments.id, shipment!.id)).get()).toMatchObject({
      status: "custom_destination",
      customDestination: "Locker 12, Main Station",
    });
    const history = await db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, shipment!.id));
    expect(history.at(-1)).toMatchObject({ location: "Locker 12, Main Station", description: "Package delivered to custom destination: Locker 12, Main Station" });

    expect(await changeStatus(context, { shipmentId: shipment!.id, status: "in_transit", destination: "ignored", actor, ...client })).toEqual({
      ok: true,
      message: "Shipment status updated",
    });
    expect(await changeStatus(context, { shipmentId: "no-such-shipment", status: "delivered", actor, ...client })).toEqual({
      ok: false,
      reason: "not-found",
      message: "Failed to update shipment status",
    });
  });

  it("treats the status a shipment already has as a no-op, also when the same change arrives twice at once", async () => {
    const context = serviceContext();
    const actor = actorFor(customer);
    const [shipment] = await db.select().from(shipments).where(eq(shipments.userId, customer.id));
    const counts = async () => ({
      history: await db.$count(trackingEvents, eq(trackingEvents.shipmentId, shipment!.id)),
      events: await db.$count(events),
      outbox: await db.$count(outbox),
    });
    const before = await counts();
    const version = (await db.select().from(shipments).where(eq(shipments.id, shipment!.id)).get())!.version;

    const current = (await db.select().from(shipments).where(eq(shipments.id, shipment!.id)).get())!.status as "in_transit";
    expect(await changeStatus(context, { shipmentId: shipment!.id, status: current, actor, ...client })).toEqual({
      ok: true,
      tone: "info",
      message: "The status is already In Transit: nothing changed",
    });
    expect(await counts()).toEqual(before);
    expect((await db.select().from(shipments).where(eq(shipments.id, shipment!.id)).get())!.version).toBe(version);

    // Two identical changes racing: one history entry, one record, one set of mails.
    const both = await Promise.all([
      changeStatus(context, { shipmentId: shipment!.id, status: "out_for_delivery", actor, ...client }),
      changeStatus(context, { shipmentId: shipment!.id, status: "out_for_delivery", actor, ...client }),
    ]);
    expect(both.map((outcome) => outcome.ok && outcome.message).sort()).toEqual([
      "Shipment status updated",
      "The status is already Out For Delivery: nothing changed",
    ]);
    const after = await counts();
    expect(after.history).toBe(before.history + 1);
    expect(after.events).toBe(before.events + 1);
    expect((await db.select().from(shipments).where(eq(shipments.id, shipment!.id)).get())!.version).toBe(version + 1);
  });
});
