// Where a parcel is now, and where it was delivered instead of its address: places an admin
// types. Nothing, or punctuation alone, is refused with a message (docs/decisions/021).
import { MAX_LENGTH } from "~/domain/field-limits";
import { placeName } from "~/domain/form-fields";

export const LOCATION_REQUIRED = "Please enter a location";
export const CUSTOM_DESTINATION_REQUIRED = "Please enter a destination";

export const LocationSchema = placeName("Location", MAX_LENGTH.location, LOCATION_REQUIRED);
/** A custom destination: the free text naming where a parcel was delivered instead of its address. */
export const CustomDestinationSchema = placeName("Destination", MAX_LENGTH.customDestination, CUSTOM_DESTINATION_REQUIRED);

/** The place trimmed, or the first message saying what is wrong with it. */
export function checkPlace(schema: typeof LocationSchema, value: unknown): { ok: true; place: string } | { ok: false; message: string } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, place: result.data } : { ok: false, message: result.error.issues[0]?.message ?? LOCATION_REQUIRED };
}
