// Password hashing with scrypt (node:crypto under nodejs_compat). Workers cap scrypt's work
// at N*r*p <= 2^20 and PBKDF2 at 100,000 iterations in production, limits local workerd does
// not enforce: password.test.ts pins these parameters under the cap.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { MAX_LENGTH } from "~/domain/field-limits";

export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
export const WORKERS_SCRYPT_CAP = 2 ** 20;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

// The forms refuse longer passwords; these functions never hash one, whoever calls them.
const MAX_PASSWORD_LENGTH = MAX_LENGTH.password;

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64. The work factors travel in the hash, so a
 * hash made with other ones (older, or the test fixtures' cheaper ones) still verifies.
 */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw new RangeError(`A password is at most ${MAX_PASSWORD_LENGTH} characters`);
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = params;
  const key = await derive(password, salt, params);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (params.N * params.r * params.p > WORKERS_SCRYPT_CAP) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// A real hash of nothing anyone knows, checked when an e-mail address has no account so that
// the answer takes as long as a wrong password does.
const DUMMY_HASH = "scrypt$16384$8$5$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export async function verifyAgainstNothing(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
