// An owner can always get in (issue 22, item 3; docs/decisions/078): an account is put on hold by
// wrong passwords from many addresses; its owner, in a browser that never signed in to it, is
// refused, asks for a sign-in link, reads it in the mail, follows it and is signed in.
//
// The shared e2e server runs with LOGIN_RATE_LIMIT 100000 (every story comes from one address
// and signs in with the demo buttons), so it can hold no account. This story runs on the hold
// server the Playwright config starts beside it: the same built worker with the real sign-in
// limits (wrangler.toml's), on a fresh D1 of its own, its mail to the same catcher.
import { expect, request as requests, test } from "@playwright/test";
import { linkIn, receivedMail } from "./mail";

const PASSWORD = "Parcel42!";
/** The hold server (tests/playwright.config.ts): wrangler.toml's real sign-in limits. */
const HOLD_ORIGIN = `http://127.0.0.1:${process.env.E2E_HOLD_PORT}`;
/** Each project guesses from addresses of its own, so the two runs never share a counter. */
const GUESS_NETWORK = { "no-js": "198.51.100", js: "203.0.113" } as const;

test("an owner whose account is on hold signs in with a link from the mail", async ({ page, request }, testInfo) => {
  test.slow();
  const email = `owner.${testInfo.project.name}.${Date.now()}@example.com`;
  const form = { Origin: HOLD_ORIGIN };
  const network = GUESS_NETWORK[testInfo.project.name as keyof typeof GUESS_NETWORK];

  // The owner has an account (made in a browser of its own, which keeps its device cookie there).
  const signUp = await requests.newContext();
  const registered = await signUp.post(`${HOLD_ORIGIN}/register`, {
    headers: form,
    maxRedirects: 0,
    form: { firstName: "Ada", lastName: "Owner", email, phone: "+44 20 7946 0958", password: PASSWORD, confirmPassword: PASSWORD, terms: "on" },
  });
  expect(registered.status()).toBe(302);
  await signUp.dispose();

  // Someone guesses, from a new address each time: ten wrong passwords, then the account is on hold.
  const attacker = await requests.newContext();
  const statuses: number[] = [];
  for (let guess = 0; guess < 11; guess += 1) {
    const answer = await attacker.post(`${HOLD_ORIGIN}/login`, {
      headers: { ...form, "CF-Connecting-IP": `${network}.${guess + 1}` },
      maxRedirects: 0,
      form: { email, password: `Guess-${guess}-Pw!` },
    });
    statuses.push(answer.status());
  }
  await attacker.dispose();
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);

  // The owner, in this browser for the first time, types the right password and is held too.
  await page.goto(`${HOLD_ORIGIN}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many login attempts. Please try again later." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in with a link instead" })).toBeVisible();
  await page.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
  await expect(page).toHaveURL(`${HOLD_ORIGIN}/auth/sign-in-link?sent=1`);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The link arrives by mail; following it and pressing the button signs the owner in.
  const mail = await receivedMail(request, email, "sign-in-link");
  expect(mail.subject).toBe("Your SwiftParcel sign-in link");
  const link = linkIn(mail, "/auth/sign-in-link");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`${HOLD_ORIGIN}/dashboard`);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ada");

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This sign-in link is invalid or has expired.")).toBeVisible();
});
