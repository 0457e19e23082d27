// Registration's answer to a taken address must cost what a new account costs: the password is
// hashed on both paths, so the answer's timing does not tell which addresses have accounts.
// Counted, not timed (performance is never asserted with a clock here).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createUser, serviceContext } from "./fixtures";

const hashes = vi.hoisted(() => ({ count: 0 }));

vi.mock("../../app/features/accounts/password.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/features/accounts/password.server")>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

const details = { firstName: "Maya", lastName: "Okafor", phone: "+44 20 7946 0958", password: "Parcel42!" };

describe("registration of a taken address", () => {
  beforeEach(() => {
    hashes.count = 0;
  });

  it("hashes the password just as a new account does", async () => {
    // The setup file loaded the app's modules before the mock existed: load them again.
    vi.resetModules();
    const { createAccount } = await import("~/features/accounts/accounts.server");
    const created = await createAccount(serviceContext(), { ...details, email: `new-${crypto.randomUUID()}@example.com` });
    expect(created).toMatchObject({ role: "user" });
    expect(hashes.count).toBe(1);

    const existing = await createUser();
    hashes.count = 0;
    expect(await createAccount(serviceContext(), { ...details, email: existing.email })).toBe("email-taken");
    expect(hashes.count).toBe(1);
  });
});
