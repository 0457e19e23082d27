import { chromium } from "@playwright/test";
const base = "http://localhost:8787";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update"] });
const log = (...a) => console.log(...a);
for (const js of [false, true]) {
  const tag = js ? "js" : "nojs";
  for (const width of [1366, 390]) {
    const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: width > 500 ? 900 : 844 }, acceptDownloads: true });
    const page = await ctx.newPage();
    const shot = (name) => page.screenshot({ path: `/tmp/shots/${tag}-${width}-${name}.png`, fullPage: true });
    // 1. Pricing -> register with a yearly Basic plan -> profile
    await page.goto(base + "/pricing");
    if (js) await page.getByRole("button", { name: /Yearly/ }).first().click().catch(() => log("no yearly button"));
    else await page.getByRole("link", { name: /Yearly/ }).first().click().catch(() => log("no yearly link"));
    await shot("pricing");
    const choose = page.getByRole("link", { name: /Basic/ }).first();
    log(tag, width, "pricing links:", await page.getByRole("link").filter({ hasText: /Get Started|Choose|Start/ }).allTextContents().catch(()=>[]));
    await ctx.close();
  }
}
await browser.close();
