// Creating a shipment (through the admin form, or by posting its fields) and finding it on the dashboard, as the admin stories do (admin-shipments.spec.ts,
// analytics.spec.ts, admin-back-office.spec.ts).
import { expect, type Page } from "@playwright/test";
import { redirectOf } from "./sign-in";

export type NewShipment = { senderName: string; senderEmail: string; description: string; recipientEmail?: string };

// The admin form's fields for a new shipment: name, label, value (a select's value for selects).
function fieldsOf(shipment: NewShipment): { name: string; label: string; value: string; select?: true }[] {
  return [
    { name: "senderName", label: "Sender name", value: shipment.senderName },
    { name: "senderEmail", label: "Sender email", value: shipment.senderEmail },
    { name: "senderPhone", label: "Sender phone", value: "+1 415 555 0100" },
    { name: "senderAddress", label: "Sender address", value: "1 Main St" },
    { name: "senderCity", label: "Sender city", value: "Boston" },
    { name: "senderCountry", label: "Sender country", value: "US", select: true },
    { name: "recipientName", label: "Recipient name", value: "Bo Receiver" },
    { name: "recipientEmail", label: "Recipient email", value: shipment.recipientEmail ?? "bo.receiver@example.com" },
    { name: "recipientPhone", label: "Recipient phone", value: "+49 30 1234567" },
    { name: "recipientAddress", label: "Recipient address", value: "Torstraße 1" },
    { name: "recipientCity", label: "Recipient city", value: "Berlin" },
    { name: "recipientCountry", label: "Recipient country", value: "DE", select: true },
    { name: "packageType", label: "Package type", value: "package", select: true },
    { name: "weight", label: "Weight (kg)", value: "2" },
    { name: "length", label: "Length (cm)", value: "30" },
    { name: "width", label: "Width (cm)", value: "20" },
    { name: "height", label: "Height (cm)", value: "10" },
    { name: "value", label: "Declared value", value: "150" },
    { name: "description", label: "Description of contents", value: shipment.description },
    { name: "serviceType", label: "Service type", value: "express", select: true },
  ];
}

/** Creates a shipment by filling in the admin form, as the admin form's own story does, and returns its tracking ID. */
export async function createShipmentInForm(page: Page, shipment: NewShipment): Promise<string> {
  await page.goto("/admin/shipments/new");
  await expect(page.getByRole("heading", { name: "Create New Shipment" })).toBeVisible();
  for (const field of fieldsOf(shipment)) {
    const input = page.getByLabel(field.label, { exact: true });
    if (field.select) await input.selectOption(field.value);
    else await input.fill(field.value);
  }
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page).toHaveURL(/\/receipt\/[^/?]+$/);
  await expect(page.getByRole("status").getByText("Shipment created successfully")).toBeVisible();
  return trackingIdOnReceipt(page);
}

/**
 * Creates a shipment for a story about something else: posts the admin form's fields, as the
 * browser would, with the page's session, then opens the receipt the form sends one to. (The
 * "created" toast is not looked for: a live admin page still open in the story may take it first.)
 */
export async function createShipment(page: Page, shipment: NewShipment): Promise<string> {
  const fields = Object.fromEntries(fieldsOf(shipment).map((field) => [field.name, field.value]));
  // What the form's other selects hold when nobody touches them.
  const defaults = { currency: "USD", deliveryOption: "standard" };
  const response = await page.request.post("/admin/shipments/new", { form: { ...defaults, ...fields, intent: "save" }, maxRedirects: 0 });
  await page.goto(await redirectOf(response, "creating a shipment"));
  return trackingIdOnReceipt(page);
}

async function trackingIdOnReceipt(page: Page): Promise<string> {
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
