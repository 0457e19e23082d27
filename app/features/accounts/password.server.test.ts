import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyAgainstNothing, verifyPassword, WORKERS_SCRYPT_CAP } from "./password.server";

describe("password hashing", () => {
  it("stays under the Workers cap on scrypt's work (N*r*p <= 2^20), which local workerd does not enforce", () => {
    const { N, r, p } = SCRYPT_PARAMS;
    expect(WORKERS_SCRYPT_CAP).toBe(2 ** 20);
    expect(N * r * p).toBeLessThanOrEqual(2 ** 20);
    expect({ N, r, p }).toEqual({ N: 2 ** 14, r: 8, p: 5 });
  });

  it("stores scrypt$N$r$p$salt$hash with a 16-byte salt and a fresh salt each time", async () => {
    const first = await hashPassword("Demo123!");
    const second = await hashPassword("Demo123!");
    const [scheme, n, r, p, salt, hash] = first.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", "16384", "8", "5"]);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(32);
    expect(second).not.toBe(first);
  });

  it("accepts the password and nothing else", async () => {
    const stored = await hashPassword("Demo123!");
    expect(await verifyPassword("Demo123!", stored)).toBe(true);
    expect(await verifyPassword("demo123!", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    expect(await verifyAgainstNothing("Demo123!")).toBe(false);
  });

  it("never hashes a password over 128 characters", async () => {
    const stored = await hashPassword("x".repeat(128));
    expect(await verifyPassword("x".repeat(128), stored)).toBe(true);
    expect(await verifyPassword("x".repeat(129), stored)).toBe(false);
    await expect(hashPassword("x".repeat(129))).rejects.toThrow(RangeError);
  });

  it("refuses stored hashes of another scheme or above the cap instead of trying them", async () => {
    const stored = await hashPassword("Demo123!");
    const [, , , , salt, hash] = stored.split("$");
    expect(await verifyPassword("Demo123!", `pbkdf2$100000$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword("Demo123!", `scrypt$${2 ** 18}$8$1$${salt}$${hash}`)).toBe(false);
  });
});
