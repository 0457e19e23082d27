import { describe, expect, it } from "vitest";
import { messageState, parseMessageFilters } from "./contact-message-filters";
import { SEARCH_MAX_LENGTH } from "~/domain/list-filters";

describe("contact message filters", () => {
  it("reads the state, search and page from the query", () => {
    expect(parseMessageFilters(new URLSearchParams("state=unread&search=%20parcel%20&page=3"))).toEqual({ state: "unread", search: "parcel", page: 3 });
  });

  it("falls back to all messages, no search and page 1, and bounds the search", () => {
    expect(parseMessageFilters(new URLSearchParams("state=spam&page=-2"))).toEqual({ state: "all", search: "", page: 1 });
    expect(parseMessageFilters(new URLSearchParams({ search: "x".repeat(200) })).search).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("names a message's state: answered wins over read", () => {
    expect(messageState({ readAt: null, repliedAt: null })).toBe("unread");
    expect(messageState({ readAt: 1, repliedAt: null })).toBe("read");
    expect(messageState({ readAt: 1, repliedAt: 2 })).toBe("answered");
  });
});
