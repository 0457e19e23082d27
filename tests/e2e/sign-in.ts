import { expect, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../app/.server/demo-accounts";

/** Signs in through the real form, as a person would (customer at /login, admin at /admin/login). */
export async function signIn(page: Page, { email, password, admin = false }: { email: string; password: string; admin?: boolean }) {
  await page.goto(admin ? "/admin/login" : "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export function signInAsDemoCustomer(page: Page) {
  return signIn(page, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
}

export function signInAsDemoAdmin(page: Page) {
  return signIn(page, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, admin: true });
}
