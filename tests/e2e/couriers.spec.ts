import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createShipment } from "./admin-shipment-form";
import { linkIn, receivedMail } from "./mail";
import { redirectOf, signIn, signInAsDemoAdmin, signInAsDemoCustomer } from "./sign-in";
import { SAMPLE_PACKAGE_STEP, SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { stripJpegMetadata } from "~/features/couriers/proof-image";

// The courier's day on a phone, with JavaScript off and on: an admin invites a courier and
// assigns three shipments from the list (one of them the demo customer's, which needs a
// signature); the courier finds it by typing its ID on the run sheet and sets it out for
// delivery, then delivered with the proof: who took it, a photo (from a camera that wrote its
// GPS position into it) and a signature, drawn with a finger with JavaScript, the typed name
// without. The sender hears of each. With JavaScript the courier has no signal at the door: the
// run sheet and the stop, opened before, still open; the delivery and its proof wait on the phone
// and land once when the signal returns. The owner sees the proof on their tracking page, without the
// photo's position; a visitor sees only that it was signed for.
test.use({ viewport: { width: 390, height: 844 } });

/** A camera's photo: a small JPEG whose APP1 segment holds a GPS position. */
const CAMERA_PHOTO = new URL("./fixtures/door-with-gps.jpg", import.meta.url).pathname;

/** The demo customer's own shipment, needing a signature, made through the four steps' forms as the browser posts them. */
async function createOwnShipment(page: Page, sender: { senderName: string; senderEmail: string }): Promise<string> {
  await signInAsDemoCustomer(page);
  const steps = [{ ...SAMPLE_SENDER, ...sender }, SAMPLE_RECIPIENT, { ...SAMPLE_PACKAGE_STEP, signatureRequired: "on" }];
  for (const [index, fields] of steps.entries()) {
    const response = await page.request.post(`/dashboard/create-shipment?step=${index + 1}`, { form: { step: String(index + 1), intent: "next", ...fields }, maxRedirects: 0 });
    await redirectOf(response, `step ${index + 1} of the shipment form`);
  }
  const created = await page.request.post("/dashboard/create-shipment?step=4", { form: { step: "4", intent: "create" }, maxRedirects: 0 });
  const trackingId = (await redirectOf(created, "creating the customer's shipment")).replace("/track/", "");
  await page.context().clearCookies();
  return trackingId;
}

test("an admin invites a courier and assigns three shipments; the courier types an ID and delivers it with a proof", async ({ page, context, request, javaScriptEnabled }, testInfo) => {
  test.setTimeout(150_000);
  const tag = `${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;
  const senderName = `Courier Story ${tag}`;
  const senderEmail = `courier.story.${tag}@example.com`;
  const courierEmail = `rider.${tag}@example.com`;
  const trackingIds = [await createOwnShipment(page, { senderName, senderEmail })];
  await signInAsDemoAdmin(page);
  for (const description of ["Lamp", "Kettle"]) trackingIds.push(await createShipment(page, { senderName, senderEmail, description }));

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
  await expect(page.getByText("Signature required")).toBeVisible();
  if (javaScriptEnabled) {
    // No signal at the door: the run sheet and the stop, opened before with signal, open again
    // without, and the delivery made there waits on the phone, photo and drawing included.
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await page.goto("/courier");
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("list", { name: "Stops" }).getByRole("listitem")).toHaveCount(3);
    await page.getByLabel("Tracking ID").fill(first!);
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page.getByText("Signature required")).toBeVisible();
  }
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Delivered" });
  await page.getByLabel(/^Location/).fill("Front desk");

  // The proof: who took it, a photo, and the signature this parcel requires.
  await page.getByLabel(/^Received by/).fill("J. Smith");
  await page.getByLabel(/^Photo of the delivered parcel/).setInputFiles(CAMERA_PHOTO);
  if (javaScriptEnabled) {
    // Shrunk on the phone first; then the recipient signs with a finger in the box.
    await expect(page.getByText(/^Photo ready \(\d+ KB\)$/)).toBeVisible();
    const pad = page.getByRole("img", { name: /^Signature box/ });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (const [dx, dy] of [[60, -30], [120, 25], [180, -20], [240, 15]]) await page.mouse.move(box.x + 20 + dx!, box.y + box.height / 2 + dy!, { steps: 4 });
    await page.mouse.up();
  } else {
    await page.getByLabel("No drawing: the recipient typed their name above as their signature").check();
  }
  await page.getByRole("button", { name: "Save status" }).click();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL("/courier");
    await expect(page.getByRole("heading", { name: "Waiting to be sent: 1 update" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Waiting to be sent" })).toContainText(`${first}: Delivered`);
    // The signal returns. Playwright's offline mode fires no `online` event: the next page load sends it.
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Waiting to be sent/ })).toHaveCount(0);
    // A further page load asks to send again: nothing is left, and the delivery is in the history once.
    await page.reload();
    await expect(page.getByText("This page opens without signal.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Waiting to be sent/ })).toHaveCount(0);
  } else {
    await expect(page.getByRole("status").getByText(`${first}: Delivered`)).toBeVisible();
  }
  const history = page.getByRole("region", { name: "Shipment history" }).getByRole("listitem");
  await page.goto(`/track/${first}`);
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText("Delivered, signed for");
  await expect(history.nth(1)).toContainText("Package is out for delivery");

  // The owner sees the proof on their tracking page; the stored photo carries no position.
  await page.context().clearCookies();
  await signInAsDemoCustomer(page);
  await page.goto(`/track/${first}`);
  const proof = page.getByRole("region", { name: "Proof of delivery" });
  await expect(proof.getByText("J. Smith", { exact: true })).toBeVisible();
  const photo = proof.getByRole("img", { name: "Photo of the delivered parcel" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  if (javaScriptEnabled) await expect(proof.getByRole("img", { name: "Signature of J. Smith" })).toBeVisible();
  else await expect(proof.getByText("Typed name: J. Smith")).toBeVisible();
  const photoSrc = (await photo.getAttribute("src"))!;
  const stored = await page.request.get(photoSrc);
  expect(stored.headers()["cache-control"]).toBe("private, no-store");
  const bytes = new Uint8Array(await stored.body());
  const taken = new Uint8Array(readFileSync(CAMERA_PHOTO));
  // The camera's photo has a metadata segment to strip; the stored one has none left.
  expect(stripJpegMetadata(taken)!.length).toBeLessThan(taken.length);
  expect(stripJpegMetadata(bytes)).toEqual(bytes);

  // A visitor sees only that it was signed for: no name, no photo, no signature.
  await page.context().clearCookies();
  await page.goto(`/track/${first}`);
  await expect(page.getByText("Delivered, signed for").first()).toBeVisible();
  await expect(page.getByText("J. Smith")).toHaveCount(0);
  await expect(page.locator('img[src^="/proofs/"]')).toHaveCount(0);
  expect((await page.request.get(photoSrc)).status()).toBe(404);
});
