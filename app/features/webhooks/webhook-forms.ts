// The webhook pages' forms: an endpoint's address and events (adding one, or changing it), and
// the buttons of its page, told apart by their intent. The address's rules are webhook-url.ts's,
// which differ in local development (http and loopback allowed), so the schema is made for it.
import { z } from "zod";
import { MAX_LENGTH } from "~/domain/field-limits";
import { WEBHOOK_EVENT_TYPES } from "./webhook-events";
import { endpointUrlProblem, MAX_URL_LENGTH, URL_MESSAGES } from "./webhook-url";

/** Endpoints one customer, or the back office, may have. */
export const MAX_ENDPOINTS = 10;

export const EVENTS_REQUIRED = "Please choose at least one event";
const EVENT_NOT_LISTED = "Please choose events from the list";
/** A button's intent or a delivery's id that is not this page's. */
export const USE_THE_BUTTONS = "Please use the buttons on this page.";

const eventList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { errorMap: () => ({ message: EVENT_NOT_LISTED }) }), { invalid_type_error: EVENT_NOT_LISTED })
    .max(WEBHOOK_EVENT_TYPES.length * 2, EVENT_NOT_LISTED)
    .min(1, EVENTS_REQUIRED)
    .transform((list) => [...new Set(list)]),
);

function endpointUrl(development: boolean) {
  return z
    .string({ required_error: URL_MESSAGES.required, invalid_type_error: URL_MESSAGES.required })
    .trim()
    .max(MAX_URL_LENGTH, URL_MESSAGES.tooLong)
    .superRefine((value, context) => {
      const problem = endpointUrlProblem(value, development);
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/** An endpoint's address and events: adding one ("create") or changing it ("save"). */
export function endpointFieldsSchema<Intent extends "create" | "save">(development: boolean, intent: Intent) {
  return z.object({ intent: z.literal(intent), url: endpointUrl(development), events: eventList });
}

const DeliveryId = z.string({ required_error: USE_THE_BUTTONS }).max(MAX_LENGTH.token, USE_THE_BUTTONS);

/** The endpoint page's forms: save the address and events, and its buttons. */
export function endpointActionSchema(development: boolean) {
  return z.discriminatedUnion(
    "intent",
    [
      endpointFieldsSchema(development, "save"),
      z.object({ intent: z.literal("test") }),
      z.object({ intent: z.literal("rotate") }),
      z.object({ intent: z.literal("disable") }),
      z.object({ intent: z.literal("enable") }),
      z.object({ intent: z.literal("delete") }),
      z.object({ intent: z.literal("redeliver"), deliveryId: DeliveryId }),
    ],
    { errorMap: () => ({ message: USE_THE_BUTTONS }) },
  );
}

export type EndpointAction = z.output<ReturnType<typeof endpointActionSchema>>;
