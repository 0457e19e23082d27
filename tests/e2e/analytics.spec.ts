import { expect, test } from "@playwright/test";
import { createShipment, search } from "./admin-shipment-form";
import { linkIn, receivedMail } from "./mail";
import { signInAsDemoAdmin } from "./sign-in";

// The operations manager's morning: the analytics screen, a period change, Refresh, the exports
// and a report; and a delivery rated through the link mailed at delivery. Run with JavaScript
// off and on; the figures themselves are asserted by tests/integration/analytics.test.ts.

test("the demo admin reads the analytics, changes the period, refreshes, exports and makes a report", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  if (javaScriptEnabled) {
    // Record the print dialog instead of opening it.
    await page.addInitScript(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "yes");
    });
  }
  await signInAsDemoAdmin(page);
  await page.getByRole("navigation").getByRole("link", { name: "Analytics" }).first().click();
  await expect(page).toHaveURL("/admin/analytics?period=30d");
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  for (const name of ["Total Shipments", "Total Revenue", "Avg Delivery Time", "Customer Satisfaction", "Shipments by Status", "Revenue Trend", "Performance Metrics", "Top Routes", "Regional Performance"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Revenue per day in [A-Z]{3}/ })).toBeVisible();
  await expect(page.getByText(/4\.6 ?\/ ?5|94\.2|2\.8 days/)).toHaveCount(0);

  // The period: a GET form, sent by the select itself with JavaScript, by Show without.
  await page.getByLabel("Period").selectOption("7d");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show period" }).click();
  await expect(page).toHaveURL("/admin/analytics?period=7d");
  await expect(page.getByText(/^Last 7 days: .* compared with the 7 days before/)).toBeVisible();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("status").getByText("Analytics refreshed")).toBeVisible();
  await expect(page).toHaveURL("/admin/analytics?period=7d");

  // The trend's numbers as a table.
  await page.getByText("The revenue trend as a table").click();
  await expect(page.getByRole("table", { name: /^Shipments and revenue per day/ })).toBeVisible();

  // Export CSV: a file of the week's shipments.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^swiftparcel-shipments-7d-\d{4}-\d{2}-\d{2}\.csv$/);

  // Generate Report: the users report, with its file.
  await page.getByLabel("Report type").selectOption("users");
  await page.getByRole("button", { name: "Generate Report" }).click();
  await expect(page.getByText("Report generated successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Users report, last 7 days" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the users report (CSV)" })).toBeVisible();

  // Export PDF: the print view, whose print dialog opens by itself with JavaScript.
  await page.goto("/admin/analytics?period=7d");
  await page.getByRole("link", { name: "Export PDF" }).click();
  await expect(page).toHaveURL("/admin/analytics?period=7d&print=1");
  // The company name is the settings' (another story may be renaming it just now).
  await expect(page.getByRole("heading", { name: / analytics report: last 7 days$/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Shipments and revenue per day/ })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-printed", "yes");
  await page.getByRole("link", { name: "Back to analytics" }).click();
  await expect(page).toHaveURL("/admin/analytics?period=7d");
});

test("a delivered shipment's sender rates it through the mailed link, once", async ({ page, javaScriptEnabled, request }, testInfo) => {
  test.setTimeout(150_000);
  const tag = `${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;
  const senderEmail = `rater.${tag}@example.com`;
  await signInAsDemoAdmin(page);
  const trackingId = await createShipment(page, { senderName: `Rating Sender ${tag}`, senderEmail, description: "Tea" });
  await search(page, trackingId);
  await page.getByLabel(`Status of ${trackingId}`).selectOption("delivered");
  if (!javaScriptEnabled) await page.getByRole("button", { name: `Update status of ${trackingId}` }).click();
  await expect(page.getByRole("status").getByText("Shipment status updated")).toBeVisible();

  // The delivery mail invites the sender to rate; the link works without signing in.
  await page.context().clearCookies();
  const mail = await receivedMail(request, senderEmail, "shipment-status");
  await page.goto(linkIn(mail, `/track/${trackingId}/rate`));
  await expect(page.getByRole("heading", { name: `Rate delivery ${trackingId}` })).toBeVisible();

  // Nothing chosen: the form says what is missing and stays, the link's token with it.
  await page.getByLabel("Comment (optional)").fill("Friendly driver");
  await page.getByRole("button", { name: "Send rating" }).click();
  await expect(page.getByText("Please choose a rating from 1 to 5")).toBeVisible();
  await expect(page).toHaveURL(/\/rate\?token=/);

  await page.getByRole("radio", { name: "4 – Good" }).check();
  await page.getByRole("button", { name: "Send rating" }).click();
  await expect(page).toHaveURL(`/track/${trackingId}`);
  await expect(page.getByRole("status").getByText("Thank you for rating your delivery!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Rate this delivery" })).toContainText("This delivery has been rated.");
  await expect(page.getByRole("radio")).toHaveCount(0);
});
