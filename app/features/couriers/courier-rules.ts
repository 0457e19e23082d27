// The courier's side of a shipment: the statuses set at the door, the fixed reasons of a failed
// attempt and what happens next, the run sheet's day and order, and the form of one update.
import type { TFunction } from "i18next";
import { z } from "zod";
import { MAX_LENGTH } from "~/domain/field-limits";
import { boundedText, placeName } from "~/domain/form-fields";
import { tk } from "~/features/languages/languages";
import { statusLabel, statusName, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { imageType, PROOF_LIMITS, type ImageType } from "./proof-image";

/** The statuses a courier sets, in the order of a parcel's day. */
export const COURIER_STATUSES = ["picked_up", "in_transit", "out_for_delivery", "delivered", "failed", "returned"] as const satisfies readonly ShipmentStatus[];
export type CourierStatus = (typeof COURIER_STATUSES)[number];

/** The catalogs' namespace of the courier pages' words. */
export const COURIERS_NAMESPACE = "couriers";

/** The statuses the courier's form names its own way; the others keep their names (the `statuses` catalogs). */
const COURIER_LABELS: Partial<Record<CourierStatus, string>> = { failed: tk("Delivery attempt failed"), returned: tk("Returned to depot") };

/** How the courier's form names them (the stored statuses keep their labels elsewhere), in English. */
export function courierStatusLabel(status: CourierStatus): string {
  return COURIER_LABELS[status] ?? statusLabel(status);
}

/** The courier's name of a status in the language of `t` (a translator of any namespace). */
export function courierStatusName(t: TFunction, status: CourierStatus): string {
  const own = COURIER_LABELS[status];
  return own ? t(own, { ns: COURIERS_NAMESPACE }) : statusName(t, status);
}

export const FAILURE_REASONS = ["nobody_home", "address_not_found", "refused", "access_problem", "other"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The reasons' names, in English (the `couriers` catalogs translate them where shown). */
export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  nobody_home: tk("Nobody home"),
  address_not_found: tk("Address not found"),
  refused: tk("Refused"),
  access_problem: tk("Access problem"),
  other: tk("Other"),
};

/** What happens after a failed attempt, told to the owner with the reason. */
const NEXT_STEPS: Record<FailureReason, string> = {
  nobody_home: tk("We will try again on the next working day; the parcel waits at our depot meanwhile."),
  address_not_found: tk("Please check the recipient's address with our support team; we will try again once it is confirmed."),
  refused: tk("The parcel goes back to our depot and our support team will contact the sender."),
  access_problem: tk("We will try again on the next working day; a note on how to get in helps our courier."),
  other: tk("Our support team will contact you if anything is needed; otherwise we try again on the next working day."),
};

export const FAILURE_REASON_NEEDED = "Please choose why the delivery failed";
export const FAILURE_TEXT_NEEDED = "Please say what went wrong";
export const COURIER_STATUS_NOT_LISTED = "Please choose a status from the list";
export const MAX_FAILURE_TEXT = 200;

const FAILED_ATTEMPT = "Delivery attempt failed: ";

/** The history entry (and the owner's mail) of a failed attempt: the reason, then what happens next (stored in English). */
export function failedAttemptDescription(reason: FailureReason, text?: string): string {
  const why = reason === "other" && text ? text : FAILURE_REASON_LABELS[reason];
  return `${FAILED_ATTEMPT}${why}. ${NEXT_STEPS[reason]}`;
}

/** The run sheet's day of a moment: its UTC date, YYYY-MM-DD. */
export function courierDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export const RUN_SHEET_ORDERS = ["admin", "postal"] as const;
export type RunSheetOrder = (typeof RUN_SHEET_ORDERS)[number];
export const RUN_SHEET_ORDER_LABELS: Record<RunSheetOrder, string> = { admin: tk("Planned order"), postal: tk("Postal code") };

export function runSheetOrder(value: string | null): RunSheetOrder {
  return value === "postal" ? "postal" : "admin";
}

const Coordinate = (label: string, bound: number) =>
  z.coerce
    .number({ invalid_type_error: `Please enter a valid ${label}` })
    .min(-bound, `Please enter a valid ${label}`)
    .max(bound, `Please enter a valid ${label}`)
    .optional();

export const PROOF_MESSAGES = {
  receivedByNeeded: "Please enter the name of the person who took the parcel",
  photoTooLarge: "The photo is larger than 500 KB: take it again at a lower resolution, or save without a photo",
  photoNotImage: "The photo must be a JPEG, PNG or WebP image",
  signatureNotImage: "The signature could not be read: clear it and sign again",
  signatureNeeded: "This parcel needs a signature: let the recipient sign, or tick that they typed their name as their signature",
} as const;

/** What the public tracking page (and every party's mail) says of a delivery with a proof. */
export const SIGNED_FOR = "Delivered, signed for";
export const HANDED_OVER = "Delivered in person";

/**
 * A history text a courier's update wrote (a delivery with its proof, a failed attempt's reason
 * and next step) in the language of `t`; null for any other text. A reason the courier typed
 * stays as typed.
 */
export function courierHistoryText(t: TFunction, text: string): string | null {
  if (text === SIGNED_FOR || text === HANDED_OVER) return t(text, { ns: COURIERS_NAMESPACE });
  if (!text.startsWith(FAILED_ATTEMPT)) return null;
  const reason = FAILURE_REASONS.find((one) => text.endsWith(`. ${NEXT_STEPS[one]}`));
  if (!reason) return null;
  const why = text.slice(FAILED_ATTEMPT.length, text.length - NEXT_STEPS[reason].length - 2);
  const label = why === FAILURE_REASON_LABELS[reason] ? t(why, { ns: COURIERS_NAMESPACE }) : why;
  return `${t("Delivery attempt failed: {{reason}}.", { ns: COURIERS_NAMESPACE, reason: label })} ${t(NEXT_STEPS[reason], { ns: COURIERS_NAMESPACE })}`;
}

const ImageFile = (notImage: string, tooLarge: string, maxBytes: number) =>
  z
    .instanceof(File, { message: notImage })
    .refine((file) => file.size <= maxBytes, tooLarge)
    .optional();

/**
 * One status update from the door. `updateId` is made by the page (or the phone) that sent it:
 * the same id twice applies once. A failed attempt names its reason ("other" with text); the
 * place is picked or typed, or left to the status's default; coordinates only come together.
 */
export const CourierUpdateSchema = z
  .object({
    updateId: z.string({ required_error: "This update has no id: reload the page and try again" }).uuid("This update has no id: reload the page and try again"),
    status: z.enum(COURIER_STATUSES, { errorMap: () => ({ message: COURIER_STATUS_NOT_LISTED }) }),
    reason: z.enum(FAILURE_REASONS, { errorMap: () => ({ message: FAILURE_REASON_NEEDED }) }).optional(),
    reasonText: boundedText("What went wrong", MAX_FAILURE_TEXT).optional(),
    location: placeName("Location", MAX_LENGTH.location, "Please enter a location").optional(),
    latitude: Coordinate("latitude", 90),
    longitude: Coordinate("longitude", 180),
    receivedBy: boundedText("Received by", PROOF_LIMITS.receivedBy).optional(),
    photo: ImageFile(PROOF_MESSAGES.photoNotImage, PROOF_MESSAGES.photoTooLarge, PROOF_LIMITS.photoBytes),
    signature: ImageFile(PROOF_MESSAGES.signatureNotImage, PROOF_MESSAGES.signatureNotImage, PROOF_LIMITS.signatureBytes),
    signatureTyped: z.literal("on", { errorMap: () => ({ message: PROOF_MESSAGES.signatureNeeded }) }).optional(),
  })
  .superRefine((update, ctx) => {
    if (update.status === "delivered" && !update.receivedBy) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["receivedBy"], message: PROOF_MESSAGES.receivedByNeeded });
    if (update.status === "failed" && !update.reason) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["reason"], message: FAILURE_REASON_NEEDED });
    if (update.status === "failed" && update.reason === "other" && !update.reasonText) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["reasonText"], message: FAILURE_TEXT_NEEDED });
    }
    if ((update.latitude === undefined) !== (update.longitude === undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [update.latitude === undefined ? "latitude" : "longitude"], message: "Coordinates come in pairs" });
    }
  });

/**
 * The update form with its images checked by their bytes (parse it with `async: true`): a photo
 * must really be a JPEG, PNG or WebP, a drawn signature a PNG, whatever the upload claims.
 */
export const CourierUpdateFormSchema = CourierUpdateSchema.superRefine(async (update, ctx) => {
  const checks: [keyof CourierUpdate, File | undefined, readonly ImageType[], string][] = [
    ["photo", update.photo, ["image/jpeg", "image/png", "image/webp"], PROOF_MESSAGES.photoNotImage],
    ["signature", update.signature, ["image/png"], PROOF_MESSAGES.signatureNotImage],
  ];
  for (const [path, file, types, message] of checks) {
    if (!file) continue;
    const type = imageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!type || !types.includes(type)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  }
});

export type CourierUpdate = z.infer<typeof CourierUpdateSchema>;

/** The history entry's description of an update: a failed attempt's reason, else the status's default. */
export function updateDescription(update: Pick<CourierUpdate, "status" | "reason" | "reasonText">, proof?: { signed: boolean }): string | undefined {
  if (update.status === "delivered" && proof) return proof.signed ? SIGNED_FOR : HANDED_OVER;
  return update.status === "failed" && update.reason ? failedAttemptDescription(update.reason, update.reasonText) : undefined;
}

/** "Delivered to J. Smith at Nov 27, 2026, 2:02 PM UTC, photo taken": what the owner hears of a proof, in the language of `t` (the `mail` catalogs). */
export function proofSentence(t: TFunction, proof: { receivedBy: string; at: string; photo: boolean }): string {
  const values = { receivedBy: proof.receivedBy, at: proof.at, ns: "mail" };
  return proof.photo ? t("Delivered to {{receivedBy}} at {{at}}, photo taken", values) : t("Delivered to {{receivedBy}} at {{at}}", values);
}

