// Configuration: the defaults a fresh checkout runs with, and the one clear error an operator gets
// for each bad environment value (Foundation: config validated once at start-up).
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  type Config,
  ConfigError,
  loadConfig,
  secretBits,
  testConfig,
} from "../../lib/server/config.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A production environment that loadConfig accepts; each strictness test removes one piece. */
const PRODUCTION_OK: Record<string, string> = {
  APP_ENV: "production",
  SESSION_SECRET: "q8Rk2ZfM0xLw5TnV9cYb3HsJ7pGd1AeU6oWiNyK4rQ-m",
  PUBLIC_URL: "https://glimpse.example.test",
  KV_PATH: "./data/prod.kv",
  RESEND_API_KEY: "re_test_123",
  RATE_LIMITS: "on",
  TURN_URLS: "turn:turn.example.test:3478",
  TURN_SECRET: "Hn4Kp9Wz2Qx7Lm5Rt8Vb3Jc6Yd1Gf0Ue-turn",
};

/** Runs loadConfig expecting a ConfigError; returns it. */
function configError(env: Record<string, string | undefined>): ConfigError {
  let config: Config | undefined;
  try {
    config = loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected ConfigError, got ${err}`);
    return err;
  }
  throw new assert.AssertionError({
    message: `expected a ConfigError for ${JSON.stringify(env)}, got config for env ${config.env}`,
  });
}

function assertNames(err: ConfigError, variable: string) {
  assert.equal(err.variable, variable);
  assert.match(err.message, new RegExp(`^Invalid configuration: ${variable} \\S`));
  // One line, so it reads as one line in a log.
  assert.ok(!err.message.includes("\n"), `message spans lines: ${err.message}`);
}

Deno.test("config: an empty environment gives the documented defaults", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.kvPath, "./data/glimpse.kv");
  assert.equal(config.env, "development");
  assert.equal(config.production, false);
  assert.equal(config.email.provider, "outbox");
  assert.equal(config.rateLimits, true);
  assert.equal(config.admin, undefined);
});

Deno.test("config: blank values count as unset and fall back to the defaults", () => {
  const config = loadConfig({ PORT: "", KV_PATH: "  ", APP_ENV: "" });
  assert.equal(config.port, 8000);
  assert.equal(config.kvPath, "./data/glimpse.kv");
  assert.equal(config.env, "development");
});

Deno.test("config: on Deno Deploy an unset KV_PATH means the app's managed KV", () => {
  assert.equal(loadConfig({ DENO_DEPLOY: "true" }).kvPath, "");
  assert.equal(loadConfig({ DENO_DEPLOY: "true", KV_PATH: " " }).kvPath, "");
  assert.equal(loadConfig({ ...PRODUCTION_OK, KV_PATH: "", DENO_DEPLOY: "true" }).kvPath, "");
  // A KV_PATH set on Deploy is used as given (another KV through KV Connect).
  assert.equal(
    loadConfig({ DENO_DEPLOY: "true", KV_PATH: "./x.kv" }).kvPath,
    "./x.kv",
  );
  // Anywhere else an unset KV_PATH stays the local file.
  assert.equal(loadConfig({ DENO_DEPLOY: "false" }).kvPath, "./data/glimpse.kv");
});

Deno.test("config: good values are taken as given", () => {
  const config = loadConfig({
    PORT: "9123",
    APP_ENV: "test",
    KV_PATH: ":memory:",
    RATE_LIMITS: "off",
    ADMIN_EMAIL: "Boss@Example.test",
    ADMIN_PASSWORD: "secret1",
    ICE_SERVERS: '[{"urls":"stun:stun.example.test:3478"}]',
    SUPPORT_EMAIL: "help@example.test",
  });
  assert.equal(config.port, 9123);
  assert.equal(config.env, "test");
  assert.equal(config.kvPath, ":memory:");
  assert.equal(config.rateLimits, false);
  assert.deepEqual(config.admin, { email: "boss@example.test", password: "secret1" });
  assert.deepEqual(config.ice.servers, [{ urls: "stun:stun.example.test:3478" }]);
  assert.equal(config.legal.supportEmail, "help@example.test");
});

const BAD_VALUES: { env: Record<string, string>; variable: string }[] = [
  { env: { PORT: "abc" }, variable: "PORT" },
  { env: { PORT: "70000" }, variable: "PORT" },
  { env: { PORT: "-1" }, variable: "PORT" },
  { env: { PORT: "80.5" }, variable: "PORT" },
  { env: { APP_ENV: "staging" }, variable: "APP_ENV" },
  { env: { RATE_LIMITS: "maybe" }, variable: "RATE_LIMITS" },
  { env: { ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "secret1" }, variable: "ADMIN_EMAIL" },
  {
    env: { ADMIN_EMAIL: "boss<boss@evil.example>", ADMIN_PASSWORD: "secret1" },
    variable: "ADMIN_EMAIL",
  },
  {
    env: { ADMIN_EMAIL: '"a,b"@example.test', ADMIN_PASSWORD: "secret1" },
    variable: "ADMIN_EMAIL",
  },
  { env: { ICE_SERVERS: "notjson" }, variable: "ICE_SERVERS" },
  { env: { ICE_SERVERS: '{"urls":"stun:x"}' }, variable: "ICE_SERVERS" },
  { env: { EMAIL_PROVIDER: "resend" }, variable: "RESEND_API_KEY" },
  { env: { EMAIL_PROVIDER: "carrier-pigeon" }, variable: "EMAIL_PROVIDER" },
  { env: { SUPPORT_EMAIL: "nobody" }, variable: "SUPPORT_EMAIL" },
  { env: { ICE_TRANSPORT_POLICY: "direct" }, variable: "ICE_TRANSPORT_POLICY" },
  { env: { ICE_TRANSPORT_POLICY: "RELAY" }, variable: "ICE_TRANSPORT_POLICY" },
];

for (const { env, variable } of BAD_VALUES) {
  Deno.test(`config: ${JSON.stringify(env)} is refused, naming ${variable}`, () => {
    assertNames(configError(env), variable);
  });
}

Deno.test("config: ICE_TRANSPORT_POLICY is all by default, with Google's STUN servers", () => {
  const config = loadConfig({});
  assert.equal(config.ice.transportPolicy, "all");
  assert.deepEqual(config.ice.servers.flatMap((s) => [s.urls].flat()), [
    "stun:stun.l.google.com:19302",
    "stun:stun1.l.google.com:19302",
  ]);
});

Deno.test("config: test configurations name no public STUN server", () => {
  assert.deepEqual(testConfig().ice.servers, []);
  assert.deepEqual(testConfig({ ICE_SERVERS: '[{"urls":"stun:s.test"}]' }).ice.servers, [
    { urls: "stun:s.test" },
  ]);
});

Deno.test("config: ICE_TRANSPORT_POLICY=relay without a TURN server is refused, saying what to set", () => {
  for (
    const env of [
      { ICE_TRANSPORT_POLICY: "relay" },
      { ICE_TRANSPORT_POLICY: "relay", ICE_SERVERS: "[]" },
      { ICE_TRANSPORT_POLICY: "relay", ICE_SERVERS: '[{"urls":"stun:stun.example.test"}]' },
      { ICE_TRANSPORT_POLICY: "relay", TURN_URLS: "stun:stun.example.test", TURN_SECRET: "s" },
    ]
  ) {
    const err = configError(env);
    assertNames(err, "ICE_TRANSPORT_POLICY");
    assert.match(err.message, /TURN_URLS and TURN_SECRET/, JSON.stringify(env));
    assert.match(err.message, /ICE_SERVERS/);
    assert.doesNotMatch(err.message, /\n/, "one line");
  }
});

Deno.test("config: ICE_TRANSPORT_POLICY=relay with TURN_URLS or a turn: ICE server is taken", () => {
  const withTurnUrls = loadConfig({
    ICE_TRANSPORT_POLICY: "relay",
    TURN_URLS: "turns:turn.example.test:443?transport=tcp, turn:turn.example.test:3478",
    TURN_SECRET: "a-turn-secret",
  });
  assert.equal(withTurnUrls.ice.transportPolicy, "relay");
  assert.deepEqual(withTurnUrls.ice.turnUrls, [
    "turns:turn.example.test:443?transport=tcp",
    "turn:turn.example.test:3478",
  ]);
  const withIceServer = loadConfig({
    ICE_TRANSPORT_POLICY: "relay",
    ICE_SERVERS: JSON.stringify([{
      urls: ["stun:turn.example.test", "turn:turn.example.test:3478"],
      username: "glimpse",
      credential: "fixed",
    }]),
  });
  assert.equal(withIceServer.ice.transportPolicy, "relay");
  assert.equal(loadConfig({ ICE_TRANSPORT_POLICY: "all" }).ice.transportPolicy, "all");
});

Deno.test("config: members hide their IP address by default where a TURN server is configured", () => {
  const dev = loadConfig({});
  assert.equal(dev.ice.hideIpDefault, true);
  assert.equal(
    dev.ice.relayAvailable,
    false,
    "no relay in a fresh checkout: the switch is unavailable",
  );
  const turn = loadConfig({ TURN_URLS: "turn:turn.example.test:3478", TURN_SECRET: "s" });
  assert.equal(turn.ice.relayAvailable, true);
  assert.equal(turn.ice.transportPolicy, "all", "the site-wide policy stays as configured");
  const iceServer = loadConfig({
    ICE_SERVERS: '[{"urls":"turns:turn.example.test:443","username":"u","credential":"c"}]',
  });
  assert.equal(iceServer.ice.relayAvailable, true);
  assert.equal(loadConfig({ HIDE_IP_DEFAULT: "false" }).ice.hideIpDefault, false);
  assert.equal(loadConfig({ HIDE_IP_DEFAULT: " " }).ice.hideIpDefault, true);
  for (const bad of ["off", "no", "FALSE", "0"]) {
    assertNames(configError({ HIDE_IP_DEFAULT: bad }), "HIDE_IP_DEFAULT");
  }
});

Deno.test("config: production without a TURN server is refused, naming HIDE_IP_DEFAULT, unless it is false", () => {
  for (
    const env of [
      { ...PRODUCTION_OK, TURN_URLS: undefined, TURN_SECRET: undefined },
      { ...PRODUCTION_OK, TURN_URLS: "", TURN_SECRET: "", HIDE_IP_DEFAULT: "true" },
      { ...PRODUCTION_OK, TURN_URLS: undefined, ICE_SERVERS: '[{"urls":"stun:s.example.test"}]' },
    ]
  ) {
    const err = configError(env);
    assertNames(err, "HIDE_IP_DEFAULT");
    assert.match(err.message, /TURN_URLS and TURN_SECRET/);
    assert.match(err.message, /HIDE_IP_DEFAULT=false/);
  }
  const off = loadConfig({
    ...PRODUCTION_OK,
    TURN_URLS: undefined,
    TURN_SECRET: undefined,
    HIDE_IP_DEFAULT: "false",
  });
  assert.equal(off.production, true);
  assert.deepEqual([off.ice.relayAvailable, off.ice.hideIpDefault], [false, false]);
  // A turn: entry in ICE_SERVERS is a TURN server too.
  const fixed = loadConfig({
    ...PRODUCTION_OK,
    TURN_URLS: undefined,
    TURN_SECRET: undefined,
    ICE_SERVERS: '[{"urls":"turn:turn.example.test:3478","username":"u","credential":"c"}]',
  });
  assert.equal(fixed.ice.relayAvailable, true);
});

Deno.test("config: ADMIN_EMAIL without ADMIN_PASSWORD is refused, naming both", () => {
  const err = configError({ ADMIN_EMAIL: "boss@example.test" });
  assertNames(err, "ADMIN_PASSWORD");
  assert.match(err.message, /ADMIN_EMAIL/);
});

Deno.test("config: ADMIN_PASSWORD without ADMIN_EMAIL is refused, naming ADMIN_EMAIL", () => {
  assertNames(configError({ ADMIN_PASSWORD: "secret1" }), "ADMIN_EMAIL");
});

Deno.test("config: a complete production environment is accepted", () => {
  const config = loadConfig(PRODUCTION_OK);
  assert.equal(config.production, true);
  assert.equal(config.email.provider, "resend");
  assert.equal(config.rateLimits, true);
  assert.equal(config.publicUrl, "https://glimpse.example.test");
});

Deno.test("config: production without SESSION_SECRET is refused, naming SESSION_SECRET", () => {
  assertNames(configError({ ...PRODUCTION_OK, SESSION_SECRET: undefined }), "SESSION_SECRET");
});

Deno.test("config: production refuses a predictable SESSION_SECRET, in one line saying how to make one", () => {
  for (
    const secret of [
      "a".repeat(32),
      "s".repeat(40),
      "passwordpasswordpasswordpassword",
      "abababababababababababababababab",
      "0123456789012345678901234567890123",
    ]
  ) {
    const err = configError({ ...PRODUCTION_OK, SESSION_SECRET: secret });
    assertNames(err, "SESSION_SECRET");
    assert.match(err.message, /too predictable; use at least 32 random characters/);
    assert.match(err.message, /openssl rand -base64 48/);
  }
  // Shorter than 32 characters is refused however random.
  assertNames(
    configError({ ...PRODUCTION_OK, SESSION_SECRET: "Zq3vN8pL2xR7tK9mW4sB6yH1cF5" }),
    "SESSION_SECRET",
  );
  // What the message suggests is accepted (48 random bytes in base64).
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const suggested = btoa(String.fromCharCode(...bytes));
  assert.equal(loadConfig({ ...PRODUCTION_OK, SESSION_SECRET: suggested }).production, true);
});

Deno.test("config: secretBits estimates length times log2 of the distinct characters", () => {
  assert.equal(secretBits("a".repeat(32)), 0);
  assert.equal(secretBits("ab".repeat(16)), 32);
  assert.ok(secretBits("q8Rk2ZfM0xLw5TnV9cYb3HsJ7pGd1AeU") >= 128);
});

Deno.test("config: production refuses a short or common ADMIN_PASSWORD, in one line", () => {
  for (
    const password of [
      "Xk9#mQ2!vL",
      "password1234",
      "Password1234!",
      "P@ssw0rd2024!!",
      "qwertyuiop123",
      "iloveyou12345",
      "abcabcabcabc",
      "111111111111",
      "letmeinletmein",
    ]
  ) {
    const err = configError({
      ...PRODUCTION_OK,
      ADMIN_EMAIL: "boss@example.test",
      ADMIN_PASSWORD: password,
    });
    assertNames(err, "ADMIN_PASSWORD");
    assert.match(err.message, /must be at least 12 characters and not a common password$/);
  }
  const ok = loadConfig({
    ...PRODUCTION_OK,
    ADMIN_EMAIL: "boss@example.test",
    ADMIN_PASSWORD: "violet-tractor-harbour-61",
  });
  assert.equal(ok.admin?.password, "violet-tractor-harbour-61");
});

Deno.test("config: development keeps working with the defaults and a short admin password", () => {
  const config = loadConfig({ ADMIN_EMAIL: "boss@example.test", ADMIN_PASSWORD: "secret1" });
  assert.equal(config.production, false);
  assert.equal(config.sessionSecret, undefined);
  assert.equal(config.metricsToken, undefined);
});

Deno.test("config: the site's origin is PUBLIC_URL, else http://HOSTNAME:PORT (localhost for 0.0.0.0)", () => {
  assert.equal(loadConfig({}).origin, "http://localhost:8000");
  assert.equal(loadConfig({ PORT: "9123" }).origin, "http://localhost:9123");
  assert.equal(
    loadConfig({ HOSTNAME: "127.0.0.1", PORT: "9123" }).origin,
    "http://127.0.0.1:9123",
  );
  assert.equal(loadConfig({ HOSTNAME: "::1" }).origin, "http://[::1]:8000");
  assert.equal(
    loadConfig({ PUBLIC_URL: "https://glimpse.example.test/" }).origin,
    "https://glimpse.example.test",
  );
  assert.equal(loadConfig(PRODUCTION_OK).origin, "https://glimpse.example.test");
});

Deno.test("config: METRICS_TOKEN is at least 32 characters, and unpredictable in production", () => {
  assertNames(configError({ METRICS_TOKEN: "short-token" }), "METRICS_TOKEN");
  assertNames(
    configError({ ...PRODUCTION_OK, METRICS_TOKEN: "m".repeat(40) }),
    "METRICS_TOKEN",
  );
  const token = "Vb7Lq2Xw9Np4Rt6Ks1Mz8Hd3Fg5Jc0Ya";
  assert.equal(loadConfig({ ...PRODUCTION_OK, METRICS_TOKEN: token }).metricsToken, token);
});

Deno.test("config: PASSWORD_ITERATIONS is 600000 unless set, at least 1000, never lower in production", () => {
  assert.equal(loadConfig({}).passwordIterations, 600_000);
  assert.equal(loadConfig({ PASSWORD_ITERATIONS: "1000" }).passwordIterations, 1000);
  for (const bad of ["999", "1.5", "many"]) {
    assertNames(configError({ PASSWORD_ITERATIONS: bad }), "PASSWORD_ITERATIONS");
  }
  const weak = configError({ ...PRODUCTION_OK, PASSWORD_ITERATIONS: "599999" });
  assertNames(weak, "PASSWORD_ITERATIONS");
  assert.match(weak.message, /cannot be under 600000 in production/);
  assert.equal(
    loadConfig({ ...PRODUCTION_OK, PASSWORD_ITERATIONS: "900000" }).passwordIterations,
    900_000,
  );
});

Deno.test("config: production refuses RATE_LIMITS=off", () => {
  assertNames(configError({ ...PRODUCTION_OK, RATE_LIMITS: "off" }), "RATE_LIMITS");
});

Deno.test("config: production refuses a plain-http PUBLIC_URL", () => {
  assertNames(
    configError({ ...PRODUCTION_OK, PUBLIC_URL: "http://glimpse.example.test" }),
    "PUBLIC_URL",
  );
});

Deno.test("config: production refuses an in-memory KV", () => {
  assertNames(configError({ ...PRODUCTION_OK, KV_PATH: ":memory:" }), "KV_PATH");
});

Deno.test("config: production defaults to the resend provider, which needs a key", () => {
  assertNames(configError({ ...PRODUCTION_OK, RESEND_API_KEY: undefined }), "RESEND_API_KEY");
});

Deno.test("config: starting main.ts with PORT=notaport exits non-zero with one JSON error line naming PORT", async () => {
  // Only what deno itself needs to find its cache, so the result does not depend on the caller's
  // environment; PORT is the one bad value.
  const env: Record<string, string> = { PORT: "notaport", NO_COLOR: "1" };
  for (const key of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME", "TMPDIR"]) {
    const value = Deno.env.get(key);
    if (value !== undefined) env[key] = value;
  }
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  const stdout = new TextDecoder().decode(output.stdout);
  assert.notEqual(output.code, 0, `main.ts exited 0; stdout: ${stdout}`);
  const lines = stderr.split("\n").filter((l) => l.trim() !== "");
  assert.equal(lines.length, 1, `expected one stderr line, got:\n${stderr}`);
  // The one line is the logger's JSON, like every other line the server writes.
  const line = JSON.parse(lines[0]);
  assert.equal(line.level, "error");
  assert.match(line.msg, /^Invalid configuration: PORT /);
  // It stopped before serving anything.
  assert.doesNotMatch(stdout, /on http:\/\/localhost/);
});

Deno.test("config: administrators need a second factor in production, or with ADMIN_SECOND_FACTOR=required", () => {
  assert.equal(loadConfig(PRODUCTION_OK).adminSecondFactor, true);
  assert.equal(loadConfig({ ...PRODUCTION_OK, ADMIN_SECOND_FACTOR: "" }).adminSecondFactor, true);
  assert.equal(testConfig().adminSecondFactor, false);
  assert.equal(loadConfig({}).adminSecondFactor, false);
  assert.equal(testConfig({ ADMIN_SECOND_FACTOR: "required" }).adminSecondFactor, true);
  assert.equal(configError({ ADMIN_SECOND_FACTOR: "optional" }).variable, "ADMIN_SECOND_FACTOR");
});
