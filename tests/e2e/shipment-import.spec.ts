import { expect, test } from "@playwright/test";
import { BAD_ROWS, importCsv } from "../shipment-import-sample";
import { registerCustomer } from "./sign-in";

test("a customer imports a CSV file with two bad rows, sees both rows' errors, then creates the valid ones", async ({ page }) => {
  test.setTimeout(90_000);
  await registerCustomer(page, "Imogen");
  await page.getByRole("link", { name: "Import Shipments" }).click();
  await expect(page.getByRole("heading", { name: "Import shipments" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the template" })).toHaveAttribute("href", "/shipment-import-template.csv");

  await page.getByLabel("CSV file").setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(importCsv(6, { bad: true, tag: `story${Date.now()}` })) });
  await page.getByRole("button", { name: "Check File" }).click();

  await expect(page.getByRole("heading", { name: "Check your import" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByText("orders.csv: 6 rows. 4 rows ready to create; 2 rows with errors will be left out.")).toBeVisible();
  const table = page.getByRole("table", { name: "The file's rows and their errors" });
  for (const [line, errors] of Object.entries(BAD_ROWS)) {
    const row = table.getByRole("row", { name: new RegExp(`^Row ${line} `) });
    for (const error of errors) await expect(row.getByText(error)).toBeVisible();
  }
  await expect(table.getByRole("row", { name: /^Row 2 / }).getByText("Ready")).toBeVisible();

  await page.getByRole("button", { name: "Create 4 Shipments" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("4 shipments created; 2 rows with errors left out")).toBeVisible();
  await expect(page.getByRole("link", { name: "Total shipments" }).locator("..").locator("..")).toContainText("4");
});
