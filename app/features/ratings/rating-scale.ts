// The rating scale, without the form's schema (app/features/ratings/ratings.ts), so that the public
// tracking page draws the rating form without loading zod in the browser.
import { tk } from "~/features/languages/languages";

export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export const RATING_COMMENT_MAX = 1000;

export const RATING_LABELS: Record<(typeof RATING_SCORES)[number], string> = {
  1: tk("1 – Very poor"),
  2: tk("2 – Poor"),
  3: tk("3 – Okay"),
  4: tk("4 – Good"),
  5: tk("5 – Excellent"),
};

/** "4.3 / 5" */
export function averageScoreText(value: number): string {
  return `${value.toFixed(1)} / 5`;
}
