import { describe, expect, it } from "vitest";
import { CreateServiceKeySchema, formatScopes, isApiKeyShape, parseScopes, visiblePrefix } from "./api-keys";

describe("API keys", () => {
  const key = `sp_live_${"A".repeat(40)}b-_`;

  it("recognises a key by its shape and shows its first characters only", () => {
    expect(isApiKeyShape(key)).toBe(true);
    expect(isApiKeyShape(`${key}x`)).toBe(false);
    expect(isApiKeyShape(key.replace("sp_live_", "sp_test_"))).toBe(false);
    expect(visiblePrefix(key)).toBe("sp_live_AAAAAAAA");
  });

  it("keeps scopes in one order and drops unknown words", () => {
    expect(formatScopes(["status", "read", "admin"])).toBe("read,status");
    expect(parseScopes("write,bogus,read")).toEqual(["read", "write"]);
  });

  it("asks a service key for a name and at least one scope from the list, every fault at once", () => {
    const refused = CreateServiceKeySchema.safeParse({ name: " ", scopes: ["delete"] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message).sort()).toEqual(["Please choose scopes from the list", "Please name the key"]);
    expect(CreateServiceKeySchema.safeParse({ name: "Carrier", scopes: "status" }).data).toEqual({ name: "Carrier", scopes: ["status"] });
    expect(CreateServiceKeySchema.safeParse({ name: "Carrier" }).error?.issues[0]?.message).toBe("Please choose at least one scope");
  });
});
