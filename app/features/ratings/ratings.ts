// Rating a delivery: a score of 1 to 5 and an optional comment, once per delivered shipment.
// The server's schema; the form itself (app/features/ratings/delivery-rating.tsx) is plain HTML.
import { z } from "zod";
import { RATING_COMMENT_MAX } from "./rating-scale";

export const RatingSchema = z.object({
  score: z.coerce
    .number({ required_error: "Please choose a rating from 1 to 5", invalid_type_error: "Please choose a rating from 1 to 5" })
    .int("Please choose a rating from 1 to 5")
    .min(1, "Please choose a rating from 1 to 5")
    .max(5, "Please choose a rating from 1 to 5"),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, `Comment must be at most ${RATING_COMMENT_MAX.toLocaleString("en-US")} characters`)
    .optional(),
  /** The rating link's token, when the form came from the link mailed at delivery. */
  token: z.string().max(200).optional(),
});

export type RatingInput = z.infer<typeof RatingSchema>;
