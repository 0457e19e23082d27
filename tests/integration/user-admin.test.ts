import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  events,
  newsletterSubscribers,
  outbox,
  passwordResetTokens,
  sessions,
  shipmentDrafts,
  shipments,
  signInFailures,
  users,
} from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import type { SessionUser } from "~/features/accounts/session.server";
import { setUserStatus, updateUser, deleteUser } from "~/features/users/user-admin.server";
import { deliverMail } from "~/features/mail/outbox.server";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, followRedirect as follow, getAs as get, pageText as html, postAs as post } from "./requests";

let adminCookie: string;
let customerCookie: string;
const ADMIN = SEED_USER_IDS.admin;

beforeAll(async () => {
  await seedDemoData();
  adminCookie = await signedInCookie(ADMIN);
  customerCookie = await signedInCookie(SEED_USER_IDS.customer);
});

function account(id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

function sessionCount(userId: string) {
  return db.$count(sessions, eq(sessions.userId, userId));
}

function eventsOf(userId: string) {
  return db.select().from(events).where(and(eq(events.entityType, "user"), eq(events.entityId, userId)));
}

async function adminUser(id: string = ADMIN): Promise<SessionUser> {
  const row = (await account(id))!;
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role, language: row.language ?? null };
}

describe("users: guards", () => {
  it("sends visitors and customers to the admin sign-in from every users page and action, also through .data, changing nothing", async () => {
    const target = await createUser({ firstName: "Guarded" });
    const before = await account(target.id);
    const pages = ["/admin/users", "/admin/users/new", `/admin/users/${target.id}`, `/admin/users/${target.id}/delete`];
    const actions: [string, Record<string, string>][] = [
      [`/admin/users/${target.id}`, { intent: "update", firstName: "Hacked", lastName: "Name", role: "admin" }],
      [`/admin/users/${target.id}`, { intent: "suspend" }],
      [`/admin/users/${target.id}`, { intent: "end-sessions" }],
      [`/admin/users/${target.id}`, { intent: "dismiss-deletion" }],
      [`/admin/users/${target.id}/delete`, {}],
      ["/admin/users/new", { firstName: "Eve", lastName: "Intruder", email: "eve@example.com" }],
    ];
    for (const cookie of [undefined, customerCookie]) {
      for (const path of pages) {
        const page = await get(path, cookie);
        expect(page.status, path).toBe(302);
        expect(page.headers.get("Location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
        const data = await get(`${path}.data`, cookie);
        expect(await data.text(), path).not.toContain(target.email);
      }
      for (const [path, fields] of actions) {
        const response = await post(path, fields, cookie);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login/);
        const data = await post(`${path}.data`, fields, cookie);
        expect(data.status, `${path}.data`).not.toBe(200);
        expect(await data.text(), `${path}.data`).toContain("/admin/login");
      }
    }
    expect(await account(target.id)).toEqual(before);
    expect(await db.select().from(users).where(eq(users.email, "eve@example.com")).get()).toBeUndefined();
  });

  it("answers an unknown user with 404", async () => {
    expect((await get("/admin/users/nobody", adminCookie)).status).toBe(404);
    expect((await get("/admin/users/nobody/delete", adminCookie)).status).toBe(404);
    const update = await post("/admin/users/nobody", { intent: "update", firstName: "No", lastName: "Body", role: "user" }, adminCookie);
    expect(update.status).toBe(404);
    expect(await html(update)).toContain("Failed to update user");
  });
});

describe("users: list", () => {
  it("finds a user by the start of their e-mail address or by name, filters by role, 10 a page", async () => {
    const person = await createUser({ email: "zelda.prefix@example.org", firstName: "Zelda", lastName: "Quill" });
    const byPrefix = await html(await get("/admin/users?search=zelda.pre", adminCookie));
    expect(byPrefix).toContain("zelda.prefix@example.org");
    expect(byPrefix).toContain(`href="/admin/users/${person.id}"`);
    expect(await html(await get("/admin/users?search=Zelda%20Quill", adminCookie))).toContain("zelda.prefix@example.org");
    const admins = await html(await get("/admin/users?role=admin", adminCookie));
    expect(admins).toContain("admin@swiftparcel.example");
    expect(admins.replaceAll("<wbr/>", "")).not.toContain("zelda.prefix@example.org");
    // Rows written straight (no password hashing): enough accounts for a second page.
    for (let index = 0; index < 10; index += 1) {
      await db.insert(users).values({ id: `list-${index}`, email: `list${index}@example.net`, passwordHash: "-", firstName: "List", lastName: `Person${index}` });
    }
    const first = await html(await get("/admin/users", adminCookie));
    expect(first).toMatch(/Showing 1 to 10 of \d+ results/);
    expect(await html(await get("/admin/users?role=nonsense&search=zelda.prefix", adminCookie))).toContain("zelda.prefix@example.org");
  });

  it("shows a user's shipments and open sessions on their page", async () => {
    await signedInCookie(SEED_USER_IDS.customer);
    const page = await html(await get(`/admin/users/${SEED_USER_IDS.customer}`, adminCookie));
    expect(page).toContain("demo@swiftparcel.example");
    const owned = await db.select().from(shipments).where(eq(shipments.userId, SEED_USER_IDS.customer));
    expect(owned.length).toBeGreaterThan(0);
    expect(page).toContain(owned.sort((a, b) => b.createdAt - a.createdAt)[0]!.trackingId);
    expect(page).toMatch(/Signed in .*until the browser closes/);
  });
});

describe("users: edit", () => {
  it("saves name, phone and role with its message and an audit record; a role change ends the user's sessions", async () => {
    const person = await createUser({ firstName: "Old", lastName: "Name" });
    const cookie = await signedInCookie(person.id);
    const rename = await post(`/admin/users/${person.id}`, { intent: "update", firstName: "New", lastName: "Name", phone: "+44 20 7946 0958", role: "user" }, adminCookie);
    expect(rename.status).toBe(302);
    expect(await follow(rename, adminCookie)).toContain("User updated successfully");
    expect(await account(person.id)).toMatchObject({ firstName: "New", phone: "+44 20 7946 0958", role: "user" });
    // A name change leaves the sessions alone.
    expect(await sessionCount(person.id)).toBe(1);

    const promote = await post(`/admin/users/${person.id}`, { intent: "update", firstName: "New", lastName: "Name", phone: "+44 20 7946 0958", role: "admin" }, adminCookie);
    expect(await follow(promote, adminCookie)).toContain("User updated successfully");
    expect((await account(person.id))?.role).toBe("admin");
    expect(await sessionCount(person.id)).toBe(0);
    const next = await get("/dashboard", cookie);
    expect(next.headers.get("Location")).toMatch(/^\/login/);
    const audit = (await eventsOf(person.id)).filter((event) => event.type === "account.updated").map((event) => JSON.parse(event.data));
    expect(audit).toContainEqual({ changes: { role: { from: "user", to: "admin" } } });
    expect(audit).toContainEqual({ changes: { firstName: { from: "Old", to: "New" }, phone: { from: null, to: "+44 20 7946 0958" } } });
  });

  it("refuses bad input with every message at once and a 400, changing nothing", async () => {
    const person = await createUser();
    const before = await account(person.id);
    const response = await post(`/admin/users/${person.id}`, { intent: "update", firstName: " ", lastName: "X", phone: "abc", role: "root" }, adminCookie);
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("First name is required");
    expect(page).toContain("Last name must be at least 2 characters");
    expect(page).toContain("Please enter a valid phone number");
    expect(page).toContain("Please choose a role from the list");
    expect(await account(person.id)).toEqual(before);
  });

  it("never lets an admin change their own role", async () => {
    const response = await post(`/admin/users/${ADMIN}`, { intent: "update", firstName: "Admin", lastName: "User", role: "user" }, adminCookie);
    expect(response.status).toBe(403);
    expect(await html(response)).toContain("You cannot change your own role.");
    expect((await account(ADMIN))?.role).toBe("admin");
  });
});

describe("users: suspension", () => {
  it("signs a suspended user out at once and keeps them out until reactivated", async () => {
    const person = await createUser({ firstName: "Sus" });
    const cookie = await signedInCookie(person.id);
    expect((await get("/dashboard", cookie)).status).toBe(200);

    const suspend = await post(`/admin/users/${person.id}`, { intent: "suspend" }, adminCookie);
    expect(await follow(suspend, adminCookie)).toContain("User suspended");
    expect((await account(person.id))?.status).toBe("suspended");
    expect(await sessionCount(person.id)).toBe(0);
    expect((await get("/dashboard", cookie)).headers.get("Location")).toMatch(/^\/login/);
    const signIn = await post("/login", { email: person.email, password: person.password });
    expect(signIn.status).toBe(403);
    expect(await html(signIn)).toContain("Your account has been suspended. Please contact support.");

    const reactivate = await post(`/admin/users/${person.id}`, { intent: "reactivate" }, adminCookie);
    expect(await follow(reactivate, adminCookie)).toContain("User reactivated");
    const again = await post("/login", { email: person.email, password: person.password });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/dashboard");
    expect((await eventsOf(person.id)).map((event) => event.type)).toEqual(expect.arrayContaining(["account.suspended", "account.reactivated"]));
  });

  it("never lets an admin suspend or delete themselves", async () => {
    const suspend = await post(`/admin/users/${ADMIN}`, { intent: "suspend" }, adminCookie);
    expect(await follow(suspend, adminCookie)).toContain("You cannot suspend your own account.");
    const remove = await post(`/admin/users/${ADMIN}/delete`, {}, adminCookie);
    expect(await follow(remove, adminCookie)).toContain("You cannot delete your own account.");
    expect((await get(`/admin/users/${ADMIN}/delete`, adminCookie)).status).toBe(403);
    expect(await account(ADMIN)).toMatchObject({ status: "active", role: "admin" });
  });

  it("keeps an active admin when two admins act on each other at once (the last-admin rule)", async () => {
    const first = await createUser({ role: "admin", firstName: "First" });
    const second = await createUser({ role: "admin", firstName: "Second" });
    // Only these two admins are active for this test.
    const others = (await db.select({ id: users.id }).from(users).where(and(eq(users.role, "admin"), eq(users.status, "active"))))
      .map((row) => row.id)
      .filter((id) => id !== first.id && id !== second.id);
    await db.update(users).set({ status: "suspended" }).where(inArray(users.id, others));
    try {
      const firstAdmin = await adminUser(first.id);
      const secondAdmin = await adminUser(second.id);
      // Each read the other as an active admin before either wrote: the first suspension wins.
      expect((await setUserStatus(serviceContext(), { admin: firstAdmin, userId: second.id, status: "suspended" })).ok).toBe(true);
      const refusedSuspension = await setUserStatus(serviceContext(), { admin: secondAdmin, userId: first.id, status: "suspended" });
      expect(refusedSuspension).toMatchObject({ ok: false, reason: "conflict", message: "At least one active admin must remain." });
      const refusedDemotion = await updateUser(serviceContext(), {
        admin: secondAdmin,
        userId: first.id,
        changes: { firstName: first.firstName, lastName: first.lastName, role: "user" },
      });
      expect(refusedDemotion).toMatchObject({ ok: false, message: "At least one active admin must remain." });
      const refusedDeletion = await deleteUser(serviceContext(), { admin: secondAdmin, userId: first.id });
      expect(refusedDeletion).toMatchObject({ ok: false, message: "At least one active admin must remain." });
      expect(await account(first.id)).toMatchObject({ role: "admin", status: "active" });
      // Nothing refused was recorded.
      expect((await eventsOf(first.id)).map((event) => event.type)).toEqual([]);
    } finally {
      await db.update(users).set({ status: "active" }).where(inArray(users.id, others));
    }
  });
});

describe("users: deletion", () => {
  it("deletes a user from their deletion request: shipments kept with the sender anonymised, sessions, draft, lane and subscription gone", async () => {
    const person = await createUser({ firstName: "Gone", lastName: "Soon", phone: "+1 555 0100", deletionRequestedAt: Date.now() });
    await signedInCookie(person.id);
    const shipmentId = crypto.randomUUID();
    await db.insert(shipments).values({
      id: shipmentId,
      trackingId: "DEL123456ABCDEF",
      userId: person.id,
      senderName: "Gone Soon",
      senderEmail: person.email,
      senderPhone: "+1 555 0100",
      senderAddress: "1 Private Road",
      senderCity: "Leeds",
      senderCountry: "GB",
      senderPostalCode: "LS1 1AA",
      recipientName: "Somebody Else",
      recipientEmail: "else@example.com",
      recipientCity: "Paris",
      recipientCountry: "FR",
      cost: 1234,
    });
    await db.insert(shipmentDrafts).values({ userId: person.id, data: "{}" });
    await db.insert(signInFailures).values({ key: `sign-in:account:${person.email}`, failures: 2, lastFailureAt: Date.now() });
    await db.insert(newsletterSubscribers).values({ email: person.email, status: "confirmed" });

    const page = await html(await get(`/admin/users/${person.id}`, adminCookie));
    expect(page).toContain("Deletion requested");
    const confirm = await html(await get(`/admin/users/${person.id}/delete`, adminCookie));
    expect(confirm).toContain("Are you sure you want to delete this user?");
    expect(confirm).toContain("1 shipment is kept.");

    const response = await post(`/admin/users/${person.id}/delete`, {}, adminCookie);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect(await follow(response, adminCookie)).toContain("User deleted successfully");
    expect(await account(person.id)).toBeUndefined();
    expect(await sessionCount(person.id)).toBe(0);
    const kept = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).get();
    expect(kept).toMatchObject({
      userId: null,
      senderName: "Deleted user",
      senderEmail: null,
      senderPhone: null,
      senderAddress: null,
      senderPostalCode: null,
      senderCity: "Leeds",
      senderCountry: "GB",
      recipientName: "Somebody Else",
      cost: 1234,
    });
    expect(await db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, person.id))).toEqual([]);
    expect(await db.select().from(signInFailures).where(eq(signInFailures.key, `sign-in:account:${person.email}`))).toEqual([]);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, person.email))).toEqual([]);
    const [deleted] = (await eventsOf(person.id)).filter((event) => event.type === "account.deleted");
    expect(JSON.parse(deleted!.data)).toEqual({ role: "user", shipmentsKept: 1 });
    expect(deleted!.data).not.toContain(person.email);
    // Deleting again finds nobody.
    const again = await post(`/admin/users/${person.id}/delete`, {}, adminCookie);
    expect(await follow(again, adminCookie)).toContain("Failed to delete user");
  });

  it("declines a deletion request, keeping the account", async () => {
    const person = await createUser({ deletionRequestedAt: Date.now() });
    const response = await post(`/admin/users/${person.id}`, { intent: "dismiss-deletion" }, adminCookie);
    expect(await follow(response, adminCookie)).toContain("Deletion request declined");
    expect((await account(person.id))?.deletionRequestedAt).toBeNull();
  });
});

describe("users: new admin", () => {
  it("creates an admin with its message and mails an invitation whose link sets the password", async () => {
    const response = await post("/admin/users/new", { firstName: "Nia", lastName: "Okoye", email: " Nia.Okoye@Example.com " }, adminCookie);
    expect(response.status).toBe(302);
    const created = await db.select().from(users).where(eq(users.email, "nia.okoye@example.com")).get();
    expect(created).toMatchObject({ role: "admin", status: "active", firstName: "Nia" });
    expect(response.headers.get("Location")).toBe(`/admin/users/${created!.id}`);
    expect(await follow(response, adminCookie)).toContain("Admin user created successfully!");

    const mail = await db.select().from(outbox).where(eq(outbox.toAddress, "nia.okoye@example.com")).get();
    expect(mail).toMatchObject({ kind: "admin-invitation" });
    const inviter = (await account(ADMIN))!;
    expect(mail!.body).toContain(`${inviter.firstName} ${inviter.lastName} has made you an administrator`);
    const link = mail!.body.split(/\s+/).find((word) => word.startsWith(`${BASE}/auth/reset-password?token=`))!;
    expect(link).toBeTruthy();
    const token = new URL(link).searchParams.get("token")!;
    const tokenRow = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, created!.id)).get();
    expect(tokenRow!.expiresAt - tokenRow!.createdAt).toBe(7 * 86_400_000);

    // Nobody can sign in before the invitee chooses a password.
    const early = await post("/admin/login", { email: "nia.okoye@example.com", password: "Anything1!" });
    expect(early.status).toBe(401);
    const set = await post("/auth/reset-password", { token, password: "Welcome123!", confirmPassword: "Welcome123!" });
    expect(set.status).toBe(302);
    const signIn = await post("/admin/login", { email: "nia.okoye@example.com", password: "Welcome123!" });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/admin");
  });

  it("invites in the language chosen on the form (else the page's): a Spanish invitation, its HTML in Spanish, the account keeping it", async () => {
    const response = await post("/admin/users/new", { firstName: "Lucía", lastName: "Ortega", email: "lucia.ortega@example.com", language: "es" }, adminCookie);
    expect(response.status).toBe(302);
    const created = (await db.select().from(users).where(eq(users.email, "lucia.ortega@example.com")).get())!;
    expect(created.language).toBe("es");
    const mail = (await db.select().from(outbox).where(eq(outbox.toAddress, "lucia.ortega@example.com")).get())!;
    expect(mail).toMatchObject({ kind: "admin-invitation", language: "es", subject: "Te invitamos al portal de administración de SwiftParcel" });
    expect(mail.body).toContain("Hola, Lucía:");
    expect(mail.body).toContain("te ha hecho administrador de SwiftParcel");

    // The sender writes the HTML alternative from the row: in the mail's language.
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: "sent" }));
    try {
      const settings = { RESEND_API_KEY: "re_test_key", RESEND_API_URL: "https://api.resend.test", MAIL_FROM: "SwiftParcel <mail@swiftparcel.example>" };
      await deliverMail({ db, env: settings }, [{ body: { id: mail.id }, attempts: 1, ack() {}, retry() {} }]);
      const sent = JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body)) as { html: string; subject: string };
      expect(sent.subject).toBe("Te invitamos al portal de administración de SwiftParcel");
      expect(sent.html).toContain('<html lang="es">');
      expect(sent.html).toContain("Hola, Lucía:");
    } finally {
      fetchSpy.mockRestore();
    }

    // Without a choice, the language of the page the admin invited from.
    await post("/admin/users/new?lng=fr", { firstName: "Marc", lastName: "Petit", email: "marc.petit@example.com" }, adminCookie);
    const french = (await db.select().from(outbox).where(eq(outbox.toAddress, "marc.petit@example.com")).get())!;
    expect(french).toMatchObject({ language: "fr", subject: "Vous êtes invité sur le portail d'administration de SwiftParcel" });
  });

  it("refuses a taken address and bad input, creating nothing", async () => {
    const taken = await post("/admin/users/new", { firstName: "Dup", lastName: "Licate", email: "demo@swiftparcel.example" }, adminCookie);
    expect(taken.status).toBe(409);
    expect(await html(taken)).toContain("An account with this email already exists");
    const bad = await post("/admin/users/new", { firstName: "", lastName: "", email: "not-an-email", language: "xx" }, adminCookie);
    expect(bad.status).toBe(400);
    const page = await html(bad);
    expect(page).toContain("Please choose a language from the list");
    expect(page).toContain("First name is required");
    expect(page).toContain("Last name is required");
    expect(page).toContain("Please enter a valid email address");
    expect(await db.select().from(users).where(eq(users.email, "not-an-email")).get()).toBeUndefined();
  });
});
