// The Config a server runs with, from the environment validated once at start-up (its variables:
// config_env.ts). A bad value stops start-up with one clear line naming the variable
// (see formatConfigError).
import type { LegalInfo } from "../shared/legal.ts";
import { isCommonPassword } from "./common_passwords.ts";
import { PBKDF2_ITERATIONS } from "./auth/password.ts";
import { normalizeEmail } from "../shared/auth/rules.ts";
import { guessBits } from "./secret_strength.ts";
import { type HoldSettings, holdSettings } from "./moderation/hold_settings.ts";
import { DEFAULT_KV_PATH, type Env, envSchema } from "./config_env.ts";

export { DEFAULT_KV_PATH, type Env, envSchema } from "./config_env.ts";

export interface Config {
  env: Env["APP_ENV"];
  production: boolean;
  port: number;
  hostname: string;
  /**
   * The KV to open: a file path, ":memory:", an http(s) KV Connect URL, or "" for Deno Deploy's
   * managed KV (KV_PATH unset on Deploy: `Deno.openKv()` with no argument).
   */
  kvPath: string;
  publicUrl: string | undefined;
  /**
   * The origin links in emails and invitations point to, and the one requests are judged against:
   * PUBLIC_URL, else http://HOSTNAME:PORT (localhost when HOSTNAME is a wildcard such as the
   * default 0.0.0.0). Never taken from a request.
   */
  origin: string;
  sessionSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  /** The bearer token /metrics requires in production (unset there: /metrics is not served). */
  metricsToken: string | undefined;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    prices: { basic?: string; plus?: string; vip?: string };
    /** Stripe's API at another host (tests), or undefined for Stripe's own. */
    apiUrl: string | undefined;
  };
  email: { provider: "outbox" | "resend"; resendApiKey: string | undefined; from: string };
  ice: {
    servers: { urls: string | string[]; username?: string; credential?: string }[];
    turnUrls: string[];
    turnSecret: string | undefined;
    /**
     * "relay": calls go only through a TURN relay, so neither member learns the other's IP
     * address; "all": the browsers take the best path (usually direct).
     */
    transportPolicy: "all" | "relay";
    /** Whether a TURN server is configured (TURN_URLS, or a turn:/turns: entry in ICE_SERVERS). */
    relayAvailable: boolean;
    /** Whether a member who has not chosen hides their IP address (HIDE_IP_DEFAULT). */
    hideIpDefault: boolean;
  };
  /** Administrators must set up and use a second factor (ADMIN_SECOND_FACTOR, or production). */
  adminSecondFactor: boolean;
  rateLimits: boolean;
  /** PBKDF2 iterations of a new password hash (PASSWORD_ITERATIONS). */
  passwordIterations: number;
  /** One JSON log line per request (on by default, off by default in tests). */
  requestLog: boolean;
  /** Proxies in front that append to X-Forwarded-For (the caller's address is read past them). */
  trustProxy: number;
  realtime: {
    searchTimeoutMs: number;
    matchDurationMs: number;
    reconnectGraceMs: number;
    heartbeatMs: number;
  };
  legal: LegalInfo;
  /** Safety-hold thresholds (HOLD_REPORTERS, HOLD_WINDOW_DAYS, HOLD_STANDING_DAYS). */
  holds: HoldSettings;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, readonly reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = "ConfigError";
  }
}

/** The host of the development origin: the configured HOSTNAME, or localhost for a wildcard. */
function hostForUrl(hostname: string): string {
  if (["0.0.0.0", "::", "[::]", ""].includes(hostname)) return "localhost";
  return hostname.includes(":") && !hostname.startsWith("[") ? `[${hostname}]` : hostname;
}

const WEAK_SECRET =
  "is too predictable; use at least 32 random characters, e.g. from `openssl rand -base64 48`";

/** The least estimated entropy, in bits, of a production secret. */
export const SECRET_MIN_BITS = 128;

/**
 * An upper estimate of a secret's entropy: its length times log2 of the number of distinct
 * characters in it. A random 32-character base64 string scores about 150 bits; 32 times the same
 * character scores 0, a word repeated to length scores well under the minimum.
 */
export function secretBits(secret: string): number {
  const distinct = new Set(secret).size;
  return distinct < 2 ? 0 : [...secret].length * Math.log2(distinct);
}

/**
 * A production secret is at least 32 characters and scores at least SECRET_MIN_BITS both by its
 * distinct characters and by what guessing it takes (lib/server/secret_strength.ts: sequences, keyboard
 * runs, repetitions and words cost a guesser little).
 */
export function unpredictable(secret: string): boolean {
  return [...secret].length >= 32 && secretBits(secret) >= SECRET_MIN_BITS &&
    guessBits(secret) >= SECRET_MIN_BITS;
}

const DEFAULT_STUN = [{ urls: ["stun:stun.l.google.com:19302", "stun:stun1.l.google.com:19302"] }];

/** Whether some TURN server is configured: TURN_URLS, or a turn:/turns: URL in ICE_SERVERS. */
function hasTurn(turnUrls: string[], servers: Env["ICE_SERVERS"]): boolean {
  const urls = [...turnUrls, ...(servers ?? []).flatMap((s) => [s.urls].flat())];
  return urls.some((u) => /^turns?:/i.test(u.trim()));
}

/** Parses an environment map into a Config, or throws ConfigError naming the first bad variable. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, source[k]]),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(variable, issue.message);
  }
  const e = parsed.data;
  const production = e.APP_ENV === "production";
  const provider = e.EMAIL_PROVIDER ?? (production ? "resend" : "outbox");

  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      e.ADMIN_EMAIL === undefined ? "ADMIN_EMAIL" : "ADMIN_PASSWORD",
      "must be set together with " +
        (e.ADMIN_EMAIL === undefined ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"),
    );
  }
  if (provider === "resend" && !e.RESEND_API_KEY) {
    throw new ConfigError("RESEND_API_KEY", "is required when EMAIL_PROVIDER is resend");
  }
  if (e.TURN_URLS.length > 0 && !e.TURN_SECRET) {
    throw new ConfigError("TURN_SECRET", "is required when TURN_URLS is set");
  }
  if (e.ICE_TRANSPORT_POLICY === "relay" && !hasTurn(e.TURN_URLS, e.ICE_SERVERS)) {
    throw new ConfigError(
      "ICE_TRANSPORT_POLICY",
      "relay needs a TURN server: set TURN_URLS and TURN_SECRET, or a turn: or turns: entry " +
        "in ICE_SERVERS",
    );
  }
  const kvPath = e.KV_PATH ?? (source.DENO_DEPLOY === "true" ? "" : DEFAULT_KV_PATH);
  if (/^https?:\/\//.test(kvPath) && !e.DENO_KV_ACCESS_TOKEN) {
    throw new ConfigError("DENO_KV_ACCESS_TOKEN", "is required when KV_PATH is a URL");
  }
  if (production) {
    if (!e.SESSION_SECRET) throw new ConfigError("SESSION_SECRET", "is required in production");
    if (!e.PUBLIC_URL) throw new ConfigError("PUBLIC_URL", "is required in production");
    if (!e.PUBLIC_URL.startsWith("https://")) {
      throw new ConfigError("PUBLIC_URL", "must be an https URL in production");
    }
    if (e.RATE_LIMITS === "off") {
      throw new ConfigError("RATE_LIMITS", "cannot be off in production");
    }
    if (e.PASSWORD_ITERATIONS < PBKDF2_ITERATIONS) {
      throw new ConfigError(
        "PASSWORD_ITERATIONS",
        `cannot be under ${PBKDF2_ITERATIONS} in production`,
      );
    }
    if (e.KV_PATH === ":memory:") {
      throw new ConfigError("KV_PATH", "cannot be :memory: in production");
    }
    if (!unpredictable(e.SESSION_SECRET)) {
      throw new ConfigError("SESSION_SECRET", WEAK_SECRET);
    }
    if (e.METRICS_TOKEN !== undefined && !unpredictable(e.METRICS_TOKEN)) {
      throw new ConfigError("METRICS_TOKEN", WEAK_SECRET);
    }
    if (e.TURN_SECRET !== undefined && !unpredictable(e.TURN_SECRET)) {
      throw new ConfigError("TURN_SECRET", WEAK_SECRET);
    }
    if (
      e.ADMIN_PASSWORD !== undefined &&
      (e.ADMIN_PASSWORD.length < 12 || isCommonPassword(e.ADMIN_PASSWORD))
    ) {
      throw new ConfigError(
        "ADMIN_PASSWORD",
        "must be at least 12 characters and not a common password",
      );
    }
    if (e.HIDE_IP_DEFAULT === "true" && !hasTurn(e.TURN_URLS, e.ICE_SERVERS)) {
      throw new ConfigError(
        "HIDE_IP_DEFAULT",
        "is true (the default), and hiding members' IP addresses needs a TURN server in " +
          "production: set TURN_URLS and TURN_SECRET, or HIDE_IP_DEFAULT=false",
      );
    }
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, "");

  return {
    env: e.APP_ENV,
    production,
    port: e.PORT,
    hostname: e.HOSTNAME,
    kvPath,
    publicUrl,
    origin: publicUrl ?? `http://${hostForUrl(e.HOSTNAME)}:${e.PORT}`,
    sessionSecret: e.SESSION_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD
      ? { email: normalizeEmail(e.ADMIN_EMAIL).toLowerCase(), password: e.ADMIN_PASSWORD }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: { basic: e.STRIPE_PRICE_BASIC, plus: e.STRIPE_PRICE_PLUS, vip: e.STRIPE_PRICE_VIP },
      apiUrl: e.STRIPE_API_URL,
    },
    email: { provider, resendApiKey: e.RESEND_API_KEY, from: e.EMAIL_FROM },
    ice: {
      servers: e.ICE_SERVERS ?? DEFAULT_STUN,
      turnUrls: e.TURN_URLS,
      turnSecret: e.TURN_SECRET,
      transportPolicy: e.ICE_TRANSPORT_POLICY,
      relayAvailable: hasTurn(e.TURN_URLS, e.ICE_SERVERS),
      hideIpDefault: e.HIDE_IP_DEFAULT === "true",
    },
    adminSecondFactor: production || e.ADMIN_SECOND_FACTOR === "required",
    rateLimits: e.RATE_LIMITS === "on",
    passwordIterations: e.PASSWORD_ITERATIONS,
    trustProxy: e.TRUST_PROXY,
    requestLog: (e.REQUEST_LOG ?? (e.APP_ENV === "test" ? "off" : "on")) === "on",
    realtime: {
      searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
      matchDurationMs: e.MATCH_DURATION_MS,
      reconnectGraceMs: e.RECONNECT_GRACE_MS,
      heartbeatMs: e.HEARTBEAT_MS,
    },
    legal: {
      operatorName: e.OPERATOR_NAME,
      operatorAddress: e.OPERATOR_ADDRESS,
      supportEmail: e.SUPPORT_EMAIL,
      privacyEmail: e.PRIVACY_EMAIL,
      dpoEmail: e.DPO_EMAIL,
    },
    holds: holdSettings(e),
  };
}

/**
 * A config for tests: in-memory KV, test environment, rate limits as given, and no public STUN
 * server (a test never depends on the internet).
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: "test",
    KV_PATH: ":memory:",
    PORT: "0",
    ICE_SERVERS: "[]",
    ...overrides,
  });
}
