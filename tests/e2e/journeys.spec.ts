// Customer journeys the audit found broken (issue 15), each as a person meets it.
import { expect, test } from "@playwright/test";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { registerCustomer, signInAsDemoCustomer } from "./sign-in";

const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;

test("the first step of a new shipment survives a reload", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript nothing is kept before Next is pressed, and the page says so");
  await registerCustomer(page, "Reload");
  await page.goto("/dashboard/create-shipment?step=1");
  await page.getByLabel("Country").selectOption({ label: "United States" });
  await page.getByLabel("Street address").fill("1 Market St");
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("create-shipment"));
  await page.getByLabel("City").fill("Oakland");
  await page.getByLabel("City").blur();
  await saved;
  await page.reload();
  await expect(page.getByLabel("City")).toHaveValue("Oakland");
  await expect(page.getByLabel("Street address")).toHaveValue("1 Market St");
});

test("the password fields are empty again once the password is updated", async ({ page }) => {
  const customer = await registerCustomer(page, "Secure");
  await page.goto("/profile?tab=security");
  await page.getByLabel("Current password").fill(customer.password);
  await page.getByLabel("New password", { exact: true }).fill("Changed456!");
  await page.getByLabel("Confirm new password").fill("Changed456!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
  for (const label of ["Current password", "New password", "Confirm new password"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
  }
});

test("a brand-new account is greeted as new, not welcomed back", async ({ page }) => {
  await registerCustomer(page, "Newton");
  await expect(page.getByRole("heading", { name: "Welcome, Newton!" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu closes once a page is chosen from it", async ({ page }) => {
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await page.getByText("Menu", { exact: true }).click();
    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(mobileNav).toBeHidden();
  });
});

test("closing the cookie banner hides it for the visit only", async ({ page, context, browser, javaScriptEnabled, baseURL }) => {
  await page.goto("/about");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await banner.getByRole("button", { name: "Close cookie banner" }).click();
  await expect(banner).toBeHidden();
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();

  const consent = (await context.cookies()).find((cookie) => cookie.name === "cookieConsent");
  if (javaScriptEnabled) {
    // Nothing is recorded: no cookie, no lasting storage; only this tab's session remembers.
    expect(consent).toBeUndefined();
    expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBeNull();
  } else {
    // The only way without JavaScript: a cookie that ends with the browser.
    expect(consent?.expires).toBe(-1);
  }
  // The next visit asks again.
  const nextVisit = await browser.newContext({ javaScriptEnabled, baseURL });
  const again = await nextVisit.newPage();
  await again.goto("/about");
  await expect(again.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await nextVisit.close();
});

test("a missing page offers Go Back to the page of this site that linked to it", async ({ page, baseURL }) => {
  await signInAsDemoCustomer(page);
  await page.goto("/invoices/no-such-invoice", { referer: `${baseURL}/profile?tab=security` });
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/profile?tab=security");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/profile?tab=security");
});

test("a message appearing as a field is left does not move the terms checkbox from under the click", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript messages appear only after the form is sent");
  await page.goto("/register");
  await page.getByLabel("Password", { exact: true }).fill("Parcel123!");
  await page.getByLabel("Confirm password").fill("Parcel124!");
  // Still in the confirmation field: the click on the checkbox leaves it, which checks it.
  await page.getByRole("checkbox").click();
  await expect(page.getByRole("checkbox")).toBeChecked();
});

test("the header's logo shows offline", async ({ page, context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the offline copy is kept by the service worker, which needs JavaScript");
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`/track/${delivered}`);
  await context.setOffline(true);
  await page.reload();
  const logo = page.getByRole("banner").locator('img[src="/favicon.svg"]');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await context.setOffline(false);
});
