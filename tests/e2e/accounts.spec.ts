import { expect, test, type Page } from "@playwright/test";
import { createShipment, search } from "./admin-shipment-form";
import { linkIn, receivedMail } from "./mail";
import { registerCustomer, signInAsDemoAdmin } from "./sign-in";

const PASSWORD = "Parcel42!";
const CHANGED_PASSWORD = "Harbour77!";
const RESET_PASSWORD = "Lighthouse9#";

async function signOut(page: Page, firstName: string) {
  await page.getByLabel(`Account menu for ${firstName}`).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Logged out successfully!")).toBeVisible();
}

test("a new customer registers, signs out, signs back in where they wanted, changes and resets the password", async ({ page, request, javaScriptEnabled }, testInfo) => {
  test.slow();
  const email = `maya.${testInfo.project.name}.${Date.now()}@example.com`;

  await page.goto("/register");
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+44 20 7946 0958");
  await page.getByLabel("Password", { exact: true }).fill("abc");
  // With JavaScript the meter follows the typing, and Show reveals the password.
  if (javaScriptEnabled) {
    await expect(page.getByTestId("password-strength")).toContainText("Password strength: Weak");
    await page.getByRole("button", { name: "Show password" }).first().click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  }
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  if (javaScriptEnabled) await expect(page.getByTestId("password-strength")).toContainText("Password strength: Strong");
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("Account created successfully!")).toBeVisible();

  await signOut(page, "Maya");
  await expect(page).toHaveURL("/");

  // A signed-out visit to a customer page asks for sign-in and comes back afterwards.
  await page.goto("/profile?tab=security");
  await expect(page).toHaveURL("/login?redirectTo=%2Fprofile%3Ftab%3Dsecurity");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("NotMyPassword1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/profile?tab=security");
  await expect(page.getByText("Welcome back!")).toBeVisible();

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(CHANGED_PASSWORD);
  await page.getByLabel("Confirm new password").fill(CHANGED_PASSWORD);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
  await signOut(page, "Maya");

  // Forgotten: ask for a link, which arrives by mail.
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset email sent!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // An admin sees that it was written, but not its link's token: that is for Maya alone.
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Demo Admin Login" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto(`/admin/mailbox?search=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /Reset your .* password/ }).click();
  await expect(page.getByText(/\/auth\/reset-password\?token=\[hidden\]/)).toBeVisible();
  await expect(page.getByRole("link", { name: /\/auth\/reset-password/ })).toHaveCount(0);

  // Maya opens the link in the mail she received.
  const mail = await receivedMail(request, email, "password-reset");
  await page.goto(linkIn(mail, "/auth/reset-password"));

  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(RESET_PASSWORD);
  await page.getByLabel("Confirm new password").fill(RESET_PASSWORD);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
  await signOut(page, "Maya");

  await page.goto("/login?redirectTo=%2Fprofile");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(RESET_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});

test("the demo buttons sign in as the demo customer and the demo admin", async ({ page }) => {
  await page.goto("/login");
  // A failed sign-in (too short a password: caught in the browser with JS, by the server
  // without) must not get in the way of the demo button.
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.getByRole("button", { name: "Try Demo Account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByLabel("Account menu for Jordan")).toBeVisible();
  await signOut(page, "Jordan");

  await page.goto("/admin/login?redirectTo=%2Fadmin%2Fusers");
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await page.getByRole("button", { name: "Demo Admin Login" }).click();
  await expect(page).toHaveURL("/admin/users");
  await expect(page.getByText("Demo admin login successful!")).toBeVisible();
  // Other stories register people too, so the demo customer is found by search, not by page.
  const filters = page.getByRole("search", { name: "Users" });
  await filters.getByLabel("Name or e-mail").fill("demo@swiftparcel");
  await filters.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("cell", { name: "demo@swiftparcel.example" })).toBeVisible();
});

test("a customer is turned away from the admin area", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Try Demo Account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/admin/users");
  await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Fusers");
  await page.getByLabel("Email").fill("demo@swiftparcel.example");
  await page.getByLabel("Password", { exact: true }).fill("Demo123!");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
});

test("a visitor picks a yearly Basic plan on the pricing page, registers with it and finds it on the profile", async ({ page }, testInfo) => {
  const email = `piet.${testInfo.project.name}.${Date.now()}@example.com`;
  await page.goto("/pricing");
  await page.getByRole("link", { name: "Choose Basic" }).click();
  await page.getByRole("navigation", { name: "Billing period" }).getByRole("link", { name: "Yearly" }).click();
  await expect(page.getByText("Basic selected")).toBeVisible();
  await page.getByRole("link", { name: "Get started with Basic" }).click();

  await expect(page).toHaveURL("/register?plan=basic&billing=yearly");
  const plan = page.getByLabel("Plan");
  await expect(plan).toHaveValue("basic-yearly");
  await expect(plan.locator("option:checked")).toHaveText("Basic, billed yearly: $290 a year ($24 a month)");
  await page.getByLabel("First name").fill("Piet");
  await page.getByLabel("Last name").fill("Jansen");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+31 20 555 0123");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");

  await page.goto("/profile");
  const details = page.getByRole("region", { name: "Personal information" });
  await expect(details.getByText("Plan", { exact: true })).toBeVisible();
  await expect(details).toContainText("Basic, billed yearly: $290 a year ($24 a month)");
});

test("a customer switches to French from the footer: the same page comes back in French, stays French, and the next status mail is French", async ({ page, browser, request, javaScriptEnabled }) => {
  test.slow(); // a registration, a second browser and a mail
  const customer = await registerCustomer(page, "Camille");
  await page.goto("/profile");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Language").selectOption("fr");
  await footer.getByRole("button", { name: "Change" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(footer.getByLabel("Langue")).toHaveValue("fr");
  // Saved for the account: another page, and a browser asking for English, still French.
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  // An admin, in another browser and in English, sets a shipment of theirs in transit.
  const admin = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInAsDemoAdmin(admin);
  await expect(admin.locator("html")).toHaveAttribute("lang", "en");
  const trackingId = await createShipment(admin, { senderName: customer.name, senderEmail: customer.email, description: "Livres" });
  await search(admin, trackingId);
  await admin.getByLabel(`Status of ${trackingId}`).selectOption("in_transit");
  if (!javaScriptEnabled) await admin.getByRole("button", { name: `Update status of ${trackingId}` }).click();
  await expect(admin.getByRole("status").getByText("Shipment status updated")).toBeVisible();
  await admin.context().close();

  const mail = await receivedMail(request, customer.email, "shipment-status");
  expect(mail.subject).toBe(`Envoi ${trackingId}\u00a0: En transit`);
});
