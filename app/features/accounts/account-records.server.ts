// An account as the account flows read it: its public columns and, for a sign-in, its
// password hash.
import { eq } from "drizzle-orm";
import { users } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import type { Language } from "~/features/languages/languages";

export type Account = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "user" | "admin" | "courier";
  status: "active" | "suspended";
  language: Language | null;
};

export const ACCOUNT_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  language: users.language,
};

/** The account and its password hash, for checking a sign-in. `email` is already normalised. */
export function findAccountByEmail(db: Db, email: string) {
  return db
    .select({ ...ACCOUNT_COLUMNS, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .get();
}

