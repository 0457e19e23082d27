import { expect, test } from "@playwright/test";
import { API_SHIPMENT } from "../api-sample";
import { registerCustomer } from "./sign-in";

test("a customer creates an API key in their profile, creates a shipment with it, finds it on the dashboard and revokes the key", async ({ page }) => {
  test.setTimeout(90_000);
  await registerCustomer(page, "Kai");
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

  const created = await page.request.post("/api/v1/shipments", {
    headers: { Authorization: `Bearer ${key}`, "Idempotency-Key": `story-${Date.now()}` },
    data: API_SHIPMENT,
  });
  expect(created.status()).toBe(201);
  const { trackingId } = (await created.json()) as { trackingId: string };

  await page.goto("/dashboard");
  await expect(page.getByText(trackingId).first()).toBeVisible();

  await page.goto("/profile/api-keys");
  await page.getByRole("button", { name: /Revoke Shop checkout/ }).click();
  await expect(page.getByText(/Revoked/)).toBeVisible();
  const refused = await page.request.get("/api/v1/shipments", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
});
