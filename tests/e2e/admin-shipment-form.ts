// Creating a shipment through the admin form and finding it on the dashboard, as the admin stories do (admin-shipments.spec.ts,
// analytics.spec.ts, admin-back-office.spec.ts).
import { expect, type Page } from "@playwright/test";

export type NewShipment = { senderName: string; senderEmail: string; description: string; recipientEmail?: string };

/** Creates a shipment through the admin form and returns its tracking ID from the receipt. */
export async function createShipment(page: Page, shipment: NewShipment): Promise<string> {
  await page.goto("/admin/shipments/new");
  await expect(page.getByRole("heading", { name: "Create New Shipment" })).toBeVisible();
  await page.getByLabel("Sender name", { exact: true }).fill(shipment.senderName);
  await page.getByLabel("Sender email", { exact: true }).fill(shipment.senderEmail);
  await page.getByLabel("Sender phone", { exact: true }).fill("+1 415 555 0100");
  await page.getByLabel("Sender address", { exact: true }).fill("1 Main St");
  await page.getByLabel("Sender city", { exact: true }).fill("Boston");
  await page.getByLabel("Sender country", { exact: true }).selectOption("US");
  await page.getByLabel("Recipient name", { exact: true }).fill("Bo Receiver");
  await page.getByLabel("Recipient email", { exact: true }).fill(shipment.recipientEmail ?? "bo.receiver@example.com");
  await page.getByLabel("Recipient phone", { exact: true }).fill("+49 30 1234567");
  await page.getByLabel("Recipient address", { exact: true }).fill("Torstraße 1");
  await page.getByLabel("Recipient city", { exact: true }).fill("Berlin");
  await page.getByLabel("Recipient country", { exact: true }).selectOption("DE");
  await page.getByLabel("Package type", { exact: true }).selectOption("package");
  await page.getByLabel("Weight (kg)", { exact: true }).fill("2");
  await page.getByLabel("Length (cm)", { exact: true }).fill("30");
  await page.getByLabel("Width (cm)", { exact: true }).fill("20");
  await page.getByLabel("Height (cm)", { exact: true }).fill("10");
  await page.getByLabel("Declared value", { exact: true }).fill("150");
  await page.getByLabel("Description of contents", { exact: true }).fill(shipment.description);
  await page.getByLabel("Service type", { exact: true }).selectOption("express");
  await page.getByRole("button", { name: "Create Shipment" }).click();

  await expect(page).toHaveURL(/\/receipt\/[^/?]+$/);
  await expect(page.getByRole("status").getByText("Shipment created successfully")).toBeVisible();
  const trackingId = (await page.getByRole("region", { name: "Tracking ID" }).locator("p.font-mono").textContent())!.trim();
  expect(trackingId).toMatch(/^[A-Z]{3}\d{6}[A-Z0-9]{6}$/);
  return trackingId;
}

/** Searches the dashboard as a person would: types into the box and presses Search. */
export async function search(page: Page, term: string) {
  await page.goto("/admin/dashboard");
  const filters = page.getByRole("search", { name: "Filter shipments" });
  await filters.getByLabel("Search shipments").fill(term);
  await filters.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(term).replaceAll("%20", "(\\+|%20)")}`));
}
