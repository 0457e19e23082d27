// Events and the mail built from them: written in the batch of the change, one template module,
// each recipient's preferences honoured.
import { eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, outbox, settings, users } from "../../drizzle/schema";
import { SYSTEM_ACTOR } from "~/.server/events";
import { subscribeToNewsletter } from "~/features/site/newsletter.server";
import { sendPasswordReset } from "~/features/accounts/password-reset.server";
import { changeShipmentStatus, createShipment } from "~/features/shipments/shipments.server";
import { BASE } from "./base";
import { createUser, db, MINIMAL_SHIPMENT, serviceContext } from "./fixtures";

function mailTo(address: string) {
  return db.select().from(outbox).where(eq(outbox.toAddress, address));
}

describe("events and notifications", () => {
  let muted: Awaited<ReturnType<typeof createUser>>;
  let shipmentId: string;

  beforeAll(async () => {
    muted = await createUser({ emailNotifications: false });
    ({ id: shipmentId } = await createShipment(serviceContext(), {
      actor: SYSTEM_ACTOR,
      shipment: { ...MINIMAL_SHIPMENT, senderEmail: muted.email, recipientEmail: "ria@example.com" },
    }));
  });

  it("records the creation as an event and mails only the party who wants parcel mail", async () => {
    const [created] = await db.select().from(events).where(eq(events.entityId, shipmentId));
    expect(created).toMatchObject({ type: "shipment.created", entityType: "shipment" });
    expect(await mailTo(muted.email)).toEqual([]);
    expect(await mailTo("ria@example.com")).toEqual([expect.objectContaining({ kind: "shipment-created", eventId: created!.id })]);
  });

  it("skips status mail to a recipient whose preferences turn it off, and sends it once they are back on", async () => {
    await changeShipmentStatus(serviceContext(), { shipmentId, status: "in_transit", actor: SYSTEM_ACTOR });
    expect((await mailTo(muted.email)).filter((mail) => mail.kind === "shipment-status")).toEqual([]);
    const toRia = (await mailTo("ria@example.com")).filter((mail) => mail.kind === "shipment-status");
    expect(toRia).toHaveLength(1);
    expect(toRia[0]!.subject).toContain("In Transit");

    await db.update(users).set({ emailNotifications: true }).where(eq(users.id, muted.id));
    await changeShipmentStatus(serviceContext(), { shipmentId, status: "delivered", actor: SYSTEM_ACTOR });
    const toSender = (await mailTo(muted.email)).filter((mail) => mail.kind === "shipment-status");
    expect(toSender.map((mail) => mail.subject)).toEqual([expect.stringContaining("Delivered")]);
    const [changed] = await db.select().from(events).where(eq(events.id, toSender[0]!.eventId!));
    expect(changed).toMatchObject({ type: "shipment.status_changed", entityId: shipmentId });
    expect(JSON.parse(changed!.data)).toMatchObject({ from: "in_transit", to: "delivered", location: "Delivered" });
  });

  it("always sends mail about the account itself, preferences or not", async () => {
    const quiet = await createUser({ emailNotifications: false });
    await sendPasswordReset(serviceContext(), quiet);
    const [mail] = await mailTo(quiet.email);
    expect(mail).toMatchObject({ kind: "password-reset" });
    const [requested] = await db.select().from(events).where(eq(events.id, mail!.eventId!));
    // The link's token goes into the mail only, never into the stored event.
    expect(requested!.type).toBe("password.reset_requested");
    expect(requested!.data).not.toContain("token");
    expect(mail!.body).toContain("/auth/reset-password?token=");
  });

  it("asks a newsletter address to confirm, with a link on the public origin whose token only the mail carries", async () => {
    await subscribeToNewsletter(serviceContext(), { email: "news-reader@example.com", clientAddress: "192.0.2.10" });
    const [mail] = await mailTo("news-reader@example.com");
    expect(mail).toMatchObject({ kind: "newsletter-confirmation", subject: "Confirm your SwiftParcel newsletter subscription" });
    expect(mail!.body).toMatch(new RegExp(`${BASE.replaceAll(".", "\\.")}/newsletter/confirm\\?token=[\\w-]{43}\\n`));
    const [requested] = await db.select().from(events).where(eq(events.id, mail!.eventId!));
    expect(requested).toMatchObject({ type: "newsletter.confirmation_requested", entityType: "newsletter" });
    expect(requested!.data).not.toContain("token");
  });

  it("writes nothing, neither event nor mail, when the change itself fails", async () => {
    const before = { events: await db.$count(events), outbox: await db.$count(outbox) };
    // A shipment without a sender name breaks a NOT NULL rule: the whole batch is refused.
    const broken = { ...MINIMAL_SHIPMENT, senderName: null as unknown as string, senderEmail: "sam@example.com", recipientEmail: "ria@example.com" };
    await expect(createShipment(serviceContext(), { actor: SYSTEM_ACTOR, shipment: broken })).rejects.toThrow();
    expect(await changeShipmentStatus(serviceContext(), { shipmentId: "no-such-id", status: "delivered", actor: SYSTEM_ACTOR })).toBe("missing");
    expect({ events: await db.$count(events), outbox: await db.$count(outbox) }).toEqual(before);
  });
});

describe("mail headers", () => {
  // Issue 22: a CR/LF in the company name reached a stored mail subject. The settings form refuses
  // it now, but a value written into D1 by hand (or by an older release) must not get through either.
  const INJECTED = "Acme\r\nBcc: everyone@example.com\nX-Spam: yes";
  let companyName: string;

  beforeAll(async () => {
    ({ companyName } = (await db.select({ companyName: settings.companyName }).from(settings).where(eq(settings.id, 1)).get())!);
    await db.update(settings).set({ companyName: INJECTED }).where(eq(settings.id, 1));
  });

  afterAll(async () => {
    await db.update(settings).set({ companyName }).where(eq(settings.id, 1));
  });

  it("never stores a subject or an address with a line break, whatever the company name holds, nor a sender's name in a subject", async () => {
    const since = Date.now() - 1;
    const account = await createUser();
    await sendPasswordReset(serviceContext(), account);
    await subscribeToNewsletter(serviceContext(), { email: "header-probe@example.com", clientAddress: "192.0.2.77" });
    const { id } = await createShipment(serviceContext(), {
      actor: SYSTEM_ACTOR,
      shipment: { ...MINIMAL_SHIPMENT, senderName: "Sam\r\nBcc: all@example.com", senderEmail: "sam-header@example.com", recipientName: "Ria\rRecipient", recipientEmail: "ria-header@example.com" },
    });
    await changeShipmentStatus(serviceContext(), { shipmentId: id, status: "in_transit", actor: SYSTEM_ACTOR });

    const mails = await db.select().from(outbox).where(gte(outbox.createdAt, since));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(
      expect.arrayContaining(["newsletter-confirmation", "password-reset", "shipment-created", "shipment-status"]),
    );
    for (const mail of mails) {
      expect(mail.subject, mail.kind).not.toMatch(/[\r\n]/);
      expect(mail.toAddress, mail.kind).not.toMatch(/[\r\n]/);
    }
    // The break is folded to a space: the subject still reads, and no header line starts.
    expect(mails.find((mail) => mail.kind === "password-reset")!.subject).toBe("Reset your Acme Bcc: everyone@example.com X-Spam: yes password");
    // Text a sender typed never reaches a subject: the recipient reads who sent it in the body.
    const toRecipient = mails.find((mail) => mail.kind === "shipment-created" && mail.toAddress === "ria-header@example.com")!;
    expect(toRecipient.subject).toBe("A parcel is on its way to you");
    expect(toRecipient.body).toContain("Sam\r\nBcc: all@example.com has sent you a parcel");
    // The body keeps its lines: only headers are one line.
    expect(mails.find((mail) => mail.kind === "password-reset")!.body).toContain("\n");
  });
});
