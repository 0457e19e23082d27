import { expect, type APIResponse, type Page } from "@playwright/test";
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
  const landing = await redirectOf(response, `signing in as ${email}`);
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
  // The registration form's fields, posted as the browser would (the form is the accounts stories' subject).
  const response = await page.request.post("/register", {
    form: { firstName, lastName: "Tester", email, phone: "+1 415 555 0100", password: "Parcel123!", confirmPassword: "Parcel123!", plan: "", terms: "on", website: "", redirectTo: "" },
    maxRedirects: 0,
  });
  await page.goto(await redirectOf(response, `registering ${email}`));
  await expect(page).toHaveURL("/dashboard");
  return { email, name: `${firstName} Tester`, password: "Parcel123!" };
}

/** Where a form post that succeeded sends the browser; what the server said instead, if it did not. */
export async function redirectOf(response: APIResponse, what: string): Promise<string> {
  if (response.status() !== 302) throw new Error(`${what}: ${response.status()} ${(await response.text()).slice(0, 500)}`);
  return response.headers()["location"]!;
}
