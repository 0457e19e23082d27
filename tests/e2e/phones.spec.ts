import { expect, test, type Page } from "@playwright/test";
import { signInAsDemoAdmin, signInAsDemoCustomer } from "./sign-in";

// Every page at a phone's width (390 px; the narrowest phones, 320 px, for the public pages):
// nothing covers a primary action (the chat launcher and the cookie banner never overlap a
// form's submit button, a primary button or the tracking box), and no page scrolls sideways.
// The cookie banner is left unanswered on purpose: it shows on every page.
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

const TRACKING_ID = "SWP482913K7Q2ZD";

const PUBLIC_PATHS = [
  "/",
  "/track",
  `/track/${TRACKING_ID}`,
  `/track?ids=${TRACKING_ID},SWP517204M3X9PA`,
  "/services",
  "/pricing",
  "/about",
  "/contact",
  "/faq",
  "/privacy",
  "/terms",
  "/cookies",
  "/shipping-terms",
  "/refund-policy",
  "/login",
  "/register",
  "/auth/forgot-password",
  "/admin/login",
  "/support/chat",
  "/newsletter",
  "/no-such-page",
];

const CUSTOMER_PATHS = ["/dashboard", "/dashboard/create-shipment", "/profile", `/track/${TRACKING_ID}`];

const ADMIN_PATHS = [
  "/admin/dashboard",
  "/admin/shipments",
  "/admin/shipments/new",
  "/admin/users",
  "/admin/users/new",
  "/admin/invoices",
  "/admin/analytics",
  "/admin/chat-support",
  "/admin/settings",
  "/admin/mailbox",
  "/admin/messages",
  "/admin/notifications",
  "/admin/profile",
];

type Box = { x: number; y: number; width: number; height: number };
type Layout = {
  scrollWidth: number;
  clientWidth: number;
  covers: { name: string; box: Box }[];
  primaries: { name: string; box: Box }[];
};

/** The page's boxes, in the window's coordinates, at the current scroll position. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
    };
    const describe = (element: Element) => ({
      name: `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40) || element.getAttribute("aria-label") || element.getAttribute("name")}"`,
      box: element.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number },
    });
    const covers = [...document.querySelectorAll("[data-chat-launcher], [data-cookie-banner]")].filter(visible).map(describe);
    const primaries = [
      ...document.querySelectorAll(
        'main button[type="submit"], main input[type="submit"], main .btn-primary, main textarea[name="ids"], main input[name="ids"], main input[name="trackingId"]',
      ),
    ]
      // The banner's own buttons are not covered by the banner.
      .filter((element) => !element.closest("[data-cookie-banner]"))
      .filter(visible)
      .map(describe);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      covers,
      primaries,
    };
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function checkPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState("load");
  for (const where of ["top", "bottom"] as const) {
    if (where === "bottom") await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const layout = await measure(page);
    expect(layout.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(layout.clientWidth);
    for (const cover of layout.covers) {
      for (const primary of layout.primaries) {
        expect(overlaps(cover.box, primary.box), `${path} (${where}): ${cover.name} covers ${primary.name}`).toBe(false);
      }
    }
  }
}

/** The address of the first link on `listPath` whose href matches `pattern`, if there is one. */
async function findLink(page: Page, listPath: string, pattern: RegExp): Promise<string | undefined> {
  await page.goto(listPath);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.find((candidate) => pattern.test(candidate));
}

/** The address of the first link on `listPath` whose href matches `pattern`. */
async function firstLink(page: Page, listPath: string, pattern: RegExp): Promise<string> {
  const href = await findLink(page, listPath, pattern);
  expect(href, `a link like ${pattern} on ${listPath}`).toBeTruthy();
  return href!;
}

test("public pages: nothing covers a primary action, nothing scrolls sideways", async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of PUBLIC_PATHS) await checkPage(page, path);
});

test("public pages fit the narrowest phones (320 px)", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of PUBLIC_PATHS) await checkPage(page, path);
});

test("customer pages: nothing covers a primary action, nothing scrolls sideways", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemoCustomer(page);
  for (const path of CUSTOMER_PATHS) await checkPage(page, path);
  const invoice = await firstLink(page, "/dashboard", /^\/invoices\/[^/]+$/);
  await checkPage(page, invoice);
});

test("admin pages: nothing covers a primary action, nothing scrolls sideways", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  // A visitor's chat with a long address, so that the chat support screen shows a conversation.
  const visitor = await browser.newPage({ baseURL, javaScriptEnabled: false });
  await visitor.goto("/support/chat");
  await visitor.getByLabel("Email", { exact: true }).fill(`a.rather.long.name.${Date.now()}@customer-mail.example`);
  await visitor.getByRole("button", { name: /start/i }).click();
  await visitor.close();
  await signInAsDemoAdmin(page);
  for (const path of ADMIN_PATHS) await checkPage(page, path);
  await checkPage(page, await firstLink(page, "/admin/chat-support", /^\/admin\/chat-support\?/));
  const edit = await firstLink(page, "/admin/shipments", /^\/admin\/shipments\/[^/]+\/edit$/);
  const id = edit.split("/")[3]!;
  for (const path of [
    edit,
    `/admin/shipments/${id}/status`,
    `/admin/shipments/${id}/location`,
    `/admin/shipments/${id}/delete`,
    `/receipt/${id}`,
    `/receipt/${id}/label`,
  ]) {
    await checkPage(page, path);
  }
  await checkPage(page, await firstLink(page, "/admin/users", /^\/admin\/users\/[^/]+$/));
  await checkPage(page, await firstLink(page, "/admin/invoices", /^\/invoices\/[^/]+$/));
  // A fresh database's mailbox may be empty; the sign-up mail of other stories fills it.
  const mail = await findLink(page, "/admin/mailbox", /^\/admin\/mailbox\/[^/]+$/);
  if (mail) await checkPage(page, mail);
});
