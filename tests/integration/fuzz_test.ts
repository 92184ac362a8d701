// Property-based fuzzing (fast-check) of every JSON API route the app has and every /ws message
// type, as a guest, a member and an administrator: random JSON, mutated valid bodies (fields
// dropped, added, retyped, huge, deeply nested, odd unicode, prototype keys), wrong content types,
// invalid UTF-8, odd queries and path parameters. For every input: no 5xx, no stack trace in the
// server's log or console, and, when the request or message is refused, the KV exactly as before.
// The routes are read from the app itself (Hono's route list), so a new route is fuzzed too.
// A fixed seed and FUZZ_RUNS inputs per route (default 40; FUZZ_RUNS=150 for a longer run,
// FUZZ_SEED=<n> for other inputs). It prints how many inputs it tried and the responses' statuses.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import fc from "fast-check";
import { startServer, TEST_IP_HEADER, type TestServer } from "../helpers/server.ts";
import { Client, SESSION_COOKIE } from "../helpers/accounts.ts";
import { MemberFactory } from "../helpers/realtime_members.ts";
import { WsClient } from "../helpers/realtime.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { startStripeStandIn } from "../helpers/stripe_standin.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { createApp } from "../../routes/app.tsx";
import { openKv } from "../../kv/db.ts";
import { createInvitations, updateUser } from "../../kv/users.ts";
import { createSession } from "../../kv/sessions.ts";
import { JOB_LEASE_MS } from "../../kv/queue.ts";
import { Sessions } from "../../lib/server/auth/session.ts";
import type { LogEntry } from "../../lib/shared/log.ts";
import { parseInbound } from "../../lib/shared/realtime/protocol.ts";
import { rtEnglish } from "../helpers/rt_english.ts";
import { setProcessSink } from "../../lib/shared/log.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 40);
const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 30_30);
/** Socket frames: this many per inbound type, as many of junk, a quarter of RUNS as a guest. */
const WS_RUNS = Math.max(8, Math.round(RUNS / 2));
const SHARED_PASSWORD = "realtime-shared-password";

/**
 * KV prefixes left out of the before/after comparison: presence (a signed-in member's last-seen
 * mark, moved by any request of theirs) and the rate-limit counters (moved by any counted
 * attempt, refused or not).
 */
const MOVING = ["presence", "rate_limits"];
/**
 * Single keys left out too: the realtime hub's instance heartbeat (["rt","instance",id]), written
 * on a timer while the hub runs.
 */
const MOVING_KEYS = ['["rt","instance",'];

/** The KV as lines, but for what moves by itself (above). */
async function dump(kv: Deno.Kv): Promise<string[]> {
  return (await kvDump(kv, MOVING)).filter((l) => !MOVING_KEYS.some((k) => l.startsWith(k)));
}

// ---------- what the server says ----------

const STACK_FRAME = /\n\s*at\s|^\s*at\s+\S+\s+\(?\S+:\d+:\d+\)?$/m;

/** Everything the server logs (its log sink and the console), as text, in order. */
class ServerLog {
  readonly lines: string[] = [];
  private restore: (() => void) | null = null;

  sink = (entry: LogEntry) => {
    this.lines.push(JSON.stringify(entry));
    if ("stack" in entry || entry.msg === "request failed") {
      this.lines.push(`STACK ${JSON.stringify(entry)}`);
    }
  };

  /** Records the process logger's lines (realtime, jobs) and console.error/warn/log too. */
  captureConsole() {
    const restoreSink = setProcessSink((entry) => {
      this.lines.push(entry.stack ? `STACK ${entry.stack}` : JSON.stringify(entry));
    });
    const saved = { error: console.error, warn: console.warn, log: console.log };
    const record = (...args: unknown[]) => {
      this.lines.push(
        args.map((a) =>
          a instanceof Error ? `STACK ${a.stack}` : typeof a === "string" ? a : Deno.inspect(a)
        ).join(" "),
      );
    };
    console.error = record;
    console.warn = record;
    console.log = (...args: unknown[]) => {
      // The test's own figures still reach the terminal.
      if (String(args[0]).startsWith("fuzz:")) saved.log(...args);
      else record(...args);
    };
    this.restore = () => {
      Object.assign(console, saved);
      restoreSink();
    };
  }

  release() {
    this.restore?.();
  }

  /** Lines since `from` that carry a stack trace. */
  stacksSince(from: number): string[] {
    return this.lines.slice(from).filter((l) => l.startsWith("STACK ") || STACK_FRAME.test(l));
  }
}

// ---------- inputs ----------

interface Shot {
  /** Raw body text or bytes; none when undefined. */
  body?: string | Uint8Array | FormData;
  /** The content-type header; none when undefined. */
  type?: string;
  /** Appended to the path (with its "?"). */
  query?: string;
  /** The value put in a :param segment, already encoded (or deliberately not). */
  param?: string;
  /** Sent without the Origin header a browser adds (a script, not a page). */
  noOrigin?: boolean;
}

const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

const oddString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uD800",
    "\uDFFF\uD800",
    "\u202Eevil\u202C",
    "\u200B\u200D\uFEFF",
    "é".normalize("NFD"),
    "😀".repeat(30),
    "a".repeat(5000),
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "null",
    "-1",
    "1e400",
    "NaN",
    "%00",
    "__proto__",
  ),
);

/** A value of any JSON type, odd ones favoured. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddString,
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, [], {}, [[]]),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A nested array or object `depth` levels down, as JSON text. */
function deepJson(depth: number, object: boolean): string {
  return object ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) +
    "]".repeat(depth);
}

/** JSON text for `example` with one field changed (the field named as JSON text). */
function withField(example: Record<string, unknown>, key: string, valueText: string): string {
  const rest = Object.fromEntries(Object.entries(example).filter(([k]) => k !== key));
  const inner = JSON.stringify(rest).slice(1, -1);
  return `{${inner}${inner ? "," : ""}${JSON.stringify(key)}:${valueText}}`;
}

/** Mutations of a valid body: what a script could send instead of what the page does. */
function mutated(example: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(example);
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant("x");
  const strings = keys.filter((k) => typeof example[k] === "string");
  return fc.oneof(
    fc.constant(JSON.stringify(example)),
    // every string field an odd string at once (the types right, the contents not), twice as
    // often as the rest
    ...Array.from(
      { length: 2 },
      () =>
        fc.array(oddString, { minLength: strings.length, maxLength: strings.length }).map((odd) =>
          JSON.stringify({ ...example, ...Object.fromEntries(strings.map((k, i) => [k, odd[i]])) })
        ),
    ),
    // a field dropped
    key.map((k) =>
      JSON.stringify(Object.fromEntries(Object.entries(example).filter(([e]) => e !== k)))
    ),
    // a field added
    fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTO_KEYS)), oddValue).map((
      [k, v],
    ) => withField(example, k, JSON.stringify(v) ?? "null")),
    // a field retyped
    fc.tuple(key, oddValue).map(([k, v]) => withField(example, k, JSON.stringify(v) ?? "null")),
    // a field huge (past and under the body limit)
    fc.tuple(key, fc.constantFrom(2_000, 60_000, 70_000)).map(([k, n]) =>
      withField(example, k, JSON.stringify("x".repeat(n)))
    ),
    // a field nested deep
    fc.tuple(key, fc.constantFrom(50, 2_000, 20_000), fc.boolean()).map(([k, d, o]) =>
      withField(example, k, deepJson(d, o))
    ),
    // a field of odd unicode
    fc.tuple(key, oddString).map(([k, s]) => withField(example, k, JSON.stringify(s))),
    // prototype keys at the top and inside
    fc.tuple(fc.constantFrom(...PROTO_KEYS), oddValue).map(([p, v]) =>
      withField(
        example,
        p,
        `{"role":"admin","tier":"vip","emailVerified":true,"polluted":${JSON.stringify(v) ?? 1}}`,
      )
    ),
    fc.constant(`{"__proto__":{"role":"admin"},${JSON.stringify(example).slice(1)}`),
    // the same key twice, the second one odd
    fc.tuple(key, oddValue).map(([k, v]) =>
      `${JSON.stringify(example).slice(0, -1)}${keys.length ? "," : ""}${JSON.stringify(k)}:${
        JSON.stringify(v) ?? "null"
      }}`
    ),
    // the body as an array or a bare value
    fc.constant(JSON.stringify([example])),
    fc.constant(JSON.stringify(JSON.stringify(example))),
  );
}

const JSON_TYPE = "application/json";

/** Every kind of body a route is sent. */
function bodies(example: Record<string, unknown>): fc.Arbitrary<Shot> {
  const valid = JSON.stringify(example);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.jsonValue().map((v) => ({ body: JSON.stringify(v), type: JSON_TYPE })),
    },
    { weight: 5, arbitrary: mutated(example).map((body) => ({ body, type: JSON_TYPE })) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Shot>(
        { body: valid },
        { body: valid, type: "text/plain" },
        { body: valid, type: "application/x-www-form-urlencoded" },
        { body: valid, type: "multipart/form-data" },
        { body: valid, type: "multipart/form-data; boundary=x" },
        { body: valid, type: "application/json; charset=utf-16" },
        { body: valid, type: "application/json; charset=latin1" },
        { body: "", type: JSON_TYPE },
        { body: "{", type: JSON_TYPE },
        { body: valid.slice(0, -1), type: JSON_TYPE },
        { body: valid + "garbage", type: JSON_TYPE },
        { body: `${valid}${valid}`, type: JSON_TYPE },
        { body: "\uFEFF" + valid, type: JSON_TYPE },
        {
          body: new URLSearchParams({ a: "1", email: "x@example.test" }).toString(),
          type: JSON_TYPE,
        },
        { type: JSON_TYPE },
        { body: valid, type: JSON_TYPE, noOrigin: true },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.oneof(oddString, fc.constant("file")))
        .map(([k, v]) => {
          const form = new FormData();
          form.set(k || "avatar", v);
          form.set("avatar", new Blob([v], { type: "image/png" }), "a.png");
          return { body: form };
        }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(JSON_TYPE, "application/octet-stream", "image/png", undefined),
      ).map(([bytes, type]) => {
        // Invalid UTF-8 for sure: a lone continuation byte and a truncated sequence.
        const b = new Uint8Array(bytes.length + 3);
        b.set([0x80, 0xe2, 0x82]);
        b.set(bytes, 3);
        return { body: b, type };
      }),
    },
  );
}

/** Percent-encoded (a lone surrogate as U+FFFD; odd escapes are sent as constants). */
function pct(s: string): string {
  return encodeURIComponent(s.toWellFormed());
}

/** Odd query strings, merged with a route's valid one. */
function queries(valid: Record<string, string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(""),
    fc.constant(new URLSearchParams(valid).toString()),
    fc.dictionary(
      fc.oneof(fc.constantFrom(...Object.keys(valid), ...PROTO_KEYS), fc.string()),
      oddString,
      {
        maxKeys: 4,
      },
    ).map((d) => new URLSearchParams({ ...valid, ...d }).toString()),
    fc.tuple(fc.constantFrom(...Object.keys(valid), "q", "x"), oddString).map(([k, v]) =>
      `${k}=${pct(v)}&${k}=2`
    ),
    fc.constantFrom("%", "%zz", "%E0%A4%A", "q=%ff%fe", "a[b]=1", "=&=", "limit=1e3", "cursor=%00"),
  );
}

/** Path parameters: the victim's real id and every kind of odd segment. */
function params(victimId: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(victimId),
    fc.uuid().map(String),
    oddString.map(pct),
    fc.constantFrom(
      "%",
      "%zz",
      "%2e%2e",
      "..",
      ".",
      "%00",
      "a".repeat(300),
      "__proto__",
      "constructor",
    ),
  );
}

// ---------- the routes ----------

interface Route {
  method: string;
  path: string;
}

/** The app's own JSON API routes, from the route list of an app built like the server's. */
async function apiRoutes(server: TestServer): Promise<Route[]> {
  const kv = await openKv(":memory:");
  try {
    const app = await createApp({
      config: server.config,
      kv,
      assets: server.assets,
      hub: server.hub,
      log: () => {},
    });
    const seen = new Map<string, Route>();
    for (const r of app.routes) {
      if (!r.path.startsWith("/api/")) continue;
      if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method)) continue;
      seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
    }
    return [...seen.values()];
  } finally {
    kv.close();
  }
}

/** A valid body (and query) per route, where the route takes one; the rest get {}. */
function examples(ctx: { code: string; username: string }): Record<string, Record<string, any>> {
  return {
    "POST /api/stripe/webhook": {
      id: "evt_fuzz",
      type: "checkout.session.completed",
      data: { object: {} },
    },
    "POST /api/register": {
      username: "fuzz_newcomer",
      email: "fuzz_newcomer@example.test",
      password: "secret-pass-1",
      invitationCode: ctx.code,
      ageConfirmed: true,
    },
    "POST /api/simple-login": { identifier: ctx.username, password: SHARED_PASSWORD },
    "POST /api/login": { username: ctx.username, password: SHARED_PASSWORD },
    "POST /api/forgot-password": { email: `${ctx.username}@example.test` },
    "POST /api/reset-password": { token: "A".repeat(43), newPassword: "another-pass-2" },
    "PATCH /api/user/profile": {
      displayName: "Fuzz",
      bio: "hello",
      location: "Warsaw, Poland",
      faceBlurEnabled: true,
    },
    "POST /api/user/password": { currentPassword: SHARED_PASSWORD, newPassword: "another-pass-2" },
    "POST /api/filters": { ageRange: [20, 40], hashtags: ["music"], location: "Warsaw" },
    "POST /api/location": { latitude: 52.22977, longitude: 21.01178 },
    "POST /api/report": {
      reportReason: "spam",
      additionalDetails: "",
      partnerPeerId: "",
      blockUser: true,
    },
    "POST /api/subscription/create-checkout": { tier: "plus" },
    "POST /api/admin/users/:id/ban": { reason: "spam", days: 7 },
    "PUT /api/admin/reports/:id": { status: "reviewed" },
    "POST /api/admin/invitations": { count: 2 },
    // queries
    "GET /api/admin/users": { q: "rt", limit: "2" },
    "GET /api/admin/direct-users": { q: "rt", limit: "2" },
    "GET /api/admin/reports": { status: "all", limit: "5" },
    "GET /api/admin/audit": { limit: "5" },
  };
}

// ---------- who sends ----------

type ActorKind = "guest" | "member" | "admin";

class Actors {
  private sessions = new Map<ActorKind, { id: string; session: string; username: string }>();
  constructor(
    private server: TestServer,
    private factory: MemberFactory,
    private tokens: Sessions,
  ) {}

  async make(kind: Exclude<ActorKind, "guest">) {
    const m = await this.factory.create({ location: "Warsaw, Poland" });
    if (kind === "admin") {
      const r = await updateUser(this.server.kv, m.id, (u) => ({ ...u, role: "admin" }));
      assert.ok(r.ok, "the administrator is made");
    }
    this.sessions.set(kind, { id: m.id, session: m.session, username: m.username });
  }

  username(kind: Exclude<ActorKind, "guest">): string {
    return this.sessions.get(kind)!.username;
  }

  /** A fresh browser holding only the actor's session cookie (a guest's holds none). */
  client(kind: ActorKind): Client {
    const c = new Client(this.server);
    const s = kind === "guest" ? undefined : this.sessions.get(kind);
    if (s) c.cookies.set(SESSION_COOKIE, s.session);
    return c;
  }

  /**
   * After an accepted request (signing out, deleting the account, a new password): a member or
   * administrator whose session no longer works is made anew.
   */
  async keep(kind: ActorKind) {
    if (kind === "guest") return;
    if ((await this.client(kind).get("/api/simple-user")).status === 200) return;
    const s = this.sessions.get(kind)!;
    if ((await this.server.kv.get(["users", s.id])).value) {
      // Signed out (or a new password ended the session): a new session, as signing in gives.
      s.session = await this.tokens.token(await createSession(this.server.kv, s.id));
      if ((await this.client(kind).get("/api/simple-user")).status === 200) return;
    }
    await this.make(kind);
  }
}

// ---------- KV ----------

/**
 * Waits until the mail and other jobs an accepted request queued for now are done (the server's
 * messages go through the job table, ["jobs", dueAt, id] keys, so they can be seen; one being
 * handled is due a lease ahead; an account's purge, due in days, is not waited for) and the KV
 * stops changing, so that the next refused request is compared against a still KV.
 */
async function settled(kv: Deno.Kv): Promise<void> {
  let last = "";
  for (let i = 0, still = 0; i < 300 && still < 2; i++) {
    const text = (await dump(kv)).join("\n");
    let jobs = 0;
    for await (const e of kv.list({ prefix: ["jobs"] })) {
      if (Number(e.key[1]) <= Date.now() + JOB_LEASE_MS + 60_000) jobs++;
    }
    still = jobs === 0 && text === last ? still + 1 : 0;
    last = text;
    if (still < 2) await sleep(10);
  }
}

/**
 * Prefixes whose keys expire on their own (expireIn): one vanishing is no change a request made.
 * - session_ends: the one-minute log of ended sessions the realtime instances read.
 */
const EXPIRING = ['["session_ends",'];

function kvDiff(before: string[], after: string[]): string[] {
  const b = new Set(before), a = new Set(after);
  return [
    ...before.filter((l) => !a.has(l) && !EXPIRING.some((p) => l.startsWith(p)))
      .map((l) => `- ${l}`),
    ...after.filter((l) => !b.has(l)).map((l) => `+ ${l}`),
  ];
}

function describe(shot: Shot): string {
  const body = shot.body instanceof Uint8Array
    ? `bytes[${shot.body.length}]`
    : shot.body instanceof FormData
    ? `form(${[...shot.body.keys()].join(",")})`
    : shot.body === undefined
    ? "none"
    : shot.body.length > 200
    ? `${JSON.stringify(shot.body.slice(0, 200))}…(${shot.body.length} chars)`
    : JSON.stringify(shot.body);
  return `type=${shot.type ?? "none"} query=${JSON.stringify(shot.query ?? "")} param=${
    JSON.stringify(shot.param ?? "")
  } origin=${shot.noOrigin ? "none" : "own"} body=${body}`;
}

/** What a failed check found: its message and the input fast-check reports. */
function failureOf<T>(result: fc.RunDetails<T>): string {
  const err = (result as { errorInstance?: unknown }).errorInstance;
  return err instanceof Error ? err.message : String(err ?? result.counterexample);
}

// ---------- the test ----------

Deno.test("fuzz: every JSON API route and /ws message type, guest, member and admin: no 5xx, no stack, refusals store nothing", async () => {
  const log = new ServerLog();
  const stripe = startStripeStandIn();
  const server = await startServer({
    // The limits and the request log run as in production (each request from its own address,
    // below, so that the per-address limits count without refusing everything).
    RATE_LIMITS: "on",
    REQUEST_LOG: "on",
    // A search started by a fuzzed find_match stays until its socket closes (no timeout ending
    // it in the middle of another message's before/after).
    SEARCH_TIMEOUT_MS: "600000",
    STRIPE_SECRET_KEY: "sk_test_fuzz",
    STRIPE_WEBHOOK_SECRET: "whsec_fuzz_0123456789",
    STRIPE_PRICE_BASIC: "price_basic",
    STRIPE_PRICE_PLUS: "price_plus",
    STRIPE_PRICE_VIP: "price_vip",
    STRIPE_API_URL: stripe.url,
  }, { log: log.sink, jobTable: true });
  log.captureConsole();
  const failures: string[] = [];
  try {
    const factory = await MemberFactory.forServer(server);
    const actors = new Actors(server, factory, await Sessions.create(server.kv, server.config));
    await actors.make("member");
    await actors.make("admin");
    const victim = await factory.create();
    const [code] = await createInvitations(server.kv, null, 1);
    const valid = examples({ code, username: actors.username("member") });
    const routes = await apiRoutes(server);
    assert.ok(routes.length >= 30, `the app lists its API routes (${routes.length})`);
    const actorArb = fc.constantFrom<ActorKind>("guest", "member", "admin");
    let tried = 0;
    const statuses = new Map<number, number>();

    for (const [i, route] of routes.entries()) {
      const key = `${route.method} ${route.path}`;
      const example = valid[key] ?? {};
      const shot: fc.Arbitrary<Shot> = route.method === "GET"
        ? queries(example).map((query) => ({ query }))
        : fc.tuple(bodies(example), fc.option(queries({}), { freq: 4 })).map(([s, q]) => ({
          ...s,
          query: q ?? undefined,
        }));
      const withParam = route.path.includes(":")
        ? fc.tuple(shot, params(victim.id)).map(([s, param]) => ({ ...s, param }))
        : shot;
      const result = await fc.check(
        fc.asyncProperty(actorArb, withParam, fc.ipV4(), async (actor, s, ip) => {
          tried++;
          const path = route.path.replace(/:[a-zA-Z]+/g, s.param ?? "x") +
            (s.query ? `?${s.query}` : "");
          const before = await dump(server.kv);
          const from = log.lines.length;
          const headers: Record<string, string> = { [TEST_IP_HEADER]: ip };
          if (s.type) headers["content-type"] = s.type;
          if (s.noOrigin) headers.origin = "";
          let status: number, text: string;
          try {
            const res = await actors.client(actor).request(route.method, path, {
              body: s.body as BodyInit | undefined,
              headers,
            });
            status = res.status;
            text = res.text;
          } catch (err) {
            // A URL fetch itself refuses to send is no request at all.
            if (err instanceof TypeError && /URL|url/.test(err.message)) return true;
            throw err;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const where = `${actor} ${route.method} ${path.slice(0, 120)} ${describe(s)}`;
          assert.ok(status < 500, `${status} for ${where}: ${text.slice(0, 300)}`);
          const stacks = log.stacksSince(from);
          assert.deepEqual(stacks, [], `a stack in the log for ${where}`);
          if (status >= 400) {
            const diff = kvDiff(before, await dump(server.kv));
            assert.deepEqual(diff, [], `refused (${status}) yet the KV changed for ${where}`);
          } else if (route.method !== "GET") {
            await actors.keep(actor);
            await settled(server.kv);
          }
          return true;
        }),
        { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(`${key}: ${failureOf(result)}`);
        console.log(`fuzz: FAILED ${failures.at(-1)}`);
        await actors.keep("member");
        await actors.keep("admin");
        await settled(server.kv);
      }
    }
    const httpTried = tried;

    // ---------- the socket ----------
    const socketTried = await fuzzSocket(server, factory, log, failures);

    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([k, n]) => `${k}×${n}`);
    console.log(
      `fuzz: tried ${httpTried} inputs on ${routes.length} routes, ${socketTried} socket messages (seed ${SEED}, ${RUNS} per route; responses ${
        byStatus.join(" ")
      })`,
    );
    assert.deepEqual(failures, [], `fuzzing found:\n${failures.join("\n")}`);
  } finally {
    log.release();
    await server.close();
    await stripe.close();
  }
});

// ---------- /ws ----------

const PEER = "A".repeat(21);

/** A valid message of every inbound type. */
const WS_EXAMPLES: Record<string, Record<string, unknown>> = {
  register: { type: "register", peerId: PEER, keepsLink: false },
  set_filters: { type: "set_filters", filters: { ageRange: [20, 40], hashtags: ["music"] } },
  signal: { type: "signal", to: PEER, signal: { type: "offer", sdp: "v=0\r\n" } },
  find_match: { type: "find_match", preferences: { hideLocation: true, hashtags: ["music"] } },
  end_session: { type: "end_session", reason: "user_ended", linkFailed: false },
  link_connected: { type: "link_connected" },
  reaction: { type: "reaction", emoji: "👍" },
  ping: { type: "ping" },
};

type Frame = string | Uint8Array;

const junkFrames: fc.Arbitrary<Frame> = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: "binary", maxLength: 60 }),
  oddString,
  fc.uint8Array({ maxLength: 100 }),
  fc.constantFrom(
    "x".repeat(70_000),
    deepJson(20_000, false),
    deepJson(20_000, true),
    '{"type":"__proto__"}',
    '{"type":"constructor"}',
    '{"type":"toString"}',
    '{"__proto__":{"type":"ping"}}',
    '{"type":"ping"',
    "",
  ),
);

/** One socket of one member (made anew when the server closes it for too many refusals). */
class FuzzSocket {
  ws: WsClient | null = null;
  constructor(private server: TestServer, private cookie: string) {}

  private sent = 0;

  /**
   * The socket, opened anew when the server closed it or after 25 frames (each followed by a
   * ping: 50 messages, under the flood limit's burst of 60, which would drop frames without a response).
   */
  async open(): Promise<WsClient> {
    if (this.ws && this.sent >= 25) {
      this.ws.close();
      await this.ws.waitClosed().catch(() => {});
    }
    if (!this.ws || this.ws.closed || this.ws.socket.readyState > 1 || this.sent >= 25) {
      // The old socket's search ends after it closes: compared from a still KV.
      await settled(this.server.kv);
      this.ws = await WsClient.connect(this.server.url, this.cookie);
      // Registered, as the page's socket is, so that what follows gets past 'Register first'.
      await this.ws.register();
      await settled(this.server.kv);
      this.sent = 1;
    }
    return this.ws;
  }

  /**
   * Sends a frame, then a ping; what arrives before the pong (or the close) is the response to the frame
   * (`pongs`: 2 when the frame is a ping itself).
   */
  async send(frame: Frame, pongs: number): Promise<{ responses: any[]; closed: boolean }> {
    const ws = this.ws!;
    this.sent++;
    const start = ws.messages.length;
    ws.socket.send(frame);
    if (ws.socket.readyState === 1) ws.send({ type: "ping" });
    const since = () => ws.messages.slice(start);
    const responded = await eventually(
      () => !!ws.closed || since().filter((m) => m.type === "pong").length >= pongs,
      10_000,
    );
    assert.ok(responded, `no pong after a frame: ${JSON.stringify(since())}`);
    return { responses: since().filter((m) => m.type !== "pong"), closed: !!ws.closed };
  }

  close() {
    this.ws?.close();
  }
}

async function fuzzSocket(
  server: TestServer,
  factory: MemberFactory,
  log: ServerLog,
  failures: string[],
): Promise<number> {
  let tried = 0;
  const member = await factory.create({ location: "Warsaw, Poland" });
  const sock = new FuzzSocket(server, member.cookie);
  const types = Object.keys(WS_EXAMPLES);
  const arbs: [string, fc.Arbitrary<Frame>][] = [
    ...types.map((t) =>
      [t, mutated(WS_EXAMPLES[t]) as fc.Arbitrary<Frame>] as [string, fc.Arbitrary<Frame>]
    ),
    ["junk", junkFrames],
  ];
  try {
    for (const [i, [name, arb]] of arbs.entries()) {
      const result = await fc.check(
        fc.asyncProperty(arb, async (frame) => {
          tried++;
          const where = `member socket, ${name}: ${
            typeof frame === "string"
              ? JSON.stringify(frame.length > 200 ? frame.slice(0, 200) + "…" : frame)
              : `bytes[${frame.length}]`
          }`;
          // A socket is opened (and an old one closed) before the KV is read.
          await sock.open();
          const before = await dump(server.kv);
          const from = log.lines.length;
          const expected = parseInbound(
            typeof frame === "string" ? frame : frame.buffer as ArrayBuffer,
          );
          const isPing = expected.ok && expected.message.type === "ping";
          const { responses, closed } = await sock.send(frame, isPing ? 2 : 1);
          const errors = responses.filter((m) => m.type === "error");
          for (const e of errors) {
            assert.equal(e.message, rtEnglish(e.code), `error text for ${where}`);
          }
          if (!expected.ok) {
            // Junk gets its error as the response, or (past the socket's limits) the socket closes.
            assert.ok(
              errors.some((e) => e.code === expected.error) || closed,
              `no '${expected.error}' response for ${where}: ${JSON.stringify(responses)}`,
            );
          }
          assert.deepEqual(log.stacksSince(from), [], `a stack in the log for ${where}`);
          if (!expected.ok || errors.length) {
            // The member's search ticket (a search an earlier message started) moves by itself:
            // the instance's heartbeat rewrites it (there before and after), and a socket the
            // server closed (too large, too many refusals) ends the search with it (gone).
            const ticket = JSON.stringify(["mm", "waiting", member.id]);
            let diff = kvDiff(before, await dump(server.kv));
            const gone = diff.some((l) => l.startsWith(`- ${ticket} `));
            const back = diff.some((l) => l.startsWith(`+ ${ticket} `));
            if ((gone && back) || (gone && closed)) {
              diff = diff.filter((l) => !l.slice(2).startsWith(`${ticket} `));
            }
            assert.deepEqual(diff, [], `refused yet the KV changed for ${where}`);
          } else {
            await settled(server.kv);
          }
          return true;
        }),
        { seed: SEED + 100 + i, numRuns: WS_RUNS, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(`ws ${name}: ${failureOf(result)}`);
      }
    }

    // Guests: every frame finds a socket that says 'sign in' and closes; nothing stored.
    const guest = await fc.check(
      fc.asyncProperty(
        fc.oneof(junkFrames, ...types.map((t) => mutated(WS_EXAMPLES[t]))),
        async (frame) => {
          tried++;
          const before = await dump(server.kv);
          const from = log.lines.length;
          const ws = await WsClient.connect(server.url);
          if (ws.socket.readyState === 1) ws.socket.send(frame);
          const closed = await ws.waitClosed(5000);
          const where = `guest socket: ${
            typeof frame === "string" ? JSON.stringify(frame.slice(0, 200)) : "bytes"
          }`;
          assert.equal(ws.messages[0]?.code, "not_authenticated", where);
          assert.equal(closed.code, 4401, where);
          assert.deepEqual(log.stacksSince(from), [], `a stack in the log for ${where}`);
          assert.deepEqual(kvDiff(before, await dump(server.kv)), [], where);
          return true;
        },
      ),
      { seed: SEED + 200, numRuns: Math.max(5, Math.round(RUNS / 4)), endOnFailure: true },
    );
    if (guest.failed) {
      failures.push(`ws guest: ${failureOf(guest)}`);
    }
  } finally {
    sock.close();
  }
  return tried;
}
