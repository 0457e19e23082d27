import { mkdir, rmdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "../../app/features/accounts/demo-accounts.server";
import { createShipment } from "./admin-shipment-form";
import { receivedMail } from "./mail";
import { signIn, signInAsDemoAdmin } from "./sign-in";

// Issue 13's stories, run with JavaScript off and on: users, invoices and settings as the demo
// admin meets them. Each story works on records it creates itself, named after its project and
// a random tag, and finds them by that name.

const PASSWORD = "Quinn-Tester-9";

function tagFor(projectName: string) {
  return `${projectName}-${Math.random().toString(36).slice(2, 8)}`;
}

test("the demo admin finds a new customer by e-mail prefix, suspends, reactivates and deletes them", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.slow();
  const tag = tagFor(testInfo.project.name);
  const email = `quinn.${tag}@example.com`;

  const customer = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await customer.goto("/register");
  await customer.getByLabel("First name").fill("Quinn");
  await customer.getByLabel("Last name").fill("Tester");
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Phone number").fill("+44 20 7946 0958");
  await customer.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await customer.getByLabel("Confirm password").fill(PASSWORD);
  await customer.getByLabel(/I agree to the/).check();
  await customer.getByRole("button", { name: "Create Account" }).click();
  await expect(customer).toHaveURL("/dashboard");

  await signInAsDemoAdmin(page);
  await page.goto("/admin/users");
  const filters = page.getByRole("search", { name: "Users" });
  await filters.getByLabel("Name or e-mail").fill(`QUINN.${tag}`);
  await filters.getByRole("button", { name: "Search", exact: true }).click();
  const accounts = page.getByRole("region", { name: "Accounts" });
  await expect(accounts.getByRole("row")).toHaveCount(2); // the header and Quinn
  await accounts.getByRole("link", { name: "Quinn Tester" }).click();
  await expect(page.getByRole("heading", { name: "Quinn Tester", level: 1 })).toBeVisible();

  // Suspended: the customer's next request is signed out, and signing in is refused.
  await page.getByRole("button", { name: "Suspend user" }).click();
  await expect(page.getByRole("status").getByText("User suspended: they are signed out and cannot sign in")).toBeVisible();
  await customer.goto("/dashboard");
  await expect(customer).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await customer.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(customer.getByText("Your account has been suspended. Please contact support.")).toBeVisible();

  await page.getByRole("button", { name: "Reactivate user" }).click();
  await expect(page.getByRole("status").getByText("User reactivated: they can sign in again")).toBeVisible();
  await signIn(customer, { email, password: PASSWORD });
  await expect(customer).toHaveURL("/dashboard");

  // Deleted: a page without JavaScript, a dialog with it; the customer is signed out.
  await page.getByRole("link", { name: "Delete user" }).click();
  const confirm = javaScriptEnabled ? page.getByRole("dialog", { name: "Delete Quinn Tester" }) : page.getByRole("main");
  await expect(confirm.getByText("Are you sure")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete user" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("status").getByText("User deleted successfully")).toBeVisible();
  await customer.goto("/dashboard");
  await expect(customer).toHaveURL(/\/login/);
  await customer.context().close();
});

test("the demo admin marks a new shipment's invoice paid and finds it in the CSV", async ({ page }, testInfo) => {
  test.slow();
  const tag = tagFor(testInfo.project.name);
  await signInAsDemoAdmin(page);
  const trackingId = await createShipment(page, { senderName: `Ivy ${tag}`, senderEmail: `ivy.${tag}@example.com`, description: "Invoice story" });

  await page.goto("/admin/invoices");
  const filters = page.getByRole("search", { name: /invoices/i });
  await filters.getByLabel("Search invoices").fill(trackingId);
  await filters.getByRole("button", { name: "Search", exact: true }).click();
  // The list filters as one types (with JavaScript) before the search reaches the address: wait
  // for the address, which the mark-paid answer returns to and the export link is made from.
  await expect(page).toHaveURL(new RegExp(`[?&]search=${trackingId}`));
  const row = page.getByRole("row").filter({ hasText: trackingId });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Unpaid", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: /^Mark paid/ }).click();
  await expect(page.getByRole("status").getByText("Invoice marked as paid")).toBeVisible();
  const paidRow = page.getByRole("row").filter({ hasText: trackingId });
  await expect(paidRow.getByText("Paid", { exact: true })).toBeVisible();
  await expect(paidRow.getByText(new RegExp(`by ${DEMO_ADMIN.firstName}`))).toBeVisible();

  // The export is the filtered list, as a file.
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(trackingId);
  expect(lines[1]).toContain(",Paid,");
});

/**
 * Settings are one row for the whole server, which both projects and other stories share: the
 * settings story holds a lock across processes while it runs and puts everything back after.
 */
async function withSettingsLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `swiftparcel-e2e-settings-${process.env.E2E_PORT ?? "8788"}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(lock);
  }
}

async function saveSettings(page: Page, values: { companyName: string; trackingPrefix: string }) {
  await page.goto("/admin/settings");
  await page.getByLabel("Company name").fill(values.companyName);
  await page.getByLabel("Tracking prefix").fill(values.trackingPrefix);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").getByText(/Settings saved|Nothing changed/)).toBeVisible();
}

test("the demo admin changes the tracking prefix and the company name, and both are used at once", async ({ page, request }, testInfo) => {
  test.slow();
  const tag = tagFor(testInfo.project.name);
  await signInAsDemoAdmin(page);
  // Reached from the profile menu's System Settings.
  await page.getByText(`${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`).click();
  await page.getByRole("link", { name: "System Settings" }).click();
  await expect(page.getByRole("heading", { name: "System settings" })).toBeVisible();

  // Bad input: every message at once, nothing saved.
  await page.getByLabel("Tracking prefix").fill("A1");
  await page.getByLabel("Company name").fill(" ");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The tracking prefix must be exactly three letters (A-Z)")).toBeVisible();
  await expect(page.getByText("Please enter the company name")).toBeVisible();

  await withSettingsLock(async () => {
    await page.goto("/admin/settings");
    const before = { companyName: await page.getByLabel("Company name").inputValue(), trackingPrefix: await page.getByLabel("Tracking prefix").inputValue() };
    const prefix = testInfo.project.name === "js" ? "JSQ" : "NJQ";
    const companyName = `Northwind ${tag}`;
    try {
      await saveSettings(page, { companyName, trackingPrefix: prefix.toLowerCase() });
      // The last ten changes are listed: an earlier run of this story may have made the same one.
      await expect(page.getByText(`Tracking prefix: ${before.trackingPrefix} to ${prefix}`).first()).toBeVisible();

      const recipientEmail = `rory.${tag}@example.com`;
      const trackingId = await createShipment(page, { senderName: `Sol ${tag}`, senderEmail: `sol.${tag}@example.com`, description: "Settings story", recipientEmail });
      expect(trackingId.startsWith(prefix)).toBe(true);

      await page.goto("/");
      await expect(page.getByRole("contentinfo").getByText(companyName).first()).toBeVisible();
      const mail = await receivedMail(request, recipientEmail, "shipment-created");
      expect(mail.body).toContain(companyName);
    } finally {
      await saveSettings(page, before);
    }
  });
});

test("a shipment created elsewhere appears on the open dashboard: live with JavaScript, on Refresh without", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.slow();
  const tag = tagFor(testInfo.project.name);
  await signInAsDemoAdmin(page);
  await expect(page).toHaveURL("/admin/dashboard");
  const recent = page.getByRole("table", { name: "Recent Shipments" });
  await expect(recent).toBeVisible();

  const colleague = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInAsDemoAdmin(colleague);
  const trackingId = await createShipment(colleague, { senderName: `Lia ${tag}`, senderEmail: `lia.${tag}@example.com`, description: "Live story" });

  if (javaScriptEnabled) {
    // No reload: the page is the same document, its data reloaded by the admins' feed.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await expect(recent.getByRole("row").filter({ hasText: trackingId })).toHaveCount(1, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } else {
    await expect(recent.getByRole("row").filter({ hasText: trackingId })).toHaveCount(0);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("status").getByText("Dashboard refreshed")).toBeVisible();
    await expect(recent.getByRole("row").filter({ hasText: trackingId })).toHaveCount(1);
  }

  // The bell opens what needs an admin.
  await page.getByRole("link", { name: /^Notifications: \d+ items? needs? an admin$/ }).click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the shipments in exception" })).toBeVisible();
  await colleague.context().close();
});
