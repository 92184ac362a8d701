// Members for the realtime tests and benchmark, made straight in KV (no 90 ms password hash per
// member: one hash is shared by all) with a real signed session cookie, plus small helpers for
// sockets, matches and /metrics. Works against one server (in-memory or file KV) or against
// several instances sharing a KV file (open the file here too; give every instance the same
// SESSION_SECRET).
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import type { Config } from "../../lib/server/config.ts";
import { loadConfig } from "../../lib/server/config.ts";
import { createUserWithInvitation } from "../../kv/users.ts";
import { createSession } from "../../kv/sessions.ts";
import { SESSION_COOKIE, Sessions } from "../../lib/server/auth/session.ts";
import { hashPassword } from "../../lib/server/auth/password.ts";
import type { TierKey } from "../../lib/shared/constants.ts";
import type { Language } from "../../lib/shared/auth/types.ts";
import type { Match } from "../../kv/matches.ts";
import { Client } from "./accounts.ts";
import { startServer, type TestServer } from "./server.ts";
import { WsClient } from "./realtime.ts";
import { eventually, sleep } from "./time.ts";

/** A fixed session secret for several instances and the test process to share. */
export const SHARED_SESSION_SECRET = "realtime-tests-shared-session-secret-0123456789";

export interface QuickMemberOptions {
  username?: string;
  /** 'City, Country' on the profile; "" for none. Default 'Warsaw, Poland'. */
  location?: string;
  language?: Language;
  hideExactLocation?: boolean;
  tier?: TierKey;
}

export interface QuickMember {
  id: string;
  username: string;
  /** The raw session cookie value. */
  session: string;
  /** `glimpse_session=<value>`, for a Cookie header. */
  cookie: string;
  /** An HTTP client holding the cookie, pointed at `url`. */
  client: Client;
  url: string;
}

let sharedHash: Promise<string> | null = null;
let counter = 0;

/** Makes members directly in KV, each with a session whose cookie the servers accept. */
export class MemberFactory {
  private constructor(
    readonly kv: Deno.Kv,
    readonly url: string,
    private sessions: Sessions,
  ) {}

  /** For a test server from startServer(). */
  static async forServer(server: TestServer): Promise<MemberFactory> {
    return new MemberFactory(
      server.kv,
      server.url,
      await Sessions.create(server.kv, server.config),
    );
  }

  /** For instances on a KV file that share `secret` (see startInstances' env). */
  static async forKv(
    kv: Deno.Kv,
    url: string,
    secret = SHARED_SESSION_SECRET,
  ): Promise<MemberFactory> {
    const config: Config = loadConfig({
      APP_ENV: "test",
      KV_PATH: ":memory:",
      SESSION_SECRET: secret,
    });
    return new MemberFactory(kv, url, await Sessions.create(kv, config));
  }

  async create(opts: QuickMemberOptions = {}, url = this.url): Promise<QuickMember> {
    sharedHash ??= hashPassword("realtime-shared-password");
    const passwordHash = await sharedHash;
    counter++;
    const username = opts.username ??
      `rt${counter}_${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`.slice(0, 20);
    const now = new Date().toISOString();
    const result = await retryLocked(() =>
      createUserWithInvitation(this.kv, {
        id: crypto.randomUUID(),
        username,
        email: `${username}@example.test`,
        passwordHash,
        role: "member",
        emailVerified: true,
        createdAt: now,
        displayName: username,
        bio: "",
        location: opts.location ?? "Warsaw, Poland",
        language: opts.language ?? "en",
        faceBlurEnabled: true,
        hideExactLocation: opts.hideExactLocation ?? true,
        notificationsEnabled: true,
        avatarUrl: null,
        tier: opts.tier ?? "free",
        invitedBy: null,
        invitationCode: null,
        ageConfirmedAt: now,
      }, null)
    );
    if (!result.ok) throw new Error(`could not create ${username}: ${result.reason}`);
    const record = await retryLocked(() => createSession(this.kv, result.user.id));
    const session = await this.sessions.token(record);
    const client = new Client({ url } as TestServer);
    client.cookies.set(SESSION_COOKIE, session);
    return {
      id: result.user.id,
      username,
      session,
      cookie: `${SESSION_COOKIE}=${session}`,
      client,
      url,
    };
  }

  async many(n: number, opts: QuickMemberOptions = {}): Promise<QuickMember[]> {
    return await Promise.all(Array.from({ length: n }, () => this.create(opts)));
  }
}

/**
 * Runs a KV operation again when SQLite refused it with 'database is locked' (this process and
 * server instances in Workers hold separate handles on one KV file). For the tests' own reads
 * and set-up writes only; the app's own operations are not wrapped.
 */
export async function retryLocked<T>(fn: () => Promise<T>, tries = 40): Promise<T> {
  for (let i = 0;; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= tries || !String(err).includes("database is locked")) throw err;
      await sleep(10 + Math.random() * 40);
    }
  }
}

/** A registered socket of a member: the client and its peer id. */
export interface Peer {
  ws: WsClient;
  peerId: string;
  member: QuickMember;
}

/** Opens a socket for the member (at `url`, default the member's) and registers it. */
export async function connectPeer(member: QuickMember, url = member.url): Promise<Peer> {
  const ws = await WsClient.connect(url, member.cookie);
  const peerId = await ws.register();
  return { ws, peerId, member };
}

/** Sends find_match. */
export function search(peer: Peer, preferences?: { hideLocation?: boolean; hashtags?: string[] }) {
  peer.ws.send(preferences ? { type: "find_match", preferences } : { type: "find_match" });
}

/** Both search; both must be told of each other. Returns their match_found messages. */
export async function pairUp(a: Peer, b: Peer, ms = 5000): Promise<[any, any]> {
  search(a);
  await a.ws.next("searching", ms);
  search(b);
  const [ma, mb] = await Promise.all([a.ws.next("match_found", ms), b.ws.next("match_found", ms)]);
  assert.equal(ma.peerId, b.peerId, "a's partner is b");
  assert.equal(mb.peerId, a.peerId, "b's partner is a");
  return [ma, mb];
}

/** Closes every socket given, ignoring failures. */
export function closeAll(...peers: (Peer | WsClient | null | undefined)[]) {
  for (const p of peers) {
    if (!p) continue;
    try {
      (p instanceof WsClient ? p : p.ws).close();
    } catch {
      // already closed
    }
  }
}

/**
 * Closes a test server once the hub has handled every socket close (a close still being handled
 * when KV closes would fail with 'Database is closed').
 */
export async function closeServer(server: TestServer, ms = 3000) {
  await eventually(() => server.hub.metrics.socketsOpen === 0, ms);
  await sleep(150);
  await server.close();
}

/**
 * Runs `fn` against a fresh server started with `env` and a member factory for it; the server is
 * closed (see closeServer) whatever happens.
 */
export async function withMembers(
  env: Record<string, string>,
  fn: (server: TestServer, members: MemberFactory) => Promise<void>,
) {
  const server = await startServer(env);
  try {
    await fn(server, await MemberFactory.forServer(server));
  } finally {
    await closeServer(server);
  }
}

/**
 * Several KV handles on one SQLite file (servers sharing a KV file in one process) sometimes fail
 * a write with 'database is locked'; in the hub's socket-close path that failure is an unhandled
 * rejection, which ends the process (reported as an app bug, tested on its own in
 * realtime_resilience_test.ts). Tests that are about something else tolerate exactly that error
 * while `fn` runs; any other unhandled rejection still fails them.
 */
export async function toleratingKvLocks<T>(fn: () => Promise<T>): Promise<T> {
  const others: unknown[] = [];
  const onRejection = (e: PromiseRejectionEvent) => {
    e.preventDefault();
    if (!String(e.reason).includes("database is locked")) others.push(e.reason);
  };
  globalThis.addEventListener("unhandledrejection", onRejection);
  try {
    const out = await fn();
    await sleep(50);
    assert.deepEqual(others.map(String), [], "no other unhandled rejection");
    return out;
  } finally {
    globalThis.removeEventListener("unhandledrejection", onRejection);
  }
}

/** Every match record in KV. */
export async function kvMatches(kv: Deno.Kv): Promise<Match[]> {
  const out: Match[] = [];
  for await (const e of kv.list<Match>({ prefix: ["matches"] })) out.push(e.value);
  return out;
}

/** For each user, how many live matches name them (any count above 1 is a double match). */
export async function liveMatchCounts(kv: Deno.Kv): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of await kvMatches(kv)) {
    if (m.status !== "live") continue;
    for (const s of [m.a, m.b]) counts.set(s.userId, (counts.get(s.userId) ?? 0) + 1);
  }
  return counts;
}

/** The value of one unlabelled sample line of a Prometheus text body. */
export function metric(text: string, name: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(name + " "));
  return line ? Number(line.slice(name.length + 1)) : null;
}
