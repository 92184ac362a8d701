// Production secrets: a value a person would make up (a sequence, a keyboard run, a repetition, a
// sentence of common words) is refused however long it is; random values from openssl pass.
import assert from "node:assert/strict";
import { guessBits } from "../../lib/server/secret_strength.ts";
import {
  ConfigError,
  loadConfig,
  SECRET_MIN_BITS,
  unpredictable,
} from "../../lib/server/config.ts";

const PREDICTABLE = [
  "0123456789abcdef0123456789abcdef",
  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  "abcdefghijklmnopqrstuvwxyz012345",
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ9876543210",
  "zyxwvutsrqponmlkjihgfedcba0987654321",
  "correct horse battery staple is my secret",
  "correct-horse-battery-staple-is-my-secret",
  "CorrectHorseBatteryStapleIsMySecret",
  "thisismyverysecretsessionkeyforglimpse",
  "Th1s 1s my v3ry s3cr3t s3ss10n k3y!!",
  "qwertyuiopasdfghjklzxcvbnm1234567890",
  "passwordpasswordpasswordpassword",
  "Glimpse2024!Glimpse2024!Glimpse2024!",
  "abcd1234abcd1234abcd1234abcd1234abcd1234",
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

/** `openssl rand -base64 n` and `openssl rand -hex n`, here. */
const bytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const base64 = (n: number) => btoa(String.fromCharCode(...bytes(n)));
const hex = (n: number) => [...bytes(n)].map((b) => b.toString(16).padStart(2, "0")).join("");

Deno.test("secret strength: sequences, keyboard runs, repetitions and sentences are predictable", () => {
  for (const secret of PREDICTABLE) {
    assert.ok(secret.length >= 32, secret);
    assert.ok(guessBits(secret) < SECRET_MIN_BITS, `${secret}: ${guessBits(secret).toFixed(1)}`);
    assert.equal(unpredictable(secret), false, secret);
  }
});

Deno.test("secret strength: random values from openssl rand pass, every time", () => {
  // 100 of each.
  for (
    const [name, make] of [["base64 48", () => base64(48)], ["base64 32", () => base64(32)], [
      "hex 32",
      () => hex(32),
    ]] as const
  ) {
    for (let i = 0; i < 100; i++) {
      const secret = make();
      assert.ok(unpredictable(secret), `${name}: ${secret} (${guessBits(secret).toFixed(1)} bits)`);
    }
  }
  // A passphrase of ten words drawn at random is long enough to be one too.
  assert.ok(
    unpredictable("violet tractor harbour sunset puzzle mango orbit lantern cobalt meadow"),
  );
});

Deno.test("secret strength: random values score close to length times log2 of their alphabet", () => {
  // 64 hex characters: 16 symbols (256 bits). 64 base64 characters: letters, digits and symbols
  // (95 by class; 384 bits really).
  const h = guessBits(hex(32)), b = guessBits(base64(48));
  assert.ok(h > 200 && h <= 256, `hex: ${h}`);
  assert.ok(b > 300 && b <= 64 * Math.log2(95), `base64: ${b}`);
});

const PRODUCTION = {
  APP_ENV: "production",
  SESSION_SECRET: "q8Rk2ZfM0xLw5TnV9cYb3HsJ7pGd1AeU6oWiNyK4rQ-m",
  PUBLIC_URL: "https://glimpse.example.test",
  KV_PATH: "./data/prod.kv",
  RESEND_API_KEY: "re_test_123",
  RATE_LIMITS: "on",
};

Deno.test("config: production refuses predictable SESSION_SECRET, METRICS_TOKEN and TURN_SECRET", () => {
  for (const variable of ["SESSION_SECRET", "METRICS_TOKEN", "TURN_SECRET"]) {
    for (
      const secret of [
        "0123456789abcdef0123456789abcdef",
        "abcdefghijklmnopqrstuvwxyz012345",
        "correct horse battery staple is my secret",
      ]
    ) {
      const env: Record<string, string> = {
        ...PRODUCTION,
        TURN_URLS: "turn:turn.example.test:3478",
        TURN_SECRET: base64(48),
        [variable]: secret,
      };
      assert.throws(() => loadConfig(env), (err: unknown) => {
        assert.ok(err instanceof ConfigError, String(err));
        assert.equal(err.variable, variable);
        assert.match(err.message, /too predictable/);
        return true;
      });
    }
    const good = {
      ...PRODUCTION,
      TURN_URLS: "turn:turn.example.test:3478",
      TURN_SECRET: base64(48),
    };
    assert.equal(loadConfig({ ...good, [variable]: base64(48) }).production, true);
    assert.equal(loadConfig({ ...good, [variable]: hex(32) }).production, true);
  }
});
