import { describe, expect, it } from "vitest";
import { mailHeader, withSafeHeaders } from "./mail-header.server";

describe("mail headers", () => {
  it("folds CR, LF and every other control character or line separator to one space", () => {
    expect(mailHeader("Welcome to Acme\r\nBcc: everyone@example.com")).toBe("Welcome to Acme Bcc: everyone@example.com");
    expect(mailHeader("A\rB\nC\tD\u0000E\u007fF\u0085G\u2028H\u2029I")).toBe("A B C D E F G H I");
    expect(mailHeader("\r\n Subject \r\n")).toBe("Subject");
    expect(mailHeader("Two  \r\n  lines")).toBe("Two lines");
  });

  it("leaves an ordinary header as it is", () => {
    expect(mailHeader("Shipment SWP482913K7Q2ZD: In Transit")).toBe("Shipment SWP482913K7Q2ZD: In Transit");
    expect(mailHeader("Bienvenue chez Société Générale d'Expédition")).toBe("Bienvenue chez Société Générale d'Expédition");
  });

  it("makes a mail's address and subject safe and keeps its body's lines", () => {
    const mail = withSafeHeaders({ to: "a@example.com\r\nBcc: b@example.com", subject: "Hi\nthere", body: "Line one\n\nLine two", kind: "test" });
    expect(mail).toEqual({ to: "a@example.com Bcc: b@example.com", subject: "Hi there", body: "Line one\n\nLine two", kind: "test" });
  });
});
