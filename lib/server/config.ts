// Every environment variable Glimpse reads, validated once at start-up.
// A bad value stops start-up with one clear line naming the variable (see formatConfigError).
import type { LegalInfo } from "../shared/legal.ts";
import { z } from "zod";
import { isCommonPassword } from "./common_passwords.ts";
import { PBKDF2_ITERATIONS } from "./auth/password.ts";
import { checkEmail, normalizeEmail } from "../shared/auth/rules.ts";
import { guessBits } from "./secret_strength.ts";
import { HOLD_ENV, type HoldSettings, holdSettings } from "./moderation/hold_settings.ts";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const email = z.email("must be an email address");
/** The administrator's address: the plain address registration takes (lib/shared/auth/rules.ts). */
const optionalMemberEmail = z.preprocess(
  emptyToUndefined,
  z.string().refine(
    (v) => !checkEmail(v).problem,
    "must be a plain email address (name@example.com)",
  )
    .optional(),
);
const optionalUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
);

const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const jsonIceServers = z.preprocess(emptyToUndefined, z.string().optional()).transform(
  (raw, ctx) => {
    if (raw === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON array of RTCIceServer objects" });
      return z.NEVER;
    }
    const result = z.array(iceServerSchema).safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: "custom", message: "must be a JSON array of RTCIceServer objects" });
      return z.NEVER;
    }
    return result.data;
  },
);

const commaList = z.preprocess(emptyToUndefined, z.string().optional()).transform((raw) =>
  raw === undefined ? [] : raw.split(",").map((s) => s.trim()).filter(Boolean)
);

const ms = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number of milliseconds" }).int(
      "must be a whole number of milliseconds",
    ).min(100, "must be at least 100 ms").max(3_600_000, "must be at most an hour").default(
      fallback,
    ),
  );

/** Where the KV file is when KV_PATH is unset. */
export const DEFAULT_KV_PATH = "./data/glimpse.kv";

export const envSchema = z.object({
  APP_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "test", "production"], {
      error: "must be development, test or production",
    }).default("development"),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a port number" }).int("must be a whole number").min(
      0,
      "must be between 0 and 65535",
    ).max(65535, "must be between 0 and 65535").default(8000),
  ),
  HOSTNAME: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  // Unset: DEFAULT_KV_PATH, or on Deno Deploy (DENO_DEPLOY=true) the app's own managed KV.
  KV_PATH: z.preprocess(emptyToUndefined, z.string().optional()),
  DENO_KV_ACCESS_TOKEN: optionalString,
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  ADMIN_EMAIL: optionalMemberEmail,
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(6, "must be at least 6 characters").optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^(sk|rk)_(test|live)_/, "must start with sk_test_, sk_live_ or rk_")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("whsec_", "must start with whsec_").optional(),
  ),
  STRIPE_PRICE_BASIC: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("price_", "must start with price_").optional(),
  ),
  STRIPE_PRICE_PLUS: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("price_", "must start with price_").optional(),
  ),
  STRIPE_PRICE_VIP: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("price_", "must start with price_").optional(),
  ),
  /** Another host for Stripe's API (a local stand-in in tests); Stripe's own when unset. */
  STRIPE_API_URL: optionalUrl,
  EMAIL_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(["outbox", "resend"], { error: "must be outbox or resend" }).optional(),
  ),
  RESEND_API_KEY: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("re_", "must start with re_").optional(),
  ),
  EMAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default("Glimpse <no-reply@glimpse.local>"),
  ),
  ICE_SERVERS: jsonIceServers,
  TURN_URLS: commaList,
  TURN_SECRET: optionalString,
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be the number of proxies in front (0 for none)" }).int(
      "must be a whole number",
    ).min(0, "must be 0 or more").max(5, "must be at most 5").default(0),
  ),
  REQUEST_LOG: z.preprocess(
    emptyToUndefined,
    z.enum(["on", "off"], { error: "must be on or off" }).optional(),
  ),
  /** all: any path (direct, STUN, TURN); relay: only through the TURN relay (hides addresses). */
  ICE_TRANSPORT_POLICY: z.preprocess(
    emptyToUndefined,
    z.enum(["all", "relay"], { error: "must be all or relay" }).default("all"),
  ),
  /**
   * Whether members who have not chosen hide their IP address from partners (calls through the
   * TURN relay): true unless an operator sets false. True in production needs a TURN server.
   */
  HIDE_IP_DEFAULT: z.preprocess(
    emptyToUndefined,
    z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  ),
  RATE_LIMITS: z.preprocess(
    emptyToUndefined,
    z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  ),
  // PBKDF2 iterations of a new password hash (lib/server/auth/password.ts). Tests lower it, since
  // a hash at the default takes a tenth of a second of CPU; never lower in production.
  PASSWORD_ITERATIONS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a whole number" }).int("must be a whole number")
      .min(1_000, "must be at least 1000").max(10_000_000, "must be at most 10000000")
      .default(PBKDF2_ITERATIONS),
  ),
  // Realtime timings (ms): a search gives up and a live match ends after 30 s; a member whose
  // socket drops mid-match has 10 s to come back. Tests shorten them.
  SEARCH_TIMEOUT_MS: ms(30_000),
  MATCH_DURATION_MS: ms(30_000),
  RECONNECT_GRACE_MS: ms(10_000),
  /** Instance heartbeat; an instance is dead after 3 beats, a searcher's ticket after 6. */
  HEARTBEAT_MS: ms(5_000),
  // Operator facts printed on the legal pages (the operator is a company in Poland).
  OPERATOR_NAME: z.preprocess(emptyToUndefined, z.string().default("Glimpse sp. z o.o.")),
  OPERATOR_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().default("ul. Prosta 20, 00-850 Warszawa, Poland"),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, email.default("support@glimpse.local")),
  PRIVACY_EMAIL: z.preprocess(emptyToUndefined, email.default("privacy@glimpse.local")),
  DPO_EMAIL: z.preprocess(emptyToUndefined, email.default("dpo@glimpse.local")),
  ...HOLD_ENV,
});

export type Env = z.infer<typeof envSchema>;

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
