// The environment a Glimpse server reads: every variable with its type, default and bounds, as one
// zod schema. lib/server/config.ts turns what it parses into the Config the server runs with (and
// the checks that need several variables at once, such as production's secrets).
import { z } from "zod";
import { PBKDF2_ITERATIONS } from "./auth/password.ts";
import { checkEmail } from "../shared/auth/rules.ts";
import { HOLD_ENV } from "./moderation/hold_settings.ts";

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
  /** required: every administrator needs a second factor (always so in production). */
  ADMIN_SECOND_FACTOR: z.preprocess(emptyToUndefined, z.enum(["required"]).optional()),
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
