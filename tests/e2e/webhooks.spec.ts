import { expect, test } from "@playwright/test";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { SAMPLE_PACKAGE_STEP, SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { search } from "./admin-shipment-form";
import { redirectOf, registerCustomer, signInAsDemoAdmin } from "./sign-in";

type Caught = { headers: Record<string, string>; body: string };

/** A customer's server on loopback (local development accepts loopback http endpoints): it keeps every request and answers 204. */
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

// The customer's shipment is made by posting the four-step form's fields, as its own stories
// draw it (the API's keys are not part of this build yet).
test("a customer registers a webhook, an admin marks their shipment delivered, and the receiver verifies the 'delivered' event", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    await registerCustomer(page, javaScriptEnabled ? "Hookjs" : "Hooknojs");
    const steps: Record<string, string>[] = [SAMPLE_SENDER, SAMPLE_RECIPIENT, SAMPLE_PACKAGE_STEP];
    for (const [index, fields] of steps.entries()) {
      const step = String(index + 1);
      const response = await page.request.post(`/dashboard/create-shipment?step=${step}`, { form: { step, intent: "next", ...fields }, maxRedirects: 0 });
      expect(response.status(), `step ${step}`).toBe(302);
    }
    const created = await page.request.post("/dashboard/create-shipment?step=4", { form: { step: "4", intent: "create" }, maxRedirects: 0 });
    const trackingId = (await redirectOf(created, "creating the shipment")).replace("/track/", "");
    expect(trackingId).toMatch(/^SWP\d{6}[A-Z0-9]{6}$/);

    // The customer registers the endpoint from their profile, for deliveries only.
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
    await expect(admin.getByLabel(`Status of ${trackingId}`)).toHaveValue("delivered");
    await adminContext.close();

    // The receiver gets the one event it asked for, and it verifies with the endpoint's secret.
    await expect.poll(() => receiver.caught.length, { timeout: 20_000 }).toBeGreaterThan(0);
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
  } finally {
    await receiver.close();
  }
});
