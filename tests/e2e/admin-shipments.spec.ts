import { expect, test, type Page } from "@playwright/test";
import { createShipment, createShipmentInForm, search } from "./admin-shipment-form";
import { receivedMail } from "./mail";
import { signInAsDemoAdmin } from "./sign-in";

/** The tracking page's "Current location". */
function currentLocation(page: Page) {
  return page.getByRole("term").filter({ hasText: /^Current location$/ }).locator("xpath=following-sibling::dd[1]");
}

// The admin back office's stories, run with JavaScript off and on. The e2e server is shared by
// both projects and every file, so each story works on shipments it creates itself, named after
// its project and a random tag, and searches for them by that name.

test("the demo admin finds a shipment, moves it along, edits it and opens its receipt", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  await signInAsDemoAdmin(page);
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome back, / })).toBeVisible();

  const trackingId = await createShipmentInForm(page, {
    senderName: `Story Customer ${tag}`,
    senderEmail: "story.customer@example.com",
    description: "Vinyl records",
  });

  // The header's search box finds it from any admin page, the list's own box following.
  await page.goto("/admin/shipments?search=nothing-like-it");
  const header = page.getByRole("search", { name: "All shipments" });
  await header.getByLabel("Find a shipment").fill(trackingId);
  await header.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`/admin/shipments?search=${trackingId}`);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByLabel("Search shipments")).toHaveValue(trackingId);

  // Find it by tracking ID and set it to In Transit.
  await search(page, trackingId);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("checkbox", { name: `Select ${trackingId}` })).toBeVisible();
  await page.getByLabel(`Status of ${trackingId}`).selectOption("in_transit");
  if (!javaScriptEnabled) await page.getByRole("button", { name: `Update status of ${trackingId}` }).click();
  await expect(page.getByRole("status").getByText("Shipment status updated")).toBeVisible();
  await expect(page.getByLabel(`Status of ${trackingId}`)).toHaveValue("in_transit");

  // The public tracking page tells the world, where the status change put it.
  await page.goto(`/track/${trackingId}`);
  await expect(page.getByText("In Transit").first()).toBeVisible();
  const history = page.getByRole("region", { name: "Shipment history" });
  await expect(history.getByRole("listitem").first()).toContainText("Package is in transit to destination");
  await expect(history.getByRole("listitem").first()).toContainText("Transit Hub");
  await expect(currentLocation(page)).toHaveText("Transit Hub");

  // Set its current location: a page without JavaScript, a dialog with it.
  await search(page, trackingId);
  await page.getByRole("link", { name: `Location of ${trackingId}` }).click();
  const locationForm = javaScriptEnabled ? page.getByRole("dialog", { name: `Current location of ${trackingId}` }) : page.getByRole("main");
  await expect(locationForm.getByLabel("Current location")).toHaveValue("Transit Hub");
  // An empty location is refused with a message, on the location's own page.
  await locationForm.getByLabel("Current location").fill("");
  await locationForm.getByRole("button", { name: "Save" }).click();
  const refused = page.getByRole("main");
  await expect(refused.getByText("Please enter a location")).toBeVisible();
  await expect(refused.getByLabel("Current location")).toHaveAttribute("aria-invalid", "true");
  await refused.getByLabel("Current location").fill("Leipzig Hub");
  await refused.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Current location updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard\?search=/);
  // A new place is a history entry of its own.
  await page.goto(`/track/${trackingId}`);
  await expect(history.getByRole("listitem").first()).toContainText("Location updated");
  await expect(history.getByRole("listitem").first()).toContainText("Leipzig Hub");
  await expect(currentLocation(page)).toHaveText("Leipzig Hub");
  await search(page, trackingId);

  // Edit it; the audit trail names the change and its previous value.
  await page.getByRole("link", { name: `Edit ${trackingId}` }).click();
  await expect(page.getByRole("heading", { name: `Edit Shipment ${trackingId}` })).toBeVisible();
  await expect(page.getByLabel("Current location")).toHaveValue("Leipzig Hub");
  await page.getByLabel("Description of contents").fill("Vinyl records and sleeves");
  await page.getByRole("button", { name: "Update Shipment" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByRole("status").getByText("Shipment updated successfully")).toBeVisible();
  await search(page, trackingId);
  await page.getByRole("link", { name: `Edit ${trackingId}` }).click();
  const audit = page.getByRole("region", { name: "Audit trail" });
  await expect(audit).toContainText("Vinyl records and sleeves");
  await expect(audit).toContainText("Vinyl records");
  await expect(audit).toContainText("Leipzig Hub");

  // Its receipt carries a QR code to public tracking and the tracking ID as a barcode.
  await page.getByRole("link", { name: "Receipt", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Shipment Receipt" })).toBeVisible();
  const trackingUrl = new URL(`/track/${trackingId}`, page.url()).href;
  await expect(page.getByRole("img", { name: `QR code linking to ${trackingUrl}` })).toBeVisible();
  await expect(page.getByRole("img", { name: `Barcode of ${trackingId}` })).toBeVisible();
  await expect(page.getByText("Vinyl records and sleeves")).toBeVisible();
  await expect(page.getByRole("link", { name: "Print / Save PDF" }).or(page.getByRole("button", { name: "Print / Save PDF" }))).toBeVisible();
});

test("the parcel is where its latest history entry says, after a place typed in the edit form and a custom destination", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  await signInAsDemoAdmin(page);
  const trackingId = await createShipment(page, { senderName: `Place Sender ${tag}`, senderEmail: "place.sender@example.com", description: "Maps" });
  const shipmentId = new URL(page.url()).pathname.split("/").pop()!;
  const history = page.getByRole("region", { name: "Shipment history" });

  await page.goto(`/track/${trackingId}`);
  await expect(currentLocation(page)).toHaveText("Processing Center");
  await expect(history.getByRole("listitem")).toHaveCount(1);

  // The edit form's new place: an entry of its own, listed on the edit page and shown to the world.
  await page.goto(`/admin/shipments/${shipmentId}/edit`);
  await page.getByLabel("Current location").fill("Boston Sort Center");
  await page.getByRole("button", { name: "Update Shipment" }).click();
  await expect(page.getByRole("status").getByText("Shipment updated successfully")).toBeVisible();
  await page.goto(`/admin/shipments/${shipmentId}/edit`);
  const stored = page.getByRole("region", { name: "Tracking history" }).getByRole("listitem");
  await expect(stored).toHaveCount(2);
  await expect(stored.first()).toContainText("Boston Sort Center");
  await page.goto(`/track/${trackingId}`);
  await expect(currentLocation(page)).toHaveText("Boston Sort Center");
  await expect(history.getByRole("listitem").first()).toContainText("Boston Sort Center");

  // Delivered to a custom destination from the status page: the parcel is there, not where it was.
  await page.goto(`/admin/shipments/${shipmentId}/status?redirectTo=/admin/dashboard`);
  await page.getByLabel("Please enter the custom destination").fill("Pickup Locker 42");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Shipment delivered to: Pickup Locker 42")).toBeVisible();
  await page.goto(`/track/${trackingId}`);
  await expect(page.getByRole("heading", { name: "Delivered to Pickup Locker 42" })).toBeVisible();
  await expect(currentLocation(page)).toHaveText("Pickup Locker 42");
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").first()).toContainText("Pickup Locker 42");
  await expect(history.getByRole("listitem").last()).toContainText("Processing Center");
});

test("the demo admin bulk-deletes two shipments after confirming, and only those", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  await signInAsDemoAdmin(page);
  const bulkName = `Bulk Sender ${tag}`;
  const keep = await createShipment(page, { senderName: bulkName, senderEmail: "bulk.keep@example.com", description: "Spare parts" });
  const doomed = [
    await createShipment(page, { senderName: bulkName, senderEmail: "bulk.one@example.com", description: "Spare parts" }),
    await createShipment(page, { senderName: bulkName, senderEmail: "bulk.two@example.com", description: "Spare parts" }),
  ];
  await search(page, bulkName);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4);
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  await bulk.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Please select shipments first")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(4);
  for (const id of doomed) await page.getByLabel(`Select ${id}`).check();
  if (javaScriptEnabled) await expect(page.getByText("2 shipment(s) selected")).toBeVisible();
  await bulk.getByRole("button", { name: "Delete" }).or(bulk.getByRole("link", { name: "Delete" })).click();
  const confirm = javaScriptEnabled ? page.getByRole("dialog", { name: "Delete shipments" }) : page.getByRole("main");
  await expect(confirm.getByText("Are you sure you want to delete 2 shipments?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete 2 shipments" }).click();
  await expect(page.getByRole("status").getByText("2 shipments deleted")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("checkbox", { name: `Select ${keep}` })).toBeVisible();
  for (const id of doomed) await expect(table.getByRole("checkbox", { name: `Select ${id}` })).toHaveCount(0);
});

test("the demo admin sets two new shipments In Transit in one go, and each sender gets its status mail", async ({ page, javaScriptEnabled, request }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  const slug = tag.replace(/\W+/g, "-");
  await signInAsDemoAdmin(page);
  const senderName = `Bulk Status ${tag}`;
  const senders = [`bulk.status.one.${slug}@example.com`, `bulk.status.two.${slug}@example.com`];
  const trackingIds: string[] = [];
  for (const senderEmail of senders) trackingIds.push(await createShipment(page, { senderName, senderEmail, description: "Tea tins" }));

  await search(page, senderName);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  for (const id of trackingIds) await expect(page.getByLabel(`Status of ${id}`)).toHaveValue("pending");
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  for (const id of trackingIds) await page.getByLabel(`Select ${id}`).check();
  if (javaScriptEnabled) await expect(page.getByText("2 shipment(s) selected")).toBeVisible();
  await bulk.getByLabel("New status").selectOption("in_transit");
  await bulk.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("status").getByText("2 shipments updated")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard\?search=/);
  for (const id of trackingIds) await expect(page.getByLabel(`Status of ${id}`)).toHaveValue("in_transit");

  // Each sender hears of it within seconds, through the events queue.
  for (const [index, senderEmail] of senders.entries()) {
    const mail = await receivedMail(request, senderEmail, "shipment-status");
    expect(mail.subject).toBe(`Shipment ${trackingIds[index]}: In Transit`);
    expect(mail.body).toContain("Package is in transit to destination");
  }
});

test("an admin delivers to a custom destination and deletes one shipment after confirming", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  await signInAsDemoAdmin(page);
  const trackingId = await createShipment(page, {
    senderName: `Pickup Sender ${tag}`,
    senderEmail: "pickup.sender@example.com",
    description: "Camera lens",
  });

  await search(page, trackingId);
  await page.getByLabel(`Status of ${trackingId}`).selectOption("custom_destination");
  if (!javaScriptEnabled) await page.getByRole("button", { name: `Update status of ${trackingId}` }).click();
  const destination = page.getByLabel("Please enter the custom destination");
  await destination.fill("   ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a destination")).toBeVisible();
  await destination.fill("Corner Shop Pickup Point");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Shipment delivered to: Corner Shop Pickup Point")).toBeVisible();
  await expect(page.getByLabel(`Status of ${trackingId}`)).toHaveValue("custom_destination");

  await page.getByRole("link", { name: `Delete ${trackingId}` }).click();
  const confirm = javaScriptEnabled ? page.getByRole("dialog", { name: `Delete ${trackingId}` }) : page.getByRole("main");
  await expect(confirm.getByText("Are you sure you want to delete this shipment?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("status").getByText("Shipment deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No shipments found" })).toBeVisible();
});

test("an empty create form is refused field by field", async ({ page, javaScriptEnabled }) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin/shipments/new");
  // Without JavaScript the server answers; with it the same rules run before anything is sent.
  const answer = javaScriptEnabled ? null : page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  if (answer) expect((await answer).status()).toBe(400);
  await expect(page.getByText("Please fix the errors in the form")).toBeVisible();
  for (const label of [
    "Sender name", "Sender email", "Sender phone", "Sender address", "Sender city", "Sender country",
    "Recipient name", "Recipient email", "Recipient phone", "Recipient address", "Recipient city", "Recipient country",
    "Weight (kg)", "Description of contents",
  ]) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field, label).toHaveAttribute("aria-invalid", "true");
    await expect(field, label).toHaveAccessibleDescription(/This field is required/);
  }
  await expect(page).toHaveURL("/admin/shipments/new");
});

test("nothing in the back office opens for a signed-out visitor", async ({ page }) => {
  for (const path of ["/admin/dashboard", "/admin/shipments/new", "/receipt/seed-shipment-01"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  }
});
