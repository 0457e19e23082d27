import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateSecret, messageId, sign, signedHeaders, SECRET_PREFIX } from "./webhook-signature";

describe("Standard Webhooks signatures", () => {
  it("makes whsec_ secrets of 32 random bytes, each different", () => {
    const [first, second] = [generateSecret(), generateSecret()];
    expect(first.startsWith(SECRET_PREFIX)).toBe(true);
    expect(atob(first.slice(SECRET_PREFIX.length))).toHaveLength(32);
    expect(first).not.toBe(second);
  });

  it("signs as the standardwebhooks library verifies", async () => {
    const secret = generateSecret();
    const body = JSON.stringify({ type: "shipment.delivered", timestamp: "2026-11-27T10:00:00.000Z", data: { trackingId: "SWP1" } });
    const id = messageId();
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = await signedHeaders([secret], id, timestamp, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("signs with both secrets during a rotation: a receiver holding either verifies", async () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    const body = '{"type":"webhook.test"}';
    const headers = await signedHeaders([current, previous], messageId(), Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  });

  it("changes with the body, the id and the timestamp", async () => {
    const secret = generateSecret();
    const base = await sign(secret, "msg_1", 1700000000, "{}");
    expect(base).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(await sign(secret, "msg_1", 1700000000, "{ }")).not.toBe(base);
    expect(await sign(secret, "msg_2", 1700000000, "{}")).not.toBe(base);
    expect(await sign(secret, "msg_1", 1700000001, "{}")).not.toBe(base);
  });
});
