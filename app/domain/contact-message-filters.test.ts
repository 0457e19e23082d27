import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_SEARCH, messageState, parseMessageFilters } from "./contact-message-filters";

describe("contact message filters", () => {
  it("reads the state, search and page from the query", () => {
    expect(parseMessageFilters(new URLSearchParams("state=unread&q=%20parcel%20&page=3"))).toEqual({ state: "unread", q: "parcel", page: 3 });
  });

  it("falls back to all messages, no search and page 1, and bounds the search", () => {
    expect(parseMessageFilters(new URLSearchParams("state=spam&page=-2"))).toEqual({ state: "all", q: "", page: 1 });
    expect(parseMessageFilters(new URLSearchParams({ q: "x".repeat(200) })).q).toHaveLength(MAX_MESSAGE_SEARCH);
  });

  it("names a message's state: answered wins over read", () => {
    expect(messageState({ readAt: null, repliedAt: null })).toBe("unread");
    expect(messageState({ readAt: 1, repliedAt: null })).toBe("read");
    expect(messageState({ readAt: 1, repliedAt: 2 })).toBe("answered");
  });
});
