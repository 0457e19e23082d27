import { expect, test, type Page } from "@playwright/test";
import { DEMO_TRACKING_IDS, SPARE_TRACKING_IDS, STATUS_TRACKING_IDS } from "../../drizzle/seed-data";
import { statusLabel } from "../../app/features/shipments/shipment-status";
import { receivedMail } from "./mail";
import { signInAsDemoAdmin } from "./sign-in";
import { ONCE } from "./once";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;

test("a visitor tracks a demo parcel from the home page", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Tracking IDs").fill(inTransit.toLowerCase());
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
  await expect(history.getByRole("listitem").last()).toContainText("Processing Center");
  // A visitor sees where the parcel is (where its latest entry is), never who sent it.
  const place = (await history.getByRole("listitem").first().locator("p").last().textContent())!.split(" · ").at(-1)!;
  await expect(page.getByRole("term").filter({ hasText: /^Current location$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(place);
  expect(place).not.toBe("Processing Center");
  await expect(page.getByText("Shipment details")).toHaveCount(0);
});

test("a delivered parcel shows the delivered banner and a completed timeline", async ({ page }) => {
  await page.goto(`/track/${delivered}`);
  await expect(page.getByRole("heading", { name: "Your package has been delivered" })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Progress" }).getByRole("listitem");
  await expect(timeline.last()).toHaveAttribute("aria-current", "step");
  await expect(timeline.last()).toContainText("Delivered (current step)");
  await expect(timeline.filter({ hasText: "(to come)" })).toHaveCount(0);
  await expect(page.getByLabel("Delivery progress")).toHaveAttribute("value", "100");
  // Nothing more is to come: no calendar file, no updates to subscribe to.
  await expect(page.getByRole("link", { name: /calendar/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Keep me posted" })).toHaveCount(0);
});

test("for every status, the timeline agrees with the history", ONCE, async ({ page }) => {
  // Eighteen pages, each read twice over.
  test.setTimeout(90_000);
  for (const { trackingId, status } of [...DEMO_TRACKING_IDS, ...STATUS_TRACKING_IDS]) {
    await page.goto(`/track/${trackingId}`);
    const steps = page.getByRole("region", { name: "Progress" }).getByRole("listitem");
    const current = steps.and(page.locator('[aria-current="step"]'));
    await expect(current, trackingId).toHaveCount(1);
    await expect(current, trackingId).toContainText(`${statusLabel(status)} (current step)`);
    // The steps done are the statuses of the history, oldest first; nothing in the history is "to come".
    const history = await page.getByRole("region", { name: "Shipment history" }).getByRole("listitem").locator("p.font-semibold").allTextContents();
    expect(history[0], trackingId).toBe(statusLabel(status));
    const happened = (await steps.filter({ hasNotText: "(to come)" }).allTextContents()).map((text) => /([A-Za-z ]+?) \(/.exec(text)![1]);
    expect(happened, trackingId).toEqual([...new Set([...history].reverse())]);
    for (const upcoming of await steps.filter({ hasText: "(to come)" }).allTextContents()) {
      expect(history, trackingId).not.toContain(/([A-Za-z ]+?) \(/.exec(upcoming)![1]);
    }
  }
});

test("several parcels tracked at once from the home page, one row each", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Tracking IDs").fill(`${inTransit}, ${delivered.toLowerCase()}\nNOPE`);
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(`/track?ids=${inTransit},${delivered},NOPE`);
  await expect(page.getByRole("heading", { name: "3 parcels looked up: 2 found, 1 not found" })).toBeVisible();
  const rows = page.getByRole("region", { name: /parcels looked up/ }).getByRole("listitem");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("In Transit");
  await expect(rows.nth(0).getByRole("progressbar")).toHaveAttribute("value", "60");
  await expect(rows.nth(1)).toContainText("Delivered");
  await expect(rows.nth(2)).toContainText("NOPE");
  await expect(rows.nth(2)).toContainText("Not found");
  // Each row leads to its parcel's page; the address can be shared as it is.
  await rows.nth(1).getByRole("link", { name: delivered }).click();
  await expect(page).toHaveURL(`/track/${delivered}`);
  await page.goto(`/track?ids=${inTransit},${delivered},NOPE`);
  await expect(page.getByRole("textbox", { name: "Tracking IDs" })).toHaveValue(`${inTransit}, ${delivered}, NOPE`);
});

test("a parcel on its way offers its estimated delivery as a calendar file", async ({ page }) => {
  await page.goto(`/track/${inTransit}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add delivery date to calendar (.ics)" }).click();
  expect((await download).suggestedFilename()).toBe(`${inTransit}-delivery.ics`);
});

/** The admin moves a parcel to `status` from the dashboard's row, as admins do. */
async function setStatus(page: Page, trackingId: string, status: string, javaScriptEnabled: boolean) {
  await page.goto(`/admin/dashboard?search=${trackingId}`);
  await page.getByLabel(`Status of ${trackingId}`).selectOption(status);
  if (!javaScriptEnabled) await page.getByRole("button", { name: `Update status of ${trackingId}` }).click();
  await expect(page.getByRole("status").getByText("Shipment status updated")).toBeVisible();
}

/** Opens, as its reader does, the link to `/tracking-updates/` in the latest mail of `kind` to `email`. */
async function openMailedLink(page: Page, email: string, kind: string) {
  const mail = await receivedMail(page.request, email, kind);
  const link = mail.body.split(/\s+/).find((word) => /^https?:\/\/[^/]+\/tracking-updates\/[A-Za-z0-9_-]+$/.test(word));
  expect(link, mail.body).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Parcel updates by e-mail" })).toBeVisible();
}

test("a visitor keeps posted: subscribes, confirms from the mail, gets a status mail, and unsubscribes", async ({ page, browser, javaScriptEnabled, baseURL }) => {
  test.setTimeout(90_000);
  // Each project follows a parcel of its own, outside the status walk.
  const { trackingId } = SPARE_TRACKING_IDS[javaScriptEnabled ? 1 : 0]!;
  const email = `fan.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.com`;

  await page.goto(`/track/${trackingId}`);
  const keepPosted = page.getByRole("region", { name: "Keep me posted" });
  await keepPosted.getByLabel("Email for updates").fill(email);
  await keepPosted.getByRole("button", { name: "Keep me posted" }).click();
  await expect(page.getByRole("status").getByText(`Almost done: we have sent a link to ${email}.`)).toBeVisible();

  await openMailedLink(page, email, "tracking-subscription-confirm");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`/track/${trackingId}`);
  await expect(page.getByRole("status").getByText(`Subscribed: we will e-mail ${email}`)).toBeVisible();

  // An admin, elsewhere, moves the parcel on.
  const office = await browser.newContext({ javaScriptEnabled, baseURL });
  const admin = await office.newPage();
  await signInAsDemoAdmin(admin);
  await setStatus(admin, trackingId, "in_transit", javaScriptEnabled);
  const update = await receivedMail(page.request, email, "tracking-update");
  expect(update.subject).toBe(`Shipment ${trackingId}: In Transit`);
  await openMailedLink(page, email, "tracking-update");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status").getByText(`Unsubscribed: ${email} gets no more e-mail about ${trackingId}.`)).toBeVisible();

  await setStatus(admin, trackingId, "out_for_delivery", javaScriptEnabled);
  // The change is recorded; no mail about it is written to the address that left.
  await admin.goto(`/admin/mailbox?search=${encodeURIComponent(email)}`);
  await expect(admin.getByRole("link", { name: `Shipment ${trackingId}: In Transit` })).toHaveCount(1);
  await expect(admin.getByRole("link", { name: `Shipment ${trackingId}: Out For Delivery` })).toHaveCount(0);
  await office.close();
});

test("a made-up tracking ID finds nothing", async ({ page }) => {
  await page.goto("/track");
  await page.getByLabel("Tracking IDs").fill("SWP000000NOPE00");
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
    await page.getByLabel("Tracking IDs").fill("  ");
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
