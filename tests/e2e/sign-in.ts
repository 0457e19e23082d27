import { expect, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";

/**
 * Signs in by posting the sign-in form's fields, as the browser would, into the page's own
 * cookie jar, then opens the page the form sends one to (customer at /login, admin at
 * /admin/login). The form itself, drawn and filled, is the accounts stories' subject; here it
 * is only the way in, so the page is not drawn twice per story.
 */
export async function signIn(page: Page, { email, password, admin = false }: { email: string; password: string; admin?: boolean }) {
  const response = await page.request.post(admin ? "/admin/login" : "/login", {
    form: { intent: "sign-in", email, password, redirectTo: "" },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in as ${email}`).toBe(302);
  const landing = response.headers()["location"]!;
  expect(landing).not.toMatch(/\/login/);
  await page.goto(landing);
}

export function signInAsDemoCustomer(page: Page) {
  return signIn(page, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
}

export function signInAsDemoAdmin(page: Page) {
  return signIn(page, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, admin: true });
}

/** A new customer of one's own, so that stories running side by side never share a list. */
export async function registerCustomer(page: Page, firstName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+1 415 555 0100");
  await page.getByLabel("Password", { exact: true }).fill("Parcel123!");
  await page.getByLabel("Confirm password").fill("Parcel123!");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");
  return { email, name: `${firstName} Tester`, password: "Parcel123!" };
}
