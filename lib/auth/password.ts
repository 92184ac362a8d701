// Password hashing per the OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256 with 600,000
// iterations and a 16-byte per-user salt. The parameters are stored with the hash
// ("pbkdf2-sha256$600000$salt$hash"), so they can be raised later; needsRehash() tells when.
const ALGORITHM = "pbkdf2-sha256";
export const PBKDF2_ITERATIONS = 600_000;
const KEY_BITS = 256;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password.normalize("NFKC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `${ALGORITHM}$${PBKDF2_ITERATIONS}$${b64(salt)}$${b64(hash)}`;
}

/** Constant-time comparison of two byte strings. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iter, salt, hash] = stored.split("$");
  const iterations = Number(iter);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || !salt || !hash) return false;
  const derived = await derive(password, unb64(salt), iterations);
  return timingSafeEqual(derived, unb64(hash));
}

export function needsRehash(stored: string): boolean {
  const [algorithm, iter] = stored.split("$");
  return algorithm !== ALGORITHM || Number(iter) < PBKDF2_ITERATIONS;
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, for sign-ins naming no account. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummy);
  return false;
}
