// The one event pipeline (app/.server/dispatch.ts): commit writes a change with its events and
// their mail in one batch, then delivers only the events that were written.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, outbox, users } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { commit } from "~/.server/dispatch";
import { DELIVERIES } from "~/.server/deliveries";
import { recordEventWhere, recordEvents, SYSTEM_ACTOR, type EventType } from "~/.server/events";
import { confirmVersion, recentlyConfirmed } from "~/features/tracking/tracking-freshness.server";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { get } from "./requests";

describe("commit", () => {
  it("answers each statement's result at its place and, at a recording's place, the events written", async () => {
    const user = await createUser();
    const [update, recorded] = await commit(serviceContext(), [
      db.update(users).set({ lastName: "Renamed" }).where(eq(users.id, user.id)).returning({ id: users.id }),
      recordEvents(serviceContext(), SYSTEM_ACTOR, [{ type: "account.registered", entityId: user.id, data: { email: user.email, firstName: "Test" } }]),
    ]);
    expect(update).toEqual([{ id: user.id }]);
    expect(recorded).toEqual([{ id: expect.any(String), type: "account.registered", entityId: user.id }]);
    // The welcome mail went into the outbox in the same batch, under the event's id.
    expect(await db.select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.eventId, recorded[0]!.id))).toEqual([{ to: user.email }]);
  });

  it("writes and delivers nothing of a guarded recording whose condition does not hold", async () => {
    confirmVersion("SWPDISPATCH0001", "1.0");
    const [recorded] = await commit(serviceContext(), [
      recordEventWhere(serviceContext(), SYSTEM_ACTOR, {
        event: { type: "shipment.location_changed", entityId: "no-such-shipment", data: { from: null, to: "Nowhere" } },
        from: users,
        where: eq(users.id, "no-such-user"),
      }),
    ]);
    expect(recorded).toEqual([]);
    expect(await db.$count(events, eq(events.entityId, "no-such-shipment"))).toBe(0);
    // Nothing committed about a shipment: this isolate still trusts what it confirmed.
    expect(recentlyConfirmed("SWPDISPATCH0001", "1.0")).toBe(true);
  });

  it("clears the tracking confirmations before it returns when a shipment event commits, and only then", async () => {
    const user = await createUser();
    confirmVersion("SWPDISPATCH0002", "1.0");
    await commit(serviceContext(), [recordEvents(serviceContext(), SYSTEM_ACTOR, [{ type: "account.suspended", entityId: user.id, data: {} }])]);
    expect(recentlyConfirmed("SWPDISPATCH0002", "1.0")).toBe(true);
    await commit(serviceContext(), [recordEvents(serviceContext(), SYSTEM_ACTOR, [{ type: "shipment.rated", entityId: "any", data: { trackingId: "SWPDISPATCH0002", score: 5, source: "owner" } }])]);
    expect(recentlyConfirmed("SWPDISPATCH0002", "1.0")).toBe(false);
  });

  it("gives every event type at least one consumer", () => {
    for (const [type, channels] of Object.entries(DELIVERIES) as [EventType, readonly string[]][]) expect(channels.length, type).toBeGreaterThan(0);
  });
});

describe("the admins' recent activity", () => {
  it("lists the account, invoice and settings events nothing else shows", async () => {
    await seedDemoData();
    const target = await createUser();
    const admin = await signedInCookie(SEED_USER_IDS.admin);
    await commit(serviceContext(), [
      recordEvents(serviceContext(), { userId: SEED_USER_IDS.admin, email: "admin@swiftparcel.example", label: "Admin" }, [{ type: "account.suspended", entityId: target.id, data: {} }]),
    ]);
    const page = await (await get("/admin/notifications", { Cookie: admin })).text();
    expect(page).toContain("Recent activity");
    expect(page).toContain("Account suspended");
    expect(page).toContain(target.id);
  });
});
