import { describe, expect, it } from "vitest";
import { hasHiddenToken, hideOneTimeTokens } from "./one-time-links";

describe("hideOneTimeTokens", () => {
  it("hides the token of every link and leaves the rest of the text alone", () => {
    const body = [
      "Open this link within one hour:",
      "https://parcel.test/auth/reset-password?token=Ab-9_xYz",
      "or confirm at https://parcel.test/newsletter/confirm?lang=en&token=Q1w2E3#top.",
      "Follow it at https://parcel.test/track/SWP123456ABCDEF",
    ].join("\n");
    const hidden = hideOneTimeTokens(body);
    expect(hidden).not.toContain("Ab-9_xYz");
    expect(hidden).not.toContain("Q1w2E3");
    expect(hidden).toContain("https://parcel.test/auth/reset-password?token=[hidden]\n");
    expect(hidden).toContain("https://parcel.test/newsletter/confirm?lang=en&token=[hidden]#top.");
    expect(hidden).toContain("https://parcel.test/track/SWP123456ABCDEF");
    expect(hasHiddenToken("https://parcel.test/auth/reset-password?token=[hidden]")).toBe(true);
    expect(hasHiddenToken("https://parcel.test/track/SWP1")).toBe(false);
  });

  it("hides the token of a parcel's update links, which is the last part of their path", () => {
    const body = "Confirm: https://parcel.test/tracking-updates/Zx8_-Qw1\nStop these e-mails: https://parcel.test/tracking-updates/Kj7-p_0.";
    const hidden = hideOneTimeTokens(body);
    expect(hidden).not.toMatch(/Zx8_-Qw1|Kj7-p_0/);
    expect(hidden).toBe("Confirm: https://parcel.test/tracking-updates/[hidden]\nStop these e-mails: https://parcel.test/tracking-updates/[hidden].");
    expect(hasHiddenToken("https://parcel.test/tracking-updates/[hidden]")).toBe(true);
  });

  it("hides the token of an unsubscribe link, both of its parts", () => {
    const body = "To get no more parcel updates: https://parcel.test/unsubscribe/cmlhQGV4YW1wbGUuY29t.Hk9_-x2. Thanks.";
    const hidden = hideOneTimeTokens(body);
    expect(hidden).toBe("To get no more parcel updates: https://parcel.test/unsubscribe/[hidden]. Thanks.");
    expect(hasHiddenToken("https://parcel.test/unsubscribe/[hidden]")).toBe(true);
  });

  it("leaves a text without links as it is", () => {
    expect(hideOneTimeTokens("token=abc is not a link parameter")).toBe("token=abc is not a link parameter");
  });
});
