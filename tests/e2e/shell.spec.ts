import { expect, test } from "@playwright/test";
import { signInAsDemoAdmin, signInAsDemoCustomer } from "./sign-in";
import { linkIn, receivedMail } from "./mail";
import { ONCE } from "./once";

const ROUTE_TABLE = [
  "/", "/about", "/services", "/contact", "/faq", "/pricing", "/track", "/login", "/auth/login", "/register",
  "/auth/register", "/auth/forgot-password", "/dashboard", "/dashboard/create-shipment", "/create-shipment",
  "/profile", "/receipt/seed-shipment-01", "/admin/login", "/admin", "/admin/dashboard", "/admin/shipments",
  "/admin/shipments/new", "/admin/shipments/seed-shipment-01/edit", "/admin/users", "/admin/invoices",
  "/admin/analytics", "/admin/chat-support", "/admin/settings", "/privacy", "/terms", "/cookies",
  "/shipping-terms", "/refund-policy",
];

test("every path of the route table answers without a server error", ONCE, async ({ page }) => {
  test.slow(); // thirty-three page loads in one test
  for (const path of ROUTE_TABLE) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.locator("h1").first(), path).toBeVisible();
  }
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Track Package" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();
});

test("a missing record shows the 404 page inside the site layout", async ({ page }) => {
  await signInAsDemoCustomer(page);
  const response = await page.goto("/invoices/no-such-invoice");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Invoice not found")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Track Package" }).click();
  await expect(page).toHaveURL("/track");
});

test("a missing record shows the 404 page inside the admin layout", async ({ page }) => {
  await signInAsDemoAdmin(page);
  const response = await page.goto("/admin/shipments/no-such-shipment/status");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Shipment not found")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).first()).toBeAttached();
  await expect(page.getByRole("link", { name: "SwiftParcel Admin" })).toBeVisible();
});

test("the header and footer carry every link", ONCE, async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "Track", "Services", "Pricing", "About", "Contact", "FAQ"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Get Started" }).first()).toHaveAttribute("href", "/register");
  const footer = page.getByRole("contentinfo");
  for (const href of ["/privacy", "/terms", "/cookies", "/shipping-terms", "/refund-policy", "/services#express", "/services#standard", "/services#international", "/services#same-day", "/services#freight", "/services#logistics", "/faq#shipping", "/faq#returns", "/faq#claims"]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer.getByText("24/7 Customer Support")).toBeVisible();
});

test("the mobile menu opens without JavaScript", ONCE, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobileNav).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  await expect(mobileNav.getByRole("link", { name: "Pricing" })).toBeVisible();
  await mobileNav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL("/pricing");
});

test("cookie consent is remembered", async ({ page, javaScriptEnabled }) => {
  await page.goto("/about");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(banner).toBeHidden();
  await expect(page).toHaveURL("/about");
  if (javaScriptEnabled) {
    expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBe("accepted");
  }
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
});

test("the newsletter box asks the reader to confirm; the mailed link's button subscribes them", async ({ page, request }, testInfo) => {
  const email = `reader-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thanks for subscribing! Check your inbox for a confirmation.")).toBeVisible();
  await expect(page).toHaveURL("/about");

  // Opening the link only asks; the button subscribes, and the welcome follows.
  const confirmation = await receivedMail(request, email, "newsletter-confirmation");
  await page.goto(linkIn(confirmation, "/newsletter/confirm"));
  await expect(page.getByRole("heading", { name: "Confirm Your Subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Subscription confirmed!")).toBeVisible();
  await receivedMail(request, email, "newsletter-welcome");

  // The used link says so and offers a new one.
  await page.goto(linkIn(confirmation, "/newsletter/confirm"));
  await expect(page.getByText("This confirmation link is invalid or has expired.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Subscribe Again" })).toBeVisible();
});
