import { expect, test } from "@playwright/test";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;

test("a visitor tracks a demo parcel from the home page", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Tracking ID").fill(inTransit.toLowerCase());
  await page.getByRole("button", { name: "Track" }).click();

  await expect(page).toHaveURL(`/track/${inTransit}`);
  await expect(page.getByRole("heading", { name: "Tracking ID" })).toBeVisible();
  await expect(page.getByText(inTransit, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("In Transit").first()).toBeVisible();
  await expect(page.getByLabel("Delivery progress")).toHaveAttribute("value", "60");

  const timeline = page.getByRole("list").filter({ hasText: "Out For Delivery" });
  await expect(timeline.locator('[aria-current="step"]')).toContainText("In Transit");

  const history = page.getByRole("region", { name: "Shipment history" });
  await expect(history.getByRole("listitem").first()).toContainText("Package is in transit to destination");
  await expect(history.getByRole("listitem").last()).toContainText("Shipment created and pending processing");
  // A visitor sees where the parcel is, never who sent it.
  await expect(page.getByText("Shipment details")).toHaveCount(0);
});

test("a delivered parcel shows the delivered banner and a completed timeline", async ({ page }) => {
  await page.goto(`/track/${delivered}`);
  await expect(page.getByRole("heading", { name: "Your package has been delivered" })).toBeVisible();
  await expect(page.getByText("Completed", { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel("Delivery progress")).toHaveAttribute("value", "100");
});

test("a made-up tracking ID finds nothing", async ({ page }) => {
  await page.goto("/track");
  await page.getByLabel("Tracking ID").fill("SWP000000NOPE00");
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page.getByRole("heading", { name: "No tracking information found" })).toBeVisible();
  await page.getByRole("link", { name: "Try Another Number" }).click();
  await expect(page).toHaveURL("/track");
});

test("a blank search asks for a tracking ID", async ({ page, javaScriptEnabled }) => {
  await page.goto("/track");
  const button = page.getByRole("button", { name: "Track" });
  if (javaScriptEnabled) {
    // With JavaScript the button waits for something to search for.
    await expect(button).toBeDisabled();
    await page.getByLabel("Tracking ID").fill("  ");
    await expect(button).toBeDisabled();
  } else {
    await button.click();
    await expect(page.getByText("Please enter a tracking ID")).toBeVisible();
  }
});

test("the print view offers the page as a PDF", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "with JavaScript the link opens the print dialog instead of the print view");
  await page.goto(`/track/${inTransit}`);
  await page.getByRole("link", { name: "Download PDF" }).click();
  await expect(page).toHaveURL(`/track/${inTransit}?print=1`);
  await expect(page.getByText("This is the print view")).toBeVisible();
});

test("tracking pages viewed stay readable offline", async ({ page, context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the offline copy is kept by the service worker, which needs JavaScript");
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`/track/${delivered}`);
  await expect(page.getByRole("heading", { name: "Your package has been delivered" })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your package has been delivered" })).toBeVisible();
  await page.goto(`/track/${inTransit}`);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("link", { name: delivered })).toBeVisible();
  await context.setOffline(false);
});

test.describe("in the reader's time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("dates show local time from the first page with JavaScript, and say UTC without it", async ({ page, javaScriptEnabled }) => {
    // A fresh browser: the time-zone hint script reports the zone and reloads before anything shows.
    await page.goto(`/track/${inTransit}`);
    const history = page.getByRole("region", { name: "Shipment history" });
    await expect(history.locator("time").first()).toContainText(javaScriptEnabled ? "GMT+9" : "UTC");
    await page.reload();
    await expect(history.locator("time").first()).toContainText(javaScriptEnabled ? "GMT+9" : "UTC");
  });
});
