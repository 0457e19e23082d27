import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { averageScoreText } from "./rating-scale";
import { RatingSchema } from "./ratings";

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: RatingSchema });
}

const errorsOf = (submission: ReturnType<typeof parse>) => (submission.status === "error" ? submission.error : undefined);

describe("RatingSchema", () => {
  it("takes a whole score from 1 to 5 and a trimmed comment", () => {
    const submission = parse({ score: "4", comment: "  Quick and careful.  " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ score: 4, comment: "Quick and careful." });
    expect(parse({ score: "1" }).status).toBe("success");
  });

  it("refuses a missing, fractional or out-of-range score and a comment over 1,000 characters, all at once", () => {
    for (const score of ["", "0", "6", "4.5", "five", "-1"]) {
      const submission = parse({ score });
      expect(submission.status, score).toBe("error");
      expect(errorsOf(submission)?.score).toEqual(["Please choose a rating from 1 to 5"]);
    }
    const both = parse({ score: "9", comment: "x".repeat(1001) });
    expect(errorsOf(both)).toEqual({ score: ["Please choose a rating from 1 to 5"], comment: ["Comment must be at most 1,000 characters"] });
    expect(parse({ score: "3", comment: "x".repeat(1000) }).status).toBe("success");
  });

  it("writes an average with one decimal", () => {
    expect(averageScoreText(4.25)).toBe("4.3 / 5");
  });
});
