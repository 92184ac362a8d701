// Password hashing: PBKDF2-SHA256 with 600,000 iterations, a per-member salt, parameters stored with
// the hash so they can be raised later, and an upgrade on sign-in.
import assert from "node:assert/strict";
import {
  hashPassword,
  needsRehash,
  PBKDF2_ITERATIONS,
  setHashIterations,
  timingSafeEqual,
  verifyPassword,
} from "../../lib/server/auth/password.ts";
import { authenticate } from "../../lib/server/auth/accounts.ts";
import { createUserWithInvitation } from "../../kv/users.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";

const FORMAT = /^pbkdf2-sha256\$600000\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/;
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A hash in the stored format, made independently of the app's code, with any iteration count. */
async function referenceHash(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(new Uint8Array(bits))}`;
}

Deno.test("password: hash and verify round trip; a wrong password is refused", async () => {
  const stored = await hashPassword("correct horse");
  assert.equal(await verifyPassword("correct horse", stored), true);
  assert.equal(await verifyPassword("correct horsE", stored), false);
  assert.equal(await verifyPassword("", stored), false);
  assert.equal(await verifyPassword("correct horse ", stored), false);
});

Deno.test("password: the stored format names the algorithm, 600,000 iterations, salt and hash", async () => {
  assert.equal(PBKDF2_ITERATIONS, 600_000);
  const stored = await hashPassword("pässwörd");
  const m = stored.match(FORMAT);
  assert.ok(m, stored);
  assert.equal(unb64(m[1]).length, 16, "16-byte salt");
  assert.equal(unb64(m[2]).length, 32, "256-bit hash");
  assert.ok(!stored.includes("pässwörd"));
  // Independently recomputed from the stored salt, the hash matches: it really is PBKDF2-SHA256.
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode("pässwörd".normalize("NFKC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: unb64(m[1]), iterations: 600_000 },
    key,
    256,
  );
  assert.equal(b64(new Uint8Array(bits)), m[2]);
});

Deno.test("password: every hash has its own salt", async () => {
  const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
  assert.notEqual(a, b);
  assert.notEqual(a.split("$")[2], b.split("$")[2], "salts differ");
  assert.equal(await verifyPassword("same", a), true);
  assert.equal(await verifyPassword("same", b), true);
});

Deno.test("password: a hash with fewer iterations still verifies and needs a rehash", async () => {
  const old = await referenceHash("legacy-pass", 1000);
  assert.equal(await verifyPassword("legacy-pass", old), true);
  assert.equal(await verifyPassword("other-pass", old), false);
  assert.equal(needsRehash(old), true);
  assert.equal(needsRehash(old.replace("$1000$", "$599999$")), true);
  assert.equal(needsRehash(await hashPassword("x")), false);
  assert.equal(needsRehash("bcrypt$12$abc$def"), true, "another algorithm");
});

Deno.test("password: the configured count (PASSWORD_ITERATIONS) makes new hashes; stored ones verify with their own", async () => {
  const strong = await hashPassword("kept-pass");
  setHashIterations(1000);
  try {
    const light = await hashPassword("light-pass");
    assert.match(light, /^pbkdf2-sha256\$1000\$/);
    assert.equal(await verifyPassword("light-pass", light), true);
    assert.equal(await verifyPassword("light-pas", light), false);
    assert.equal(needsRehash(light), false, "at the configured count");
    // A hash stored at the default still verifies, and is not weakened by a rehash.
    assert.equal(await verifyPassword("kept-pass", strong), true);
    assert.equal(needsRehash(strong), false);
  } finally {
    setHashIterations(PBKDF2_ITERATIONS);
  }
  // Back at the default: the light hash is upgraded at the next sign-in.
  assert.equal(needsRehash(await referenceHash("light-pass", 1000)), true);
  assert.match(await hashPassword("x"), FORMAT);
});

Deno.test("password: malformed stored values verify as false, never throw", async () => {
  for (
    const bad of ["", "plain", "pbkdf2-sha256$abc$AAAA$AAAA", "pbkdf2-sha256$1000$$", "md5$1$a$b"]
  ) {
    assert.equal(await verifyPassword("x", bad), false, bad);
  }
});

Deno.test("password: timingSafeEqual compares content and length", () => {
  const a = new Uint8Array([1, 2, 3]);
  assert.equal(timingSafeEqual(a, new Uint8Array([1, 2, 3])), true);
  assert.equal(timingSafeEqual(a, new Uint8Array([1, 2, 4])), false);
  assert.equal(timingSafeEqual(a, new Uint8Array([1, 2])), false);
  assert.equal(timingSafeEqual(a, new Uint8Array([1, 2, 3, 0])), false);
  assert.equal(timingSafeEqual(new Uint8Array(), new Uint8Array()), true);
});

Deno.test("password: signing in upgrades an old hash to the current parameters", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = new Date().toISOString();
    const user: UserRecord = {
      id: crypto.randomUUID(),
      username: "oldtimer",
      email: "old@example.test",
      passwordHash: await referenceHash("legacy-pass", 1000),
      role: "member",
      emailVerified: true,
      createdAt: now,
      displayName: "oldtimer",
      bio: "",
      location: "",
      language: "en",
      faceBlurEnabled: true,
      hideExactLocation: true,
      notificationsEnabled: true,
      avatarUrl: null,
      tier: "free",
      invitedBy: null,
      invitationCode: null,
      ageConfirmedAt: now,
    };
    const created = await createUserWithInvitation(kv, user, null);
    assert.ok(created.ok);
    const deps = { kv, origin: "http://localhost" };

    await assert.rejects(() => authenticate(deps, "oldtimer", "wrong-pass"));
    let stored = (await kv.get<UserRecord>(["users", user.id])).value!;
    assert.match(stored.passwordHash, /^pbkdf2-sha256\$1000\$/, "no upgrade on a failed sign-in");

    await authenticate(deps, "oldtimer", "legacy-pass");
    stored = (await kv.get<UserRecord>(["users", user.id])).value!;
    assert.match(stored.passwordHash, FORMAT);
    assert.equal(await verifyPassword("legacy-pass", stored.passwordHash), true);
  } finally {
    kv.close();
  }
});
