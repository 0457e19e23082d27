import { expect, test, type Page } from "@playwright/test";
import { signInAsDemoAdmin, signInAsDemoCustomer } from "./sign-in";
import { ONCE } from "./once";

// Anchored sections are reached without smooth scrolling (the site honours reduced motion).
test.use({ reducedMotion: "reduce" });

// The cookie banner is answered up front so it never sits over the footer's links.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "declined", url: baseURL! }]);
});

/** Clicks a link in `area` by its address and checks where it lands: a page with its h1, or the section it names, in view. */
async function followLink(page: Page, area: "banner" | "contentinfo", href: string) {
  await page.getByRole(area).locator(`a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(href);
  const hash = href.split("#")[1];
  if (hash) await expect(page.locator(`[id="${hash}"]`), href).toBeInViewport();
  else await expect(page.getByRole("heading", { level: 1 }), href).toBeVisible();
  await expect(page.getByText("Coming soon")).toHaveCount(0);
}

test("every header and footer link lands on a real page or section", ONCE, async ({ page }) => {
  test.slow(); // about twenty navigations
  await page.goto("/");
  for (const href of ["/track", "/services", "/pricing", "/about", "/contact", "/faq", "/"]) await followLink(page, "banner", href);
  for (const href of [
    "/services#express",
    "/services#standard",
    "/services#international",
    "/services#same-day",
    "/services#freight",
    "/services#logistics",
    "/faq#shipping",
    "/faq#returns",
    "/faq#claims",
    "/privacy",
    "/terms",
    "/cookies",
    "/shipping-terms",
    "/refund-policy",
  ]) {
    await followLink(page, "contentinfo", href);
  }
});

test("the FAQ filters by category and by a search word, and says when nothing matches", async ({ page, javaScriptEnabled }) => {
  await page.goto("/faq");
  const search = page.getByRole("search", { name: "Questions" });
  // Without JavaScript the GET form is sent with its button; with it the list follows at once.
  const apply = async () => {
    if (!javaScriptEnabled) await search.getByRole("button", { name: "Search" }).click();
  };

  // A category chip is enough on its own, with or without JavaScript: no Search press.
  await search.getByRole("link", { name: "International" }).click();
  await expect(search.getByRole("link", { name: "International" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Which countries do you deliver to?")).toBeVisible();
  await expect(page.getByText("Who pays customs duties and taxes?")).toBeVisible();
  await expect(page.getByText("How do I track my parcel?")).toBeHidden();
  await expect(page).toHaveURL(/\/faq\?(q=&)?category=international$/);

  await search.getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL("/faq");
  await search.getByLabel("Search questions").fill("insurance");
  await apply();
  await expect(page.getByText("Is my parcel insured, and how do I make a claim?")).toBeVisible();
  await expect(page.getByText("Which countries do you deliver to?")).toBeHidden();

  await search.getByLabel("Search questions").fill("xyzzy");
  await apply();
  await expect(page.getByRole("heading", { name: "No questions found" })).toBeVisible();
  await expect(page).toHaveURL(/\/faq\?q=xyzzy(&category=all)?$/);
});

test("a link to a question lands on it open, with or without JavaScript", async ({ page }) => {
  await page.goto("/faq#claims");
  const question = page.locator('details[data-faq-question="claims"]');
  await expect(question).toHaveAttribute("open", "");
  await expect(page.locator('[id="claims"]')).toBeVisible();
  await expect(page.locator('[id="claims"]')).toBeInViewport();
  // Another question's link, followed from the page, opens that one too.
  await page.goto("/faq#returns");
  await expect(page.locator('details[data-faq-question="returns"]')).toHaveAttribute("open", "");
});

test("pricing switches to yearly and keeps the chosen plan", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByText("Standard selected")).toBeVisible();
  await page.getByRole("navigation", { name: "Billing period" }).getByRole("link", { name: "Yearly" }).click();
  await expect(page).toHaveURL("/pricing?billing=yearly&plan=standard");
  const plans = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  for (const [name, monthly, saving] of [
    ["Basic", "$24", "Save $58"],
    ["Standard", "$65", "Save $158"],
    ["Premium", "$165", "Save $398"],
  ] as const) {
    const card = plans.filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(card.getByText(monthly, { exact: true })).toBeVisible();
    await expect(card.getByText(saving)).toBeVisible();
  }
  await page.getByRole("link", { name: "Choose Premium" }).click();
  await expect(page).toHaveURL("/pricing?billing=yearly&plan=premium");
  await expect(page.getByText("Premium selected")).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose Standard" })).toBeVisible();
});

test("a visitor sends a message, is acknowledged by mail, and an admin reads and answers it", async ({ page }, testInfo) => {
  test.slow();
  const email = `visitor.${testInfo.project.name}.${Date.now()}@example.com`;
  const subject = `Pallet pick-up (${testInfo.project.name})`;

  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();

  const main = page.getByRole("main");
  await main.getByLabel("Name").fill("Noor Haddad");
  await main.getByLabel("Email").fill(email);
  await expect(main.getByLabel("Type of inquiry")).toHaveValue("general");
  await main.getByLabel("Type of inquiry").selectOption({ label: "Shipping" });
  await main.getByLabel("Subject").fill(subject);
  await main.getByLabel("Message", { exact: true }).fill("Can you collect two pallets from our warehouse on Friday?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send Another Message" })).toBeVisible();

  await signInAsDemoAdmin(page);
  await page.goto(`/admin/mailbox?search=${encodeURIComponent(email)}`);
  // The subject the visitor typed stays out of the mail's subject line.
  await expect(page.getByRole("link", { name: "We received your message", exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }).click();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row.getByText("Unread")).toBeVisible();
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("Can you collect two pallets from our warehouse on Friday?")).toBeVisible();
  await page.getByLabel("Your reply").fill("Yes: a driver will come on Friday between 9 and 12.");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByText("Reply sent")).toBeVisible();
  await expect(page.getByText("Sent by Alex Morgan")).toBeVisible();

  await page.goto(`/admin/mailbox?search=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "SwiftParcel has answered your message" }).click();
  await expect(page.getByText(`You wrote to us about "${subject}".`)).toBeVisible();
  await expect(page.getByText("Yes: a driver will come on Friday between 9 and 12.")).toBeVisible();
});

test("the home page's slides and the services' tabs: in place with JavaScript, links and sections without", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Highlights" });
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Deliveries you can follow, step by step");
  await hero.getByRole("link", { name: "Next slide" }).click();
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Overnight across the country");
  await expect(hero.getByRole("link", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
  if (javaScriptEnabled) {
    // Switched in place, and the slides can be held still.
    await expect(page).toHaveURL("/");
    await hero.getByRole("button", { name: "Pause" }).click();
    await expect(hero.getByRole("button", { name: "Play" })).toBeVisible();
  } else {
    await expect(page).toHaveURL("/?slide=2#hero");
    await expect(hero.getByRole("button")).toHaveCount(0);
  }

  await page.goto("/services?tab=same-day");
  if (javaScriptEnabled) {
    await expect(page.getByRole("tab", { name: "Same Day" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Same Day" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Express", level: 3 })).toBeHidden();
    await page.getByRole("tab", { name: "Same Day" }).focus();
    await page.keyboard.press("Home");
    await expect(page.getByRole("tab", { name: "Express" })).toBeFocused();
    await expect(page.getByRole("heading", { name: "Express", level: 3 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Same Day", level: 3 })).toBeHidden();
  } else {
    await expect(page.getByRole("tab")).toHaveCount(0);
    for (const name of ["Express", "Standard", "Same Day"]) await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
  }
});

test("the home hero: four drawn background images, the slide counter for screen readers only", async ({ page }) => {
  for (const slide of [1, 2, 3, 4]) {
    await page.goto(`/?slide=${slide}`);
    const image = page.locator("#hero img[data-slide-image]");
    await expect(image).toHaveAttribute("src", `/hero/slide-${slide}.svg`);
    await expect(image).toHaveAttribute("width", "1440");
    await expect(image).toHaveAttribute("height", "640");
    await expect(image).toHaveAttribute("alt", "");
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    // Read out, not shown: the visually hidden pattern (1 px, clipped).
    const counter = page.locator("#hero").getByText(`Slide ${slide} of 4`);
    await expect(counter).toHaveCount(1);
    await expect(counter).toHaveCSS("width", "1px");
    await expect(counter).toHaveCSS("position", "absolute");
  }
});

test("the delivered step of the timeline says 'Completed'; a step still to come does not", async ({ page }) => {
  await page.goto("/track/SWP517204M3X9PA");
  const progress = page.getByRole("list").filter({ hasText: "Out For Delivery" }).first();
  const delivered = progress.getByRole("listitem").filter({ hasText: "Delivered" });
  await expect(delivered.getByText("Completed", { exact: true })).toBeVisible();
  await page.goto("/track/SWP482913K7Q2ZD");
  await expect(page.getByText("Completed", { exact: true })).toHaveCount(0);
});

test("reached by a client-side link from a hydrated page, the FAQ filter, the service tabs and the slides still work", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "client-side links need JavaScript");
  test.slow(); // a sign-in and three pages
  await signInAsDemoCustomer(page);
  // The chat support page hydrates (the dashboard and the shipment form do not: decision 145).
  await page.goto("/support/chat");
  // Once React runs, the header follows the scrolling (a link clicked before that loads the page in full).
  await expect(page.locator("header[data-scrolled]")).toBeAttached();
  // A mark on the window: it survives only while no page is loaded in full.
  await page.evaluate(() => Object.assign(window, { stayedInPage: true }));
  const stayedInPage = () => page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage === true);
  const mainNav = page.getByRole("navigation", { name: "Main" });

  await mainNav.getByRole("link", { name: "FAQ", exact: true }).click();
  await expect(page).toHaveURL("/faq");
  const search = page.getByRole("search", { name: "Questions" });
  await search.getByLabel("Search questions").fill("insurance");
  await expect(page.getByText("Is my parcel insured, and how do I make a claim?")).toBeVisible();
  await expect(page.getByText("Which countries do you deliver to?")).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "questions" })).toHaveText(/^\d+ of \d+ questions$/);
  await expect(page).toHaveURL("/faq?q=insurance");
  expect(await stayedInPage()).toBe(true);

  await mainNav.getByRole("link", { name: "Services", exact: true }).click();
  await expect(page).toHaveURL("/services");
  await expect(page.getByRole("tab", { name: "Express" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Standard", level: 3 })).toBeHidden();
  await page.getByRole("tab", { name: "Express" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Standard" })).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Standard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Express", level: 3 })).toBeHidden();
  // The footer's link to a level of this page opens its tab.
  await page.getByRole("contentinfo").locator('a[href="/services#same-day"]').click();
  await expect(page.getByRole("tab", { name: "Same Day" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Same Day" })).toBeVisible();
  expect(await stayedInPage()).toBe(true);

  await mainNav.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL("/");
  const hero = page.getByRole("region", { name: "Highlights" });
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Deliveries you can follow, step by step");
  await hero.getByRole("link", { name: "Next slide" }).click();
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Overnight across the country");
  await expect(hero.getByRole("link", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
  await expect(page).toHaveURL("/");
  await hero.getByRole("button", { name: "Pause" }).click();
  await expect(hero.getByRole("button", { name: "Play" })).toBeVisible();
  expect(await stayedInPage()).toBe(true);
});
