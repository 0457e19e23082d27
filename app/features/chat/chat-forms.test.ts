import { describe, expect, it } from "vitest";
import { ChatMessageSchema, ChatReplySchema, ChatStartSchema } from "./chat-forms";

function errorsOf(result: { success: boolean; error?: { flatten: () => { fieldErrors: Record<string, string[] | undefined> } } }) {
  return result.success ? {} : result.error!.flatten().fieldErrors;
}

describe("ChatStartSchema", () => {
  it("requires an e-mail with the product's messages", () => {
    expect(errorsOf(ChatStartSchema.safeParse({}))).toEqual({ email: ["Email is required to start chatting"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: "   " }))).toEqual({ email: ["Email is required to start chatting"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: null }))).toEqual({ email: ["Email is required to start chatting"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: "no-at-sign" }))).toEqual({ email: ["Please enter a valid email address"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: "a@b" }))).toEqual({ email: ["Please enter a valid email address"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: `${"a".repeat(250)}@b.co` }))).toEqual({ email: ["Please enter a valid email address"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: "ann<script>@example.com" }))).toEqual({ email: ["Please enter a valid email address"] });
  });

  it("makes a blank name Anonymous and bounds it", () => {
    expect(ChatStartSchema.parse({ email: " ann@example.com " })).toEqual({ email: "ann@example.com", name: "Anonymous" });
    expect(ChatStartSchema.parse({ email: "ann@example.com", name: "  " }).name).toBe("Anonymous");
    expect(ChatStartSchema.parse({ email: "ann@example.com", name: " Ann " }).name).toBe("Ann");
    expect(errorsOf(ChatStartSchema.safeParse({ email: "ann@example.com", name: "x".repeat(101) }))).toEqual({
      name: ["Name must be at most 100 characters"],
    });
    expect(errorsOf(ChatStartSchema.safeParse({ email: "ann@example.com", name: 42 }))).toEqual({ name: ["Name must be text"] });
    expect(errorsOf(ChatStartSchema.safeParse({ email: "ann@example.com", name: "Ann\tLee" }))).toEqual({
      name: ["Name must be one line, without tabs or control characters"],
    });
  });

  it("lists every field's error at once", () => {
    expect(Object.keys(errorsOf(ChatStartSchema.safeParse({ email: "x", name: "y".repeat(200) })))).toEqual(["email", "name"]);
  });
});

describe("ChatMessageSchema", () => {
  it("refuses blank and overlong messages, keeps inner lines", () => {
    expect(errorsOf(ChatMessageSchema.safeParse({ message: " \n " }))).toEqual({ message: ["Please enter a message"] });
    expect(errorsOf(ChatMessageSchema.safeParse({}))).toEqual({ message: ["Please enter a message"] });
    expect(errorsOf(ChatMessageSchema.safeParse({ message: "x".repeat(2001) }))).toEqual({
      message: ["Message must be at most 2,000 characters"],
    });
    expect(ChatMessageSchema.parse({ message: " one\ntwo " }).message).toBe("one\ntwo");
    expect(errorsOf(ChatMessageSchema.safeParse({ message: "hi\u0000" }))).toEqual({ message: ["Message must not contain control characters"] });
  });
});

describe("ChatReplySchema", () => {
  it("defaults the admin name to Support Team", () => {
    expect(ChatReplySchema.parse({ message: "On its way" })).toEqual({ message: "On its way", adminName: "Support Team" });
    expect(ChatReplySchema.parse({ message: "On its way", adminName: "Dana" }).adminName).toBe("Dana");
    expect(errorsOf(ChatReplySchema.safeParse({ message: "", adminName: "x".repeat(101) }))).toEqual({
      message: ["Please enter a message"],
      adminName: ["Admin name must be at most 100 characters"],
    });
  });
});
