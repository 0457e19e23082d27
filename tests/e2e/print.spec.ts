import { expect, test, type Page } from "@playwright/test";
import { signInAsDemoAdmin } from "./sign-in";
import { ONCE } from "./once";

// Paper: the receipt, the invoice and the label each print on one page of A4 and of US Letter;
// the tracking page and the analytics report print branded with the company's name, with no
// empty page, no history entry or table row cut in two, and table headers repeated. Printed to
// PDF by Chromium itself (page.pdf works in Chromium only, with or without the page's
// JavaScript); the pages are counted from the PDF's page objects.
test.use({ viewport: { width: 1366, height: 900 } });

const FORMATS = ["A4", "Letter"] as const;
const IN_TRANSIT = "SWP482913K7Q2ZD";
const DELIVERED = "SWP517204M3X9PA";

/** The number of pages of the page's print, on paper of `format`. */
async function printedPages(page: Page, format: (typeof FORMATS)[number]): Promise<number> {
  const pdf = (await page.pdf({ format })).toString("latin1");
  return pdf.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** The company's name as the site shows it (the settings' one, whatever another story set it to). */
async function companyName(page: Page): Promise<string> {
  await page.goto("/about");
  return (await page.locator("footer p").first().textContent())!.trim();
}

test("the receipt, the label and the invoice each print on one page of A4 and of Letter", ONCE, async ({ page }) => {
  test.slow();
  await signInAsDemoAdmin(page);
  await page.goto("/admin/shipments");
  const edit = await page.locator('main a[href$="/edit"]').first().getAttribute("href");
  const id = edit!.split("/")[3]!;
  await page.goto("/admin/invoices");
  const invoice = await page.locator('main a[href^="/invoices/"]').first().getAttribute("href");
  for (const path of [`/receipt/${id}`, `/receipt/${id}/label`, invoice!]) {
    await page.goto(path);
    for (const format of FORMATS) expect(await printedPages(page, format), `${path} on ${format}`).toBe(1);
  }
});

test("the tracking page prints branded, its history entries whole, on the fewest pages", ONCE, async ({ page }) => {
  const name = await companyName(page);
  for (const trackingId of [IN_TRANSIT, DELIVERED]) {
    await page.goto(`/track/${trackingId}`);
    await page.emulateMedia({ media: "print" });
    // The company's name heads the paper (the site's header is not printed).
    await expect(page.locator("main header").getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").first()).toBeHidden();
    const entries = page.locator('section[aria-labelledby="history-title"] li');
    expect(await entries.count()).toBeGreaterThan(0);
    for (const style of await entries.evaluateAll((items) => items.map((item) => getComputedStyle(item).breakInside))) expect(style).toBe("avoid");
    await page.emulateMedia({ media: null });
    // A visitor's view of a parcel (no names or addresses) fits one page; a delivered one, with
    // its whole history, may take its last entries onto a second, never a blank one.
    for (const format of FORMATS) {
      const pages = await printedPages(page, format);
      if (trackingId === IN_TRANSIT) expect(pages, `${trackingId} on ${format}`).toBe(1);
      else expect(pages, `${trackingId} on ${format}`).toBeLessThanOrEqual(2);
    }
  }
});

test("the analytics report prints branded, without empty pages, its tables' headers on every page", ONCE, async ({ page }) => {
  test.slow();
  const name = await companyName(page);
  await signInAsDemoAdmin(page);
  await page.goto("/admin/analytics?period=30d&print=1");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${name} analytics report`);
  await page.emulateMedia({ media: "print" });
  for (const display of await page.locator("main thead").evaluateAll((heads) => heads.map((head) => getComputedStyle(head).display))) {
    expect(display).toBe("table-header-group");
  }
  await page.emulateMedia({ media: null });
  // Six mostly empty pages before (each large section kept whole): now the sections flow on from
  // one page to the next. Every list in the report is bounded (13 statuses, 30 days, 10 routes, 5 regions).
  for (const format of FORMATS) {
    const pages = await printedPages(page, format);
    expect(pages, `analytics on ${format}`).toBeGreaterThanOrEqual(1);
    expect(pages, `analytics on ${format}`).toBeLessThanOrEqual(4);
  }
});
