import { expect, type Page, test } from "@playwright/test";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { linkIn, receivedMail } from "./mail";
import { signInAsDemoAdmin } from "./sign-in";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
const ESCALATION = "This question has been sent to our team for a detailed response.";

/** Writes a message the way each visitor does: the page's form without JavaScript, Enter in the chat window with it. */
async function say(page: Page, text: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    const box = page.getByLabel(/Your message/);
    await box.fill(text);
    await box.press("Enter");
  } else {
    await page.getByLabel("Your message").fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
  }
}

test("a visitor asks about a parcel and for a person; an admin answers and the visitor sees it", async ({ page, browser, javaScriptEnabled }) => {
  test.slow(); // two people, an admin sign-in and the mail in one story
  const email = `visitor-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;

  await page.goto("/");
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Chat with us" }).click();
    await expect(page.getByRole("dialog", { name: "Support Chat" })).toBeVisible();
  } else {
    await page.getByRole("link", { name: "Chat with us" }).click();
    await expect(page).toHaveURL("/support/chat");
  }
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name (optional)").fill("Vic");
  await page.getByRole("button", { name: "Start Chat" }).click();
  const conversation = page.getByRole("log", { name: "Conversation" });
  await expect(conversation).toContainText("Hello Vic!");

  // Lower case and spaces: the assistant still finds the parcel, and tells only public facts.
  await say(page, `where is my parcel ${inTransit.slice(0, 3).toLowerCase()} ${inTransit.slice(3).toLowerCase()}?`, javaScriptEnabled);
  await expect(conversation).toContainText(`Shipment ${inTransit} is In Transit.`);
  await expect(conversation).toContainText("Estimated delivery:");
  await say(page, "Can I talk to a human, please?", javaScriptEnabled);
  await expect(conversation.getByText(ESCALATION)).toBeVisible();

  const admin = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInAsDemoAdmin(admin);
  await expect(admin.getByRole("link", { name: /Notifications: \d+ items? needs? an admin/ })).toBeVisible();
  await admin.goto("/admin/chat-support");
  await expect(admin.getByText("Select a Chat Session")).toBeVisible();
  const needsResponse = admin.locator("dt", { hasText: "Needs Response" }).locator("xpath=following-sibling::dd");
  await expect(needsResponse).not.toHaveText("0");
  const sessions = admin.getByRole("region", { name: "Chat Sessions" });
  await sessions.getByRole("link").filter({ hasText: email }).click();
  await expect(admin.getByText(`Response will be sent to ${email}`)).toBeVisible();
  await admin.getByLabel("Admin name").fill("Sam");
  await admin.getByLabel("Reply").fill("Hello Vic, Sam here: your parcel arrives tomorrow.");
  await admin.getByRole("button", { name: "Send Response" }).click();
  await expect(admin.getByText("Response sent")).toBeVisible();
  await expect(sessions.getByRole("link").filter({ hasText: email })).toContainText("Responded");

  if (javaScriptEnabled) {
    // The open chat window receives the answer live: no reload.
    await expect(conversation).toContainText("Hello Vic, Sam here: your parcel arrives tomorrow.");
  } else {
    await expect(conversation).not.toContainText("Sam here");
    await page.reload();
    await expect(page.getByRole("log", { name: "Conversation" })).toContainText("Hello Vic, Sam here: your parcel arrives tomorrow.");
  }

  // The answer also reaches the visitor's inbox, through the outbox.
  const mail = await receivedMail(page.request, email, "chat-reply");
  // The company name is a setting (the settings story changes it for a moment).
  expect(mail.subject).toMatch(/ support has answered your question$/);
  expect(mail.body).toContain("Hello Vic, Sam here: your parcel arrives tomorrow.");
  expect(linkIn(mail, "/support/chat")).toMatch(/\/support\/chat$/);
  await admin.context().close();
});

test("the chat asks for a valid e-mail and sends nothing blank", async ({ page, javaScriptEnabled }) => {
  await page.goto("/track");
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Chat with us" }).click();
  } else {
    await page.getByRole("link", { name: "Chat with us" }).click();
  }
  await page.getByRole("button", { name: "Start Chat" }).click();
  await expect(page.getByText("Email is required to start chatting")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("not-an-address");
  await page.getByRole("button", { name: "Start Chat" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(`blank-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Start Chat" }).click();

  const send = page.getByRole("button", { name: "Send", exact: true });
  if (javaScriptEnabled) {
    const box = page.getByLabel(/Your message/);
    await expect(send).toBeDisabled();
    await box.fill("   ");
    await expect(send).toBeDisabled();
    // Shift+Enter makes a new line; Enter sends.
    await box.fill("first line");
    await box.press("Shift+Enter");
    await box.pressSequentially("second line");
    await expect(box).toHaveValue("first line\nsecond line");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    await expect(page.getByRole("log", { name: "Conversation" })).toContainText("first line\nsecond line");
    // A send that fails says so and gives the text back; what was typed meanwhile is kept.
    await page.route("**/api/chat/sessions/*/messages", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 503, body: "" }) : route.fallback(),
    );
    await box.fill("will not arrive");
    await box.press("Enter");
    await expect(page.getByRole("log", { name: "Conversation" })).toContainText("Sorry, your message could not be sent. Please try again.");
    await expect(box).toHaveValue("will not arrive");
    await page.unroute("**/api/chat/sessions/*/messages");
    // New Chat resets everything.
    await page.getByRole("button", { name: "New Chat" }).click();
    await expect(page.getByRole("button", { name: "Start Chat" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  } else {
    await send.click();
    await expect(page.getByText("Please enter a message")).toBeVisible();
    await expect(page.getByRole("log", { name: "Conversation" }).getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "New Chat" }).click();
    await expect(page.getByRole("button", { name: "Start Chat" })).toBeVisible();
  }
});
