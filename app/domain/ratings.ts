// Rating a delivery: a score of 1 to 5 and an optional comment, once per delivered shipment.
// One schema for the server (the authority) and Conform in the browser.
import { z } from "zod";

export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export const RATING_COMMENT_MAX = 1000;

export const RATING_LABELS: Record<(typeof RATING_SCORES)[number], string> = {
  1: "1 – Very poor",
  2: "2 – Poor",
  3: "3 – Okay",
  4: "4 – Good",
  5: "5 – Excellent",
};

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

/** "4.3 / 5" */
export function averageScoreText(value: number): string {
  return `${value.toFixed(1)} / 5`;
}
