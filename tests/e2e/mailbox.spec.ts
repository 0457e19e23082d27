// Mail leaves through the events queue to the provider (here its stand-in, tests/e2e/mail-catcher.ts):
// a mail the provider refuses is dead in the admins' mailbox with the provider's words, and an
// admin retries it; the newsletter's welcome carries a one-click way to stop such mail.
import { expect, test } from "@playwright/test";
import { signInAsDemoAdmin } from "./sign-in";
import { linkIn, receivedMail, refuseMailTo } from "./mail";

async function subscribe(page: import("@playwright/test").Page, email: string) {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thanks for subscribing! Check your inbox for a confirmation.")).toBeVisible();
}

test("an admin finds a mail the provider refused dead, with its error, and retries it once the address takes mail", async ({ page, request }, testInfo) => {
  const email = `refused-${testInfo.project.name}-${Date.now()}@example.com`;
  await refuseMailTo(request, email);
  await subscribe(page, email);

  await signInAsDemoAdmin(page);
  await page.goto(`/admin/mailbox?status=dead&search=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  // The queue sends within seconds; the list shows what D1 says when it is read.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText("Dead", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(row.getByText(`HTTP 422: The address ${email} cannot receive mail.`)).toBeVisible();

  await row.getByRole("link", { name: "Confirm your SwiftParcel newsletter subscription" }).click();
  await expect(page.getByText("Dead: every attempt failed, or the provider refused it: it waits for a retry")).toBeVisible();
  await refuseMailTo(request, email, false);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Mail handed to the queue again.")).toBeVisible();

  const mail = await receivedMail(request, email, "newsletter-confirmation");
  expect(mail.subject).toBe("Confirm your SwiftParcel newsletter subscription");
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Sent: the provider took it")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("the newsletter's welcome stops such mail in one click, and its link's page asks first", async ({ page, request }, testInfo) => {
  const email = `leaving-${testInfo.project.name}-${Date.now()}@example.com`;
  await subscribe(page, email);
  await page.goto(linkIn(await receivedMail(request, email, "newsletter-confirmation"), "/newsletter/confirm"));
  await page.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(page.getByText("Subscription confirmed!")).toBeVisible();

  const welcome = await receivedMail(request, email, "newsletter-welcome");
  const header = welcome.headers["List-Unsubscribe"]!;
  expect(welcome.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link = welcome.body.split(/\s+/).find((word) => word.includes("/unsubscribe/"))!;
  expect(header).toBe(`<${link}>`);

  await page.goto(link);
  await expect(page.getByText(`Stop parcel updates and newsletters to ${email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(`Unsubscribed: ${email} gets no more parcel updates or newsletters from us.`)).toBeVisible();
  await expect(page.getByText(`${email} gets no more parcel updates or newsletters from us. Mail you ask for`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});
