import { describe, expect, it } from "vitest";
import { isChatSessionId, mergeMessages, replyAuthor, senderLabel, visitorName, type ChatMessage } from "./chat";
import { translator } from "~/features/languages/i18n.server";

function message(id: string, timestamp: number, sender: ChatMessage["sender"] = "user"): ChatMessage {
  return { id, sender, message: id, timestamp, adminName: null, escalatedToAdmin: false };
}

describe("isChatSessionId", () => {
  it("accepts 43 base64url characters only", () => {
    expect(isChatSessionId("a".repeat(43))).toBe(true);
    expect(isChatSessionId("Ab0_-".repeat(8) + "xyz")).toBe(true);
    expect(isChatSessionId("a".repeat(42))).toBe(false);
    expect(isChatSessionId("a".repeat(44))).toBe(false);
    expect(isChatSessionId("a".repeat(42) + "/")).toBe(false);
    expect(isChatSessionId(null)).toBe(false);
  });
});

describe("mergeMessages", () => {
  it("adds new messages once, in time order, keeping the server's order within a moment", () => {
    const current = [message("a", 1), message("b", 2)];
    const merged = mergeMessages(current, [message("b", 2), message("d", 3, "ai"), message("c", 3), message("e", 2.5)]);
    expect(merged.map((entry) => entry.id)).toEqual(["a", "b", "e", "d", "c"]);
    expect(mergeMessages(current, [])).toEqual(current);
  });
});

describe("senderLabel", () => {
  it("names the visitor, the assistant and the admin", () => {
    expect(senderLabel({ sender: "user", adminName: null })).toBe("You");
    expect(senderLabel({ sender: "ai", adminName: null })).toBe("Assistant");
    expect(senderLabel({ sender: "admin", adminName: "Dana" })).toBe("Dana");
    expect(senderLabel({ sender: "admin", adminName: null })).toBe("Support Team");
  });
});

describe("visitorName", () => {
  it("is the name given, and none for a visitor who gave none", () => {
    expect(visitorName("Ann")).toBe("Ann");
    expect(visitorName(" Ann ")).toBe("Ann");
    expect(visitorName("Anonymous")).toBeNull();
    expect(visitorName("  ")).toBeNull();
  });
});

describe("replyAuthor", () => {
  // The failing example: "Support Team of the SwiftParcel support team wrote:".
  it("names the person who answered with the team, and the team alone for the default or a team's name", () => {
    const en = translator("en", "mail");
    expect(replyAuthor(en, "Dana", "SwiftParcel")).toBe("Dana of the SwiftParcel support team");
    expect(replyAuthor(en, "Support Team", "SwiftParcel")).toBe("The SwiftParcel support team");
    expect(replyAuthor(en, "SwiftParcel Customer Care", "SwiftParcel")).toBe("The SwiftParcel support team");
    expect(replyAuthor(en, "Help desk", "SwiftParcel")).toBe("The SwiftParcel support team");
    expect(replyAuthor(en, " ", "SwiftParcel")).toBe("The SwiftParcel support team");
    expect(replyAuthor(translator("es", "mail"), "Dana", "SwiftParcel")).toBe("Dana (equipo de atención al cliente de SwiftParcel)");
  });
});
