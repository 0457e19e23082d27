import { expect, test } from "@playwright/test";
import { createShipment } from "./admin-shipment-form";
import { linkIn, receivedMail } from "./mail";
import { redirectOf, signIn, signInAsDemoAdmin } from "./sign-in";

// The courier's day on a phone, with JavaScript off and on: an admin invites a courier and
// assigns three shipments from the list; the courier finds one by typing its ID on the run
// sheet and sets it out for delivery, then delivered; the sender hears of each and a visitor
// sees it delivered. With JavaScript the courier then loses the signal: the run sheet and a stop
// opened before still open, a status set there waits on the phone and lands once when the
// signal returns. (Proof of delivery is not built yet.)
test.use({ viewport: { width: 390, height: 844 } });

test("an admin invites a courier and assigns three shipments; the courier types an ID and delivers it", async ({ page, context, request, javaScriptEnabled }, testInfo) => {
  test.setTimeout(150_000);
  const tag = `${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;
  const senderName = `Courier Story ${tag}`;
  const senderEmail = `courier.story.${tag}@example.com`;
  const courierEmail = `rider.${tag}@example.com`;
  await signInAsDemoAdmin(page);
  const trackingIds: string[] = [];
  for (const description of ["Books", "Lamp", "Kettle"]) trackingIds.push(await createShipment(page, { senderName, senderEmail, description }));

  // The invitation: the admin's form, then the courier's mail and its link to choose a password.
  await page.goto("/admin/couriers");
  await page.getByRole("link", { name: "Invite courier" }).first().click();
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill(`Rider ${tag}`);
  await page.getByLabel("Email").fill(courierEmail);
  await page.getByRole("button", { name: "Create courier and send invitation" }).click();
  await expect(page.getByRole("status").getByText("Courier created: they get an e-mail to choose their password")).toBeVisible();
  const invitation = await receivedMail(request, courierEmail, "courier-invitation");
  const token = new URL(linkIn(invitation, "/auth/reset-password")).searchParams.get("token")!;
  const chosen = await request.post("/auth/reset-password", { form: { token, password: "Courier123!", confirmPassword: "Courier123!" }, maxRedirects: 0 });
  await redirectOf(chosen, "choosing the courier's password");

  // Three shipments to the courier from the list's bulk bar.
  await page.goto(`/admin/shipments?${new URLSearchParams({ search: senderName })}`);
  for (const id of trackingIds) await page.getByLabel(`Select ${id}`).check();
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  await bulk.getByLabel("Courier").selectOption({ label: `Robin Rider ${tag}` });
  await bulk.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").getByText(`3 shipments assigned to Robin Rider ${tag}`)).toBeVisible();
  await page.goto("/admin/couriers");
  await expect(page.getByRole("row", { name: new RegExp(`Robin Rider ${tag}`) })).toContainText("0 of 3");

  // The courier signs in at the usual sign-in and sees their three stops.
  await page.context().clearCookies();
  await signIn(page, { email: courierEmail, password: "Courier123!" });
  await expect(page).toHaveURL("/courier");
  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  // Typed (as a scanner that types would), the ID opens its stop.
  const [first] = trackingIds;
  await page.getByLabel("Tracking ID").fill(first!.toLowerCase());
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(`/courier/stops/${first}`);
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Out For Delivery" });
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status").getByText(`${first}: Out For Delivery`)).toBeVisible();
  await expect(page).toHaveURL("/courier");
  const outMail = await receivedMail(request, senderEmail, "shipment-status");
  expect(outMail.subject).toBe(`Shipment ${first}: Out For Delivery`);

  await page.getByLabel("Tracking ID").fill(first!);
  await page.getByRole("button", { name: "Open" }).click();
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Delivered" });
  await page.getByLabel(/^Location/).fill("Front desk");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status").getByText(`${first}: Delivered`)).toBeVisible();

  // No signal: the second stop, opened once with signal, opens again without, and the status set
  // there waits on the phone until the signal returns, then lands once.
  if (javaScriptEnabled) {
    const second = trackingIds[1]!;
    const history = page.getByRole("region", { name: "Shipment history" }).getByRole("listitem");
    await page.goto(`/track/${second}`);
    await expect(history).toHaveCount(1);
    await page.goto(`/courier/stops/${second}`);
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await page.goto("/courier");
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("list", { name: "Stops" }).getByRole("listitem")).toHaveCount(3);
    await page.getByLabel("Tracking ID").fill(second);
    await page.getByRole("button", { name: "Open" }).click();
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Out For Delivery" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page).toHaveURL("/courier");
    await expect(page.getByRole("heading", { name: "Waiting to be sent: 1 update" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Waiting to be sent" })).toContainText(`${second}: Out For Delivery`);
    // Playwright's offline mode fires no `online` event: the next page load sends it.
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Waiting to be sent/ })).toHaveCount(0);
    // A further page load asks to send again: nothing is left, and the history shows the update once.
    await page.reload();
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Waiting to be sent/ })).toHaveCount(0);
    await page.goto(`/track/${second}`);
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("Package is out for delivery");
  }

  // A visitor sees it delivered.
  await page.context().clearCookies();
  await page.goto(`/track/${first}`);
  await expect(page.getByText("Delivered").first()).toBeVisible();
});
