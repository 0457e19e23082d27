import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { registerCustomer, signInAsDemoCustomer } from "./sign-in";

function stepHeading(page: Page, text: string) {
  return page.getByRole("heading", { name: text });
}

const SENDER_ADDRESS = { country: "United States", phone: "(415) 555-0134", street: "1 Market St", city: "San Francisco", postalCode: "94105" };
const RECIPIENT_ADDRESS = { country: "Germany", phone: "30 5550 1234", street: "Torstraße 101", city: "Berlin" };

/** Fills step 1's or step 2's address; the postal code only when given. */
async function fillAddress(page: Page, address: { country: string; phone: string; street: string; city: string; postalCode?: string }) {
  await page.getByLabel("Country").selectOption({ label: address.country });
  await page.getByLabel("Phone").fill(address.phone);
  await page.getByLabel("Street address").fill(address.street);
  await page.getByLabel("City").fill(address.city);
  if (address.postalCode) await page.getByLabel("Postal code").fill(address.postalCode);
}

async function fillPackage(group: Locator, item: { description: string; weight: string; sides: [string, string, string]; value: string }) {
  await group.getByLabel("Description").fill(item.description);
  await group.getByLabel("Weight (kg)").fill(item.weight);
  await group.getByLabel("Length (cm)").fill(item.sides[0]);
  await group.getByLabel("Width (cm)").fill(item.sides[1]);
  await group.getByLabel("Height (cm)").fill(item.sides[2]);
  await group.getByLabel("Declared value (each)").fill(item.value);
}

/**
 * The form formats and saves as one types once its behaviour runs (features/shipments/step-form.ts):
 * the page's one module runs before the document's DOMContentLoaded.
 */
async function formEnhanced(page: Page) {
  await page.waitForLoadState("domcontentloaded");
}

const BOOKS = { description: "Books", weight: "2", sides: ["30", "20", "10"] as [string, string, string], value: "40" };

test("a customer sends a parcel in four steps, finds it on the dashboard and opens its invoice", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(page, "Robin");

  // A brand-new account is greeted as new, and its empty dashboard says how to start.
  await expect(page.getByRole("heading", { name: "Welcome, Robin!" })).toBeVisible();
  await expect(page.getByText("Get started by creating your first shipment")).toBeVisible();
  await page.getByRole("link", { name: "New Shipment" }).click();

  // Step 1: name and e-mail come from the account; a fault is reported in the product's words.
  await expect(stepHeading(page, "Step 1 of 4: Sender details")).toBeVisible();
  await expect(page).toHaveURL("/dashboard/create-shipment?step=1");
  await expect(page.getByLabel("Full name")).toHaveValue(customer.name);
  await expect(page.getByLabel("Email")).toHaveValue(customer.email);
  if (javaScriptEnabled) await formEnhanced(page);
  await page.getByLabel("Full name").fill("");
  await fillAddress(page, SENDER_ADDRESS);
  if (javaScriptEnabled) {
    // Checked as it is typed, with the same rules as the server, and nothing sent yet.
    await expect(page.getByLabel("Phone")).toHaveValue("415 555-0134");
    await expect(page.getByText("+1 is put in front for you.")).toBeVisible();
  }
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Sender name is required")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("San Francisco");
  await page.getByLabel("Full name").fill("Robin Tester");
  if (javaScriptEnabled) await expect(page.getByText("Sender name is required")).toBeHidden();
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2, then back to step 1 and on again: nothing typed is lost.
  await expect(stepHeading(page, "Step 2 of 4: Recipient details")).toBeVisible();
  await page.getByLabel("Full name").fill("Lena Fischer");
  await page.getByLabel("Email").fill("lena@example.com");
  await fillAddress(page, RECIPIENT_ADDRESS);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(stepHeading(page, "Step 1 of 4: Sender details")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("415 555-0134");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("City")).toHaveValue("Berlin");
  await page.getByLabel("Postal code").fill("10119");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 3: two kinds of package, one of them twice; Saturday delivery, insured.
  await expect(stepHeading(page, "Step 3 of 4: Packages and service")).toBeVisible();
  const first = page.getByRole("group", { name: "Package 1" });
  await fillPackage(first, BOOKS);
  await page.getByRole("button", { name: "Add another package" }).click();
  const second = page.getByRole("group", { name: "Package 2" });
  await expect(first.getByLabel("Description")).toHaveValue("Books");
  await fillPackage(second, { description: "Mugs", weight: "0.5", sides: ["10", "10", "10"], value: "10" });
  await second.getByLabel("Quantity").fill("2");
  await page.getByLabel("Service type").selectOption("standard");
  await page.getByLabel("Delivery option").selectOption({ label: "Saturday (+$25.00)" });
  await page.getByLabel("Insure the declared value (1% of it, up to $50,000)").check();
  const estimate = page.getByRole("region", { name: "Cost estimate" });
  if (javaScriptEnabled) {
    // The estimate follows what is typed: 3 kg from the US to Germany.
    await expect(estimate).toContainText("Weight (3 kg)");
    await expect(estimate).toContainText("Saturday");
  }
  await page.getByRole("button", { name: "Next" }).click();

  // Step 4: the summary, the estimate's breakdown, and the currency picker.
  await expect(stepHeading(page, "Step 4 of 4: Review and create")).toBeVisible();
  await expect(page.getByRole("region", { name: "Packages and service" })).toContainText("Mugs: 2 × 0.5 kg");
  await expect(page.getByRole("region", { name: "Recipient" })).toContainText("+49 30 5550 1234");
  // (5.99 + 1.50) x 2 between regions = 14.98; Saturday 25.00; 1 % of 60.00 insured = 0.60.
  for (const line of ["Base rate", "Weight (3 kg)", "Route (x2)", "Saturday", "Insurance (1% of declared value)"]) {
    await expect(estimate).toContainText(line);
  }
  await expect(estimate).toContainText("$40.58");

  await expect(page.getByRole("region", { name: "Packages and service" })).toContainText("declared value 40 USD each");

  // Back keeps everything; the currency is chosen with the packages, and the values are read in it.
  await page.goBack();
  await expect(stepHeading(page, "Step 3 of 4: Packages and service")).toBeVisible();
  await expect(page.getByRole("group", { name: "Package 2" }).getByLabel("Quantity")).toHaveValue("2");
  await page.getByLabel("Currency").selectOption("EUR");
  if (javaScriptEnabled) await expect(first.getByText("In EUR, the currency chosen above.")).toBeVisible();
  else await page.getByRole("button", { name: "Update estimate" }).click();
  // The dollar tariff converted at the settings' rate (1 USD = 0.87 EUR): 34.78 of it, plus 1 % of the €60.00 declared.
  await expect(estimate).toContainText("€35.38");
  await expect(estimate).toContainText("Converted from USD at 1 USD = 0.87 EUR, the rate of Nov 20, 2026.");
  if (!javaScriptEnabled) {
    await expect(estimate).toContainText("To see them in another currency or with other options, choose them and press Update estimate.");
    await expect(first.getByText("In EUR, the currency chosen above.")).toBeVisible();
  }
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, "Step 4 of 4: Review and create")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Packages and service" })).toContainText("declared value 40 EUR each");
  await expect(estimate).toContainText("€35.38");
  await page.getByLabel("Special instructions (optional)").fill("Leave with the neighbour");

  await page.getByRole("button", { name: "Create Shipment" }).click();
  // Any three letters: the prefix is a setting (the settings story changes it for a moment).
  await expect(page).toHaveURL(/\/track\/[A-Z]{3}\d{6}[A-Z0-9]{6}$/);
  await expect(page.getByText("Shipment created successfully!")).toBeVisible();
  const trackingId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText("Pending").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Shipment history" })).toContainText("Shipment created and pending processing");
  // Its owner sees the size of each parcel, as for any other shipment.
  await expect(page.getByRole("table", { name: "Parcels" })).toContainText("10 × 10 × 10 cm");

  // The dashboard finds it by the start of its tracking ID, and filters it.
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  const search = page.getByRole("search", { name: "Search and filter shipments" });
  await search.getByLabel("Search by tracking ID").fill(trackingId.slice(0, 8).toLowerCase());
  if (!javaScriptEnabled) await search.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(`/dashboard?search=${trackingId.slice(0, 8)}`);
  const row = page.getByRole("row", { name: new RegExp(trackingId) });
  await expect(row).toContainText("Lena Fischer");
  await expect(row).toContainText("€35.38");
  await search.getByLabel("Status").selectOption("delivered");
  if (!javaScriptEnabled) await search.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
  await search.getByLabel("Status").selectOption("pending");
  if (!javaScriptEnabled) await search.getByRole("button", { name: "Apply" }).click();
  await expect(row).toBeVisible();

  // Its invoice: the quote's lines in euros with the rate they were converted at, printable.
  await row.getByRole("link", { name: /Invoice/ }).click();
  await expect(page.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
  // The number heads the invoice (and is quoted again at its foot).
  await expect(page.getByText(`INV-${trackingId}`, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Saturday/ })).toContainText("€21.75");
  await expect(page.getByRole("row", { name: /^Total/ })).toContainText("€35.38");
  await expect(page.getByText("1 USD = 0.87 EUR (Nov 20, 2026)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Print / Save PDF" })).toBeVisible();

  // A customer with many parcels pages through them, ten at a time.
  await page.context().clearCookies();
  await signInAsDemoCustomer(page);
  await page.goto("/dashboard");
  await expect(page.getByText(/^Showing 1 to 10 of 2\d results$/)).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Shipment pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText(/^Showing 11 to 20 of 2\d results$/)).toBeVisible();
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText(/^Showing 21 to 2\d of 2\d results$/)).toBeVisible();
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL("/dashboard?page=2");

  // Sorted by tracking ID, A to Z; the order holds from one page to the next.
  const sorting = page.getByRole("search", { name: "Search and filter shipments" });
  await sorting.getByText("Filters", { exact: true }).click();
  await sorting.getByLabel("Sort by").selectOption({ label: "Tracking ID" });
  await sorting.getByLabel("Order").selectOption({ label: "Ascending" });
  if (!javaScriptEnabled) await sorting.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL("/dashboard?sortBy=trackingId&sortOrder=asc");
  const listedIds = () => page.getByRole("table").getByRole("rowheader").locator(".font-mono").allTextContents();
  const firstPage = await listedIds();
  expect(firstPage).toHaveLength(10);
  expect(firstPage).toEqual([...firstPage].sort());
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL("/dashboard?sortBy=trackingId&sortOrder=asc&page=2");
  const secondPage = await listedIds();
  expect(secondPage).toEqual([...secondPage].sort());
  expect(secondPage[0]! > firstPage.at(-1)!).toBe(true);
});

test("a customer sends a fragile Same Day parcel across town: the estimate's total is the invoice's", async ({ page }) => {
  test.setTimeout(120_000);
  await registerCustomer(page, "Sunny");
  await page.goto("/dashboard/create-shipment?step=1");
  await fillAddress(page, SENDER_ADDRESS);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, "Step 2 of 4: Recipient details")).toBeVisible();
  await page.getByLabel("Full name").fill("Sam Courier");
  await page.getByLabel("Email").fill("sam@example.com");
  // Across the bay first: Same Day does not go there.
  await fillAddress(page, { country: "United States", phone: "(510) 555-0142", street: "1 Frank H Ogawa Plaza", city: "Oakland", postalCode: "94612" });
  await page.getByRole("button", { name: "Next" }).click();

  await expect(stepHeading(page, "Step 3 of 4: Packages and service")).toBeVisible();
  await fillPackage(page.getByRole("group", { name: "Package 1" }), { description: "Vase", weight: "1.5", sides: ["20", "20", "40"], value: "120" });
  await page.getByLabel("Service type").selectOption({ label: "Same Day (the same day, within one city)" });
  await page.getByLabel("Fragile handling (+$8.00)").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Same Day delivers within one city: the sender and the recipient must be in the same city and country.")).toBeVisible();
  await expect(page.getByLabel("Fragile handling (+$8.00)")).toBeChecked();

  // Back to the recipient, who is in San Francisco after all; the package step kept everything.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(stepHeading(page, "Step 2 of 4: Recipient details")).toBeVisible();
  await page.getByLabel("Street address").fill("500 Howard St");
  await page.getByLabel("City").fill("San Francisco");
  await page.getByLabel("Postal code").fill("94105");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Service type")).toHaveValue("same_day");
  await expect(page.getByLabel("Fragile handling (+$8.00)")).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(stepHeading(page, "Step 4 of 4: Review and create")).toBeVisible();
  const estimate = page.getByRole("region", { name: "Cost estimate" });
  // 45.00 + 1.5 kg x 0.50 within one city, fragile 8.00.
  for (const line of ["Base rate$45.00", "Weight (1.5 kg)$0.75", "Fragile handling$8.00"]) await expect(estimate).toContainText(line);
  const totalRow = estimate.getByRole("row", { name: /^Total/ });
  await expect(totalRow).toContainText("$53.75");
  const total = /\$[\d,]+\.\d\d/.exec((await totalRow.textContent()) ?? "")![0];

  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page).toHaveURL(/\/track\/[A-Z]{3}\d{6}[A-Z0-9]{6}$/);
  const trackingId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText("Same Day").first()).toBeVisible();
  await expect(page.getByText(total).first()).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("row", { name: new RegExp(trackingId) }).getByRole("link", { name: /invoice/i }).first().click();
  await expect(page.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: /Fragile handling/ })).toContainText("$8.00");
  await expect(page.getByRole("row", { name: /^Total/ })).toContainText(total);
});

test("with JavaScript, a step changed after it passed is checked again, also while a draft save is on its way", async ({ page, javaScriptEnabled }) => {
  // Without JavaScript nothing is saved between the steps' own buttons, so a passed step cannot change unseen.
  test.skip(!javaScriptEnabled, "drafts save as one types only with JavaScript");
  test.setTimeout(90_000);
  await registerCustomer(page, "Kai");
  await page.goto("/dashboard/create-shipment");
  await fillAddress(page, SENDER_ADDRESS);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, "Step 2 of 4: Recipient details")).toBeVisible();
  await page.getByLabel("Full name").fill("Lena Fischer");
  await page.getByLabel("Email").fill("lena@example.com");
  await fillAddress(page, { ...RECIPIENT_ADDRESS, postalCode: "10119" });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, "Step 3 of 4: Packages and service")).toBeVisible();
  await fillPackage(page.getByRole("group", { name: "Package 1" }), BOOKS);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, "Step 4 of 4: Review and create")).toBeVisible();

  // Back to the sender by the step list (not Previous), the name cleared and saved as typed.
  const steps = page.getByRole("navigation", { name: "Shipment steps" });
  await steps.getByRole("link", { name: /Sender/ }).click();
  const saved = page.waitForResponse((response) => response.request().postData()?.includes("intent=save") ?? false);
  await page.getByLabel("Full name").fill("");
  await saved;
  await steps.getByRole("link", { name: /Review/ }).click();
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(stepHeading(page, "Step 1 of 4: Sender details")).toBeVisible();
  await expect(page.getByText("Sender name is required")).toBeVisible();

  // Next pressed while a save is still on its way: the step waits for it, then is checked as usual.
  await page.route("**/create-shipment*", async (route) => {
    if (route.request().postData()?.includes("intent=save")) await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const saving = page.waitForRequest((request) => request.postData()?.includes("intent=save") ?? false);
  await page.getByLabel("City").fill("");
  await saving;
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Sender city is required")).toBeVisible();
  await expect(page.getByText("Sender name is required")).toBeVisible();

  await page.getByLabel("Full name").fill("Kai Tester");
  await page.getByLabel("City").fill("San Francisco");
  for (const step of ["Step 2 of 4: Recipient details", "Step 3 of 4: Packages and service", "Step 4 of 4: Review and create"]) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Sender" })).toContainText("Kai Tester");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByText("Shipment created successfully!")).toBeVisible();
});

test("another customer sees none of someone else's shipments, invoices or counts", async ({ page }) => {
  const demoParcel = DEMO_TRACKING_IDS[0]!.trackingId;
  await registerCustomer(page, "Sasha");

  await expect(page.getByText("No shipments found")).toBeVisible();
  const tiles = page.getByRole("region", { name: "Statistics" });
  for (const label of ["Total shipments", "In transit", "Delivered", "This month"]) {
    await expect(tiles.getByRole("definition").filter({ hasText: /^\d+$/ })).toHaveText(["0", "0", "0", "0"]);
    await expect(tiles).toContainText(label);
  }

  // A tile filters the list, and the filter bar says so.
  await tiles.getByRole("link", { name: "In transit" }).click();
  await expect(page).toHaveURL("/dashboard?status=in_transit");
  await expect(page.getByRole("search", { name: "Search and filter shipments" }).getByLabel("Status")).toHaveValue("in_transit");
  await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();

  // Searching for the demo customer's parcel finds nothing.
  await page.goto(`/dashboard?search=${demoParcel}`);
  await expect(page.getByText("No shipments found")).toBeVisible();

  // The demo customer's invoice, by its address, does not exist for this customer.
  const response = await page.goto("/invoices/seed-invoice-01");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

  // The public tracking page shows where the parcel is, never who sent it.
  await page.goto(`/track/${demoParcel}`);
  await expect(page.getByRole("heading", { name: "Tracking ID" })).toBeVisible();
  await expect(page.getByText("Shipment details")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "View invoice" })).toHaveCount(0);
});
