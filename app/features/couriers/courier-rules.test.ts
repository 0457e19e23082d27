import { describe, expect, test } from "vitest";
import {
  courierDay,
  courierHistoryText,
  courierStatusLabel,
  CourierUpdateSchema,
  failedAttemptDescription,
  FAILURE_REASONS,
  proofSentence,
  runSheetOrder,
  updateDescription,
} from "./courier-rules";
import { trackingIdFromCode } from "./scanned-code";
import { translator } from "~/features/languages/i18n.server";

const ID = "3b241101-e2bb-4255-8caf-4136c566a962";

function errorsOf(input: Record<string, unknown>) {
  const result = CourierUpdateSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("courier rules", () => {
  test("a failed attempt says its reason, or the typed text for Other, then what happens next", () => {
    expect(failedAttemptDescription("nobody_home")).toBe(
      "Delivery attempt failed: Nobody home. We will try again on the next working day; the parcel waits at our depot meanwhile.",
    );
    expect(failedAttemptDescription("other", "Dog at the gate")).toMatch(/^Delivery attempt failed: Dog at the gate\. Our support team/);
    expect(updateDescription({ status: "delivered" })).toBeUndefined();
    expect(updateDescription({ status: "failed", reason: "refused" })).toMatch(/^Delivery attempt failed: Refused\. The parcel goes back/);
  });

  test("the courier's names of the failed and returned statuses", () => {
    expect(courierStatusLabel("failed")).toBe("Delivery attempt failed");
    expect(courierStatusLabel("returned")).toBe("Returned to depot");
    expect(courierStatusLabel("out_for_delivery")).toBe("Out For Delivery");
  });

  test("an update needs an id, a listed status, a reason when failed (text for Other), and coordinates in range and in pairs", () => {
    expect(errorsOf({ updateId: ID, status: "delivered", receivedBy: "J. Smith" })).toEqual({});
    expect(errorsOf({ updateId: ID, status: "delivered", receivedBy: "  " })).toEqual({ receivedBy: "Please enter the name of the person who took the parcel" });
    expect(errorsOf({ updateId: ID, status: "delivered", receivedBy: "x".repeat(101) })).toHaveProperty("receivedBy");
    expect(errorsOf({ updateId: ID, status: "failed", reason: "other", reasonText: "Gate locked", latitude: "-33.9", longitude: "151.2" })).toEqual({});
    expect(errorsOf({ updateId: "nope", status: "custom_destination" })).toEqual({
      updateId: "This update has no id: reload the page and try again",
      status: "Please choose a status from the list",
    });
    expect(errorsOf({ updateId: ID, status: "failed" })).toEqual({ reason: "Please choose why the delivery failed" });
    expect(errorsOf({ updateId: ID, status: "failed", reason: "other" })).toEqual({ reasonText: "Please say what went wrong" });
    expect(errorsOf({ updateId: ID, status: "failed", reason: "other", reasonText: "x".repeat(201) })).toHaveProperty("reasonText");
    expect(errorsOf({ updateId: ID, status: "picked_up", latitude: "91", longitude: "0" })).toEqual({ latitude: "Please enter a valid latitude" });
    expect(errorsOf({ updateId: ID, status: "picked_up", longitude: "10" })).toEqual({ latitude: "Coordinates come in pairs" });
    expect(errorsOf({ updateId: ID, status: "picked_up", location: "..." })).toEqual({ location: "Please enter a location" });
  });

  test("a delivery with a proof says only whether it was signed for; the owner hears who took it", () => {
    expect(updateDescription({ status: "delivered" }, { signed: true })).toBe("Delivered, signed for");
    expect(updateDescription({ status: "delivered" }, { signed: false })).toBe("Delivered in person");
    expect(updateDescription({ status: "delivered" })).toBeUndefined();
    const t = translator("en", "mail");
    expect(proofSentence(t, { receivedBy: "J. Smith", at: "Nov 27, 2026, 2:02 PM UTC", photo: true })).toBe("Delivered to J. Smith at Nov 27, 2026, 2:02 PM UTC, photo taken");
    expect(proofSentence(t, { receivedBy: "J. Smith", at: "Nov 27, 2026, 2:02 PM UTC", photo: false })).toBe("Delivered to J. Smith at Nov 27, 2026, 2:02 PM UTC");
    expect(proofSentence(translator("fr", "mail"), { receivedBy: "J. Smith", at: "27 nov. 2026, 14:02 UTC", photo: true })).toBe("Remis à J. Smith le 27 nov. 2026, 14:02 UTC, photo prise");
  });

  test("what a courier's update wrote in the history reads in the reader's language; a typed reason stays as typed", () => {
    const english = translator("en", "statuses");
    for (const reason of FAILURE_REASONS) expect(courierHistoryText(english, failedAttemptDescription(reason))).toBe(failedAttemptDescription(reason));
    expect(courierHistoryText(english, "Delivered, signed for")).toBe("Delivered, signed for");
    const spanish = translator("es", "statuses");
    expect(courierHistoryText(spanish, failedAttemptDescription("nobody_home"))).toBe(
      "Intento de entrega fallido: Nadie en casa. Volveremos a intentarlo el próximo día laborable; mientras tanto, el paquete espera en nuestro almacén.",
    );
    expect(courierHistoryText(spanish, failedAttemptDescription("other", "Dog at the gate"))).toMatch(/^Intento de entrega fallido: Dog at the gate\. Nuestro equipo/);
    expect(courierHistoryText(translator("fr"), "Delivered in person")).toBe("Remis en main propre");
    expect(courierHistoryText(spanish, "Package is out for delivery")).toBeNull();
    expect(courierHistoryText(spanish, "Delivery attempt failed: something else")).toBeNull();
  });

    test("the run sheet's day is the UTC date; its order is the admin's unless postal code is asked for", () => {
    expect(courierDay(Date.UTC(2026, 10, 27, 23, 59))).toBe("2026-11-27");
    expect(runSheetOrder("postal")).toBe("postal");
    expect(runSheetOrder("anything")).toBe("admin");
    expect(runSheetOrder(null)).toBe("admin");
  });

  test("a scanned code gives its tracking ID: the label's as it is, the receipt's QR from its address", () => {
    expect(trackingIdFromCode(" swp482913k7q2zd ")).toBe("SWP482913K7Q2ZD");
    expect(trackingIdFromCode("https://parcels.example.com/track/SWP482913K7Q2ZD?from=receipt")).toBe("SWP482913K7Q2ZD");
    expect(trackingIdFromCode("https://x.example/track/%E0%A4%A")).toBe("%E0%A4%A");
    expect(trackingIdFromCode("A".repeat(100))).toHaveLength(32);
  });
});
