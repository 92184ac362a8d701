// The second factor's rules on an in-memory KV, with the clock given: a code is accepted for the
// current 30-second step or one either side and not two away; only for a step after the last one
// accepted; a recovery code once, typed any way; a refusal stores nothing; the pass of a session
// lasts SECOND_FACTOR_TTL_MS and belongs to its administrator; a passkey is a factor, and a verified
// passkey sign-in (only) gives an administrator's session its pass.
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import { openKv } from "../../kv/db.ts";
import {
  adminFactors,
  checkCode,
  confirmTotp,
  factorNeed,
  giveFactor,
  requireGivenFactor,
  startTotp,
} from "../../lib/server/auth/second_factor.ts";
import { passFromSignIn } from "../../lib/server/auth/admin_passkeys.ts";
import { addPasskey, type PasskeyRecord } from "../../kv/passkeys.ts";
import { readFactorPass } from "../../kv/second_factor.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import type { MessageName } from "../../lib/shared/i18n/said.ts";
import { codeKind, normalizeCode, SECOND_FACTOR_TTL_MS } from "../../lib/shared/second_factor.ts";

const ADMIN = { id: "admin1", username: "chief", email: "chief@example.test" };
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

const codeAt = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: ms });

async function refused(p: Promise<unknown>, status: number, name: MessageName) {
  await assert.rejects(
    p,
    (e) => e instanceof AppError && e.status === status && e.said?.name === name,
  );
}

async function dump(kv: Deno.Kv) {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    out.push(`${JSON.stringify(e.key)} ${e.versionstamp}`);
  }
  return out;
}

async function withSetUp(fn: (kv: Deno.Kv, secret: string, codes: string[]) => Promise<void>) {
  const kv = await openKv(":memory:");
  try {
    const { secret } = await startTotp(kv, ADMIN);
    const codes = await confirmTotp(kv, ADMIN, "s1", codeAt(secret, T0), T0);
    await fn(kv, secret, codes);
  } finally {
    kv.close();
  }
}

Deno.test("second factor: codes are normalized and told apart", () => {
  assert.equal(normalizeCode(" 123 456 "), "123456");
  assert.equal(codeKind(normalizeCode("ABCD-efgh-2345-6723")), "recovery");
  assert.equal(codeKind("123456"), "totp");
  for (const bad of ["12345", "1234567", "abcd", "abcd-efgh-2345-6781", ""]) {
    assert.equal(codeKind(normalizeCode(bad)), null, bad);
  }
});

Deno.test("second factor: one step either side is accepted, two are not, and a step only once", async () => {
  await withSetUp(async (kv, secret) => {
    const now = T0 + 10 * 30_000;
    const before = await dump(kv);
    await refused(
      checkCode(kv, ADMIN.id, codeAt(secret, now - 60_000), now),
      400,
      "admin.sfWrongCode",
    );
    await refused(
      checkCode(kv, ADMIN.id, codeAt(secret, now + 60_000), now),
      400,
      "admin.sfWrongCode",
    );
    assert.deepEqual(await dump(kv), before);
    // The step before now is accepted; then neither it nor any earlier one is.
    await giveFactor(kv, ADMIN, "s2", codeAt(secret, now - 30_000), now);
    await refused(
      giveFactor(kv, ADMIN, "s3", codeAt(secret, now - 30_000), now),
      400,
      "admin.sfReusedCode",
    );
    await giveFactor(kv, ADMIN, "s3", codeAt(secret, now + 30_000), now);
    await refused(giveFactor(kv, ADMIN, "s4", codeAt(secret, now), now), 400, "admin.sfReusedCode");
    // The set-up's own code (step T0) is long past: refused as used, not as wrong.
    await refused(giveFactor(kv, ADMIN, "s4", codeAt(secret, T0), T0), 400, "admin.sfReusedCode");
  });
});

Deno.test("second factor: a recovery code works once; the pass lasts its time and is its administrator's", async () => {
  await withSetUp(async (kv, _secret, codes) => {
    const config = { adminSecondFactor: true };
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s1" }, T0), null);
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s2" }, T0), "verify");
    const given = await giveFactor(
      kv,
      ADMIN,
      "s2",
      codes[3].toUpperCase().replaceAll("-", " "),
      T0,
    );
    assert.deepEqual(given, { method: "recovery", recoveryCodesLeft: 9 });
    const before = await dump(kv);
    await refused(giveFactor(kv, ADMIN, "s3", codes[3], T0), 400, "admin.sfUsedRecoveryCode");
    assert.deepEqual(await dump(kv), before);
    assert.equal(
      await factorNeed(kv, config, ADMIN.id, { sid: "s2" }, T0 + SECOND_FACTOR_TTL_MS - 1),
      null,
    );
    assert.equal(
      await factorNeed(kv, config, ADMIN.id, { sid: "s2" }, T0 + SECOND_FACTOR_TTL_MS),
      "verify",
    );
    // Another administrator's session pass does not count for this one.
    const other = { ...ADMIN, id: "admin2" };
    const { secret: theirs } = await startTotp(kv, other);
    await confirmTotp(kv, other, "s9", codeAt(theirs, T0), T0);
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s9" }, T0), "verify");
    assert.equal(await factorNeed(kv, { adminSecondFactor: false }, "nobody", { sid: "s1" }), null);
    assert.equal(await factorNeed(kv, config, "nobody", { sid: "s1" }), "setup");
  });
});

Deno.test("second factor: a passkey is a factor; a change needs the factor given; the pass is the passkey's", async () => {
  const kv = await openKv(":memory:");
  try {
    const config = { adminSecondFactor: true };
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s1" }, T0), "setup");
    await requireGivenFactor(kv, config, ADMIN.id, { sid: "s1" }); // nothing to give yet
    const record: PasskeyRecord = {
      id: "cred1",
      publicKey: "",
      counter: 0,
      transports: [],
      name: "Laptop",
      createdAt: T0,
      lastUsedAt: null,
    };
    assert.ok(await addPasskey(kv, ADMIN.id, record));
    assert.deepEqual(await adminFactors(kv, ADMIN.id), [
      { kind: "passkey", createdAt: new Date(T0).toISOString(), name: "Laptop" },
    ]);
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s1" }, T0), "verify");
    assert.equal(
      await factorNeed(kv, { adminSecondFactor: false }, ADMIN.id, { sid: "s1" }, T0),
      "verify",
      "one who has a passkey is asked for it without the rule too",
    );
    await refused(
      requireGivenFactor(kv, config, ADMIN.id, { sid: "s1" }),
      403,
      "admin.sfVerifyRequired",
    );
    await passFromSignIn(kv, { ...ADMIN, role: "admin" }, "s1", {
      userVerified: false,
      passkeyName: "Laptop",
    });
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s1" }), "verify", "no UV, no pass");
    await passFromSignIn(kv, { ...ADMIN, role: "member" }, "s1", {
      userVerified: true,
      passkeyName: "Laptop",
    });
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s1" }), "verify");
    await passFromSignIn(kv, { ...ADMIN, role: "admin" }, "s1", {
      userVerified: true,
      passkeyName: "Laptop",
    });
    assert.equal(await factorNeed(kv, config, ADMIN.id, { sid: "s1" }), null);
    assert.equal((await readFactorPass(kv, "s1"))?.method, "passkey");
    await requireGivenFactor(kv, config, ADMIN.id, { sid: "s1" });
  } finally {
    kv.close();
  }
});
