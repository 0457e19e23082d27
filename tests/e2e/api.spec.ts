import { expect, test } from "@playwright/test";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { API_SHIPMENT } from "../api-sample";
import { search } from "./admin-shipment-form";
import { registerCustomer, signInAsDemoAdmin } from "./sign-in";

type Caught = { headers: Record<string, string>; body: string };

/** A shop's server on loopback (local development accepts loopback http endpoints): it keeps every request and answers 204. */
async function startReceiver() {
  const caught: Caught[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      caught.push({ headers: flat(request.headers), body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204, { Connection: "close" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { caught, url: `http://127.0.0.1:${port}/swiftparcel-hooks`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
}

test("a customer creates an API key, creates a shipment with it, registers a webhook; an admin marks it delivered and the receiver verifies the 'delivered' event", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await registerCustomer(page, javaScriptEnabled ? "Kaijs" : "Kainojs");

    // The key, made in the profile and shown once.
    await page.goto("/profile");
    await page.getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(page.getByText("No keys yet.")).toBeVisible();
    await page.getByLabel("Key name").fill("Shop checkout");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("heading", { name: "Your new key “Shop checkout”" })).toBeVisible();
    const key = await page.getByLabel("API key").inputValue();
    expect(key).toMatch(/^sp_live_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("cell", { name: `${key.slice(0, 16)}…`, exact: true })).toBeVisible();

    // The shop's checkout creates the shipment with the key; a retry under its Idempotency-Key books nothing twice.
    const call = { headers: { Authorization: `Bearer ${key}`, "Idempotency-Key": `story-${Date.now()}` }, data: API_SHIPMENT };
    const created = await page.request.post("/api/v1/shipments", call);
    expect(created.status()).toBe(201);
    const { trackingId } = (await created.json()) as { trackingId: string };
    const retried = await page.request.post("/api/v1/shipments", call);
    expect(retried.headers()["idempotent-replayed"]).toBe("true");
    expect(((await retried.json()) as { trackingId: string }).trackingId).toBe(trackingId);
    await page.goto("/dashboard");
    await expect(page.getByText(trackingId).first()).toBeVisible();

    // The customer registers the shop's endpoint from their profile, for deliveries only.
    await page.goto("/profile");
    await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByRole("checkbox", { name: /^Delivered shipment\.delivered/ }).check();
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(page.getByRole("heading", { name: receiver.url, level: 1 })).toBeVisible();
    await page.getByText("Show signing secret").click();
    const secret = (await page.locator("details code").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    // An admin, in a browser of their own, marks the shipment delivered.
    const adminContext = await browser.newContext({ javaScriptEnabled });
    const admin = await adminContext.newPage();
    await signInAsDemoAdmin(admin);
    await search(admin, trackingId);
    await admin.getByLabel(`Status of ${trackingId}`).selectOption("delivered");
    if (!javaScriptEnabled) await admin.getByRole("button", { name: `Update status of ${trackingId}` }).click();
    // The change is saved once it says so (with JavaScript the select shows its new value at once,
    // and closing the browser before the answer would cancel the change).
    await expect(admin.getByRole("status").getByText("Shipment status updated")).toBeVisible();
    await expect(admin.getByLabel(`Status of ${trackingId}`)).toHaveValue("delivered");
    await adminContext.close();

    // The receiver gets the one event it asked for, and it verifies with the endpoint's secret.
    // Through the events queue: on a loaded machine it may take a while.
    await expect.poll(() => receiver.caught.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(receiver.caught).toHaveLength(1);
    const [request] = receiver.caught;
    const message = new Webhook(secret).verify(request!.body, request!.headers) as { type: string; data: { trackingId: string; to: string } };
    expect(message.type).toBe("shipment.delivered");
    expect(message.data).toMatchObject({ trackingId, to: "delivered" });
    expect(() => new Webhook(`whsec_${Buffer.from("someone else's secret!!").toString("base64")}`).verify(request!.body, request!.headers)).toThrow();

    // The endpoint's log shows the delivery and its attempt.
    await page.reload();
    const log = page.getByRole("region", { name: "Delivery log" });
    await expect(log.getByText("shipment.delivered")).toBeVisible();
    const attempts = log.getByRole("table", { name: `Attempts of ${request!.headers["webhook-id"]}` });
    await expect(attempts.getByRole("cell", { name: "204", exact: true })).toBeVisible();

    // Revoked, the key is refused on its next call.
    await page.goto("/profile/api-keys");
    await page.getByRole("button", { name: /Revoke Shop checkout/ }).click();
    await expect(page.getByText(/Revoked/)).toBeVisible();
    const refused = await page.request.get("/api/v1/shipments", { headers: { Authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["content-type"]).toBe("application/problem+json");
  } finally {
    await receiver.close();
  }
});
