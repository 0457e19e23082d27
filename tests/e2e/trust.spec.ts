import { expect, test, type Browser, type Page } from "@playwright/test";
import { createShipment, search } from "./admin-shipment-form";
import { registerCustomer, signInAsDemoAdmin } from "./sign-in";

// Issue 23: money a business can trust. Both stories change shared state (the tax rate, a
// deleted shipment): run this file with --workers=1.

async function setTaxRate(browser: Browser, javaScriptEnabled: boolean, percent: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const admin = await context.newPage();
  await signInAsDemoAdmin(admin);
  await admin.goto("/admin/settings");
  await admin.getByLabel("Tax rate (%)").fill(percent);
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByRole("status").getByText(/Settings saved|Nothing changed/)).toBeVisible();
  await context.close();
}

async function fillAddress(page: Page, address: { country: string; phone: string; street: string; city: string; postalCode: string }) {
  await page.getByLabel("Country").selectOption({ label: address.country });
  await page.getByLabel("Phone").fill(address.phone);
  await page.getByLabel("Street address").fill(address.street);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("Postal code").fill(address.postalCode);
}

test("with a 20% tax rate, the estimate a customer accepts is the total on the tracking page, the dashboard and the invoice", async ({ page, browser, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  await setTaxRate(browser, javaScriptEnabled, "20");
  try {
    await registerCustomer(page, "Tara");
    await page.goto("/dashboard/create-shipment?step=1");
    await fillAddress(page, { country: "United States", phone: "(415) 555-0134", street: "1 Market St", city: "San Francisco", postalCode: "94105" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Recipient details" })).toBeVisible();
    await page.getByLabel("Full name").fill("Lena Fischer");
    await page.getByLabel("Email").fill("lena@example.com");
    await fillAddress(page, { country: "Germany", phone: "30 5550 1234", street: "Torstraße 101", city: "Berlin", postalCode: "10119" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Step 3 of 4: Packages and service" })).toBeVisible();
    const parcel = page.getByRole("group", { name: "Package 1" });
    await parcel.getByLabel("Description").fill("Books");
    await parcel.getByLabel("Weight (kg)").fill("2");
    await parcel.getByLabel("Length (cm)").fill("30");
    await parcel.getByLabel("Width (cm)").fill("20");
    await parcel.getByLabel("Height (cm)").fill("10");
    await parcel.getByLabel("Declared value (each)").fill("40");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Step 4 of 4: Review and create" })).toBeVisible();

    // The estimate's total says it includes the tax; that figure is what every other screen shows.
    const estimate = page.getByRole("region", { name: "Cost estimate" });
    await expect(estimate).toContainText("Tax (20%)");
    const totalRow = estimate.getByRole("row", { name: /^Total/ });
    await expect(totalRow).toContainText("(incl. 20% tax)");
    const total = /\$[\d,]+\.\d\d/.exec((await totalRow.textContent()) ?? "")![0];

    await page.getByRole("button", { name: "Create Shipment" }).click();
    await expect(page).toHaveURL(/\/track\/[A-Z]{3}\d{6}[A-Z0-9]{6}$/);
    const trackingId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByText(`${total} (incl. 20% tax)`)).toBeVisible();

    await page.goto("/dashboard");
    const row = page.getByRole("row", { name: new RegExp(trackingId) });
    await expect(row).toContainText(`${total} (incl. 20% tax)`);
    await row.getByRole("link", { name: /invoice/i }).first().click();
    await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: /^Total/ })).toContainText(total);
    await expect(page.getByRole("row", { name: /^Tax \(20%\)/ })).toBeVisible();
  } finally {
    await setTaxRate(browser, javaScriptEnabled, "0");
  }
});

test("deleting a shipment keeps its invoice, listed with the shipment as it was", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  await signInAsDemoAdmin(page);
  const trackingId = await createShipment(page, { senderName: `Kept Invoice ${tag}`, senderEmail: "kept.invoice@example.com", description: "Ledger" });

  await search(page, trackingId);
  await page.getByRole("link", { name: `Delete ${trackingId}` }).click();
  const confirm = javaScriptEnabled ? page.getByRole("dialog", { name: `Delete ${trackingId}` }) : page.getByRole("main");
  await expect(confirm.getByText("Are you sure you want to delete this shipment?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("status").getByText("Shipment deleted")).toBeVisible();

  await page.goto(`/admin/invoices?search=${trackingId}`);
  const row = page.getByRole("row", { name: new RegExp(`INV-${trackingId}`) });
  await expect(row).toContainText("(shipment deleted)");
  await expect(row).toContainText(`Kept Invoice ${tag}`);
  await row.getByRole("link", { name: new RegExp(`INV-${trackingId}`) }).click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
  await expect(page.getByText(`${trackingId} (shipment deleted)`)).toBeVisible();
  await expect(page.getByText(`Kept Invoice ${tag}`)).toBeVisible();
});
