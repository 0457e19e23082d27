import { chromium, type Page } from "@playwright/test";
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
const base = "http://localhost:9931";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"] });
const log = (...a: unknown[]) => console.log(...a);
async function addr(page: Page, a: { country: string; phone: string; street: string; city: string; postalCode?: string }) {
  await page.getByLabel("Country").selectOption({ label: a.country });
  await page.getByLabel("Phone").fill(a.phone);
  await page.getByLabel("Street address").fill(a.street);
  await page.getByLabel("City").fill(a.city);
  if (a.postalCode) await page.getByLabel("Postal code").fill(a.postalCode);
}
for (const js of [true]) {
  const tag = js ? "js" : "nojs";
  for (const width of [390]) {
    const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await ctx.newPage();
    const shot = (name: string) => page.screenshot({ path: `/tmp/shots/${tag}-${width}-${name}.png` });
    // Customer: a Same Day fragile parcel within San Francisco.
    await page.goto(base + "/login");
    await page.getByRole("button", { name: "Try Demo Account" }).click();
    await page.waitForURL("**/dashboard");
    await page.goto(base + "/dashboard/create-shipment?step=1");
    await addr(page, { country: "United States", phone: "(415) 555-0134", street: "1 Market St", city: "San Francisco", postalCode: "94105" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 4: Recipient details" }).waitFor();
    await page.getByLabel("Full name").fill("Sam Courier");
    await page.getByLabel("Email").fill("sam@example.com");
    await addr(page, { country: "United States", phone: "(415) 555-0142", street: "500 Howard St", city: "San Francisco", postalCode: "94105" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 3 of 4: Packages and service" }).waitFor();
    const g = page.getByRole("group", { name: "Package 1" });
    await g.getByLabel("Description").fill("Vase");
    await g.getByLabel("Weight (kg)").fill("1.5");
    await g.getByLabel("Length (cm)").fill("20");
    await g.getByLabel("Width (cm)").fill("20");
    await g.getByLabel("Height (cm)").fill("40");
    await g.getByLabel("Declared value (each)").fill("120");
    await page.getByLabel("Service type").selectOption({ value: "same_day" });
    await page.getByLabel(/Fragile handling/).check();
    await page.getByLabel("Service type").scrollIntoViewIfNeeded();
    await shot("step3");
    for (const ms of [500, 1500, 3000]) { await page.waitForTimeout(ms); log("after", ms, (await page.getByRole("region", { name: "Cost estimate" }).innerText()).replace(/\s+/g, " ")); }
    process.exit(0);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 4 of 4: Review and create" }).waitFor();
    await page.getByRole("region", { name: "Cost estimate" }).scrollIntoViewIfNeeded();
    await shot("step4");
    log(tag, width, "estimate:", (await page.getByRole("region", { name: "Cost estimate" }).innerText()).replace(/\s+/g, " "));
    await page.getByRole("button", { name: "Create Shipment" }).click();
    await page.waitForURL(/\/track\//);
    const trackingId = page.url().split("/").pop()!;
    await shot("track");
    log(tag, width, "tracking", trackingId, "| location:", (await page.locator("dt", { hasText: /^Current location$/ }).locator("xpath=following-sibling::dd[1]").innerText().catch(() => "?")));
    const ics = await ctx.request.get(`${base}/track/${trackingId}/calendar.ics`);
    writeFileSync(`/tmp/shots/${tag}-${width}.ics`, await ics.text());
    log(tag, width, "ics", ics.status(), execSync(`/usr/bin/python3 -c "import icalendar,sys; c=icalendar.Calendar.from_ical(open('/tmp/shots/${tag}-${width}.ics').read()); e=c.walk('VEVENT')[0]; print(e.get('summary'), e.decoded('dtstart'))"`).toString().trim());
    // Admin: mailbox, analytics, location.
    const admin = await (await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: width > 500 ? 900 : 844 } })).newPage();
    await admin.goto(base + "/admin/login");
    await admin.getByRole("button", { name: "Demo Admin Login" }).click();
    await admin.waitForURL("**/admin/**");
    await admin.goto(base + "/admin/mailbox");
    await admin.screenshot({ path: `/tmp/shots/${tag}-${width}-mailbox.png` });
    log(tag, width, "mailbox first rows:", (await admin.getByRole("table").first().innerText().catch(() => "no table")).split("\n").slice(0, 6).join(" | "));
    await admin.goto(base + "/admin/analytics");
    await admin.screenshot({ path: `/tmp/shots/${tag}-${width}-analytics.png` });
    await admin.goto(`${base}/admin/shipments?search=${trackingId}`);
    await admin.getByRole("link", { name: `Location of ${trackingId}` }).click();
    await admin.waitForTimeout(800);
    await admin.screenshot({ path: `/tmp/shots/${tag}-${width}-location.png` });
    log(tag, width, "location page:", admin.url(), await admin.getByRole("heading", { level: 1 }).first().innerText().catch(() => "?"));
    await admin.context().close();
    await ctx.close();
  }
}
await browser.close();
