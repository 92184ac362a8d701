// Helpers for the Accounts API tests: a fetch client with its own cookie jar, member
// registration, the email outbox, KV look-ups and a real 1x1 PNG.
import assert from "node:assert/strict";
import type { ServerLike } from "./server.ts";
import { createInvitations, type Invitation, listInvitationsOf } from "../../kv/users.ts";
import { listOutbox, type StoredEmail } from "../../lib/server/email/mod.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";
import { until } from "./time.ts";
import { queueSettled } from "../../lib/server/jobs.ts";
import { english } from "./english.ts";
import { isSaid } from "../../lib/shared/i18n/said.ts";

export const SESSION_COOKIE = "glimpse_session";
export const FLASH_COOKIE = "glimpse_flash";
export const PASSWORD = "secret-pass-1";

/** A valid 1x1 RGBA PNG (IHDR, IDAT and IEND with correct CRCs): 70 bytes. */
export const TINY_PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0x00,
  0x00,
  0x00,
  0x0d,
  0x49,
  0x48,
  0x44,
  0x52,
  0x00,
  0x00,
  0x00,
  0x01,
  0x00,
  0x00,
  0x00,
  0x01,
  0x08,
  0x06,
  0x00,
  0x00,
  0x00,
  0x1f,
  0x15,
  0xc4,
  0x89,
  0x00,
  0x00,
  0x00,
  0x0d,
  0x49,
  0x44,
  0x41,
  0x54,
  0x78,
  0xda,
  0x63,
  0x64,
  0x60,
  0xf8,
  0x5f,
  0x0f,
  0x00,
  0x02,
  0x87,
  0x01,
  0x80,
  0xeb,
  0x47,
  0xba,
  0x92,
  0x00,
  0x00,
  0x00,
  0x00,
  0x49,
  0x45,
  0x4e,
  0x44,
  0xae,
  0x42,
  0x60,
  0x82,
]);

export interface Answer {
  status: number;
  headers: Headers;
  /** Raw Set-Cookie lines of this response. */
  setCookies: string[];
  text: string;
  // deno-lint-ignore no-explicit-any
  json: any;
  bytes: Uint8Array;
}

export interface RequestOptions {
  json?: unknown;
  /** A raw body (string, FormData, URLSearchParams…); content-type as given in headers. */
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** One browser: a cookie jar in front of fetch. Redirects are never followed. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly server: ServerLike) {}

  get session(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** A second browser holding the same cookies (e.g. a stolen or replayed cookie). */
  clone(): Client {
    const c = new Client(this.server);
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }

  async request(method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
    const headers = new Headers(opts.headers);
    // A browser names the page's origin on every request that changes something; this one's
    // pages are the server's own. A test that means otherwise sets its own Origin, or "" for
    // none at all (a script, not a browser).
    if (!["GET", "HEAD"].includes(method) && !headers.has("origin")) {
      headers.set("origin", this.server.url);
    }
    if (headers.get("origin") === "") headers.delete("origin");
    let body = opts.body;
    if (opts.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(opts.json);
    }
    if (this.cookies.size) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const res = await fetch(this.server.url + path, { method, headers, body, redirect: "manual" });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = new TextDecoder().decode(bytes);
    let json: unknown = undefined;
    if ((res.headers.get("content-type") ?? "").includes("application/json")) {
      json = JSON.parse(text);
    }
    return { status: res.status, headers: res.headers, setCookies, text, json, bytes };
  }

  get(path: string, opts?: RequestOptions) {
    return this.request("GET", path, opts);
  }
  post(path: string, json?: unknown, opts: RequestOptions = {}) {
    return this.request("POST", path, json === undefined ? opts : { ...opts, json });
  }
  patch(path: string, json: unknown) {
    return this.request("PATCH", path, { json });
  }
  delete(path: string) {
    return this.request("DELETE", path);
  }

  private store(line: string) {
    const [pair, ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k, v = ""] = a.split("=").map((s) => s.trim());
      if (k.toLowerCase() === "max-age") return Number(v) <= 0;
      if (k.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** Headers that differ between any two answers: the time and the request's own id. */
export const PER_ANSWER_HEADERS: ReadonlySet<string> = new Set(["date", "x-request-id"]);

/** An answer's headers but those that differ on every answer, to compare two answers. */
export function stableHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([k]) => !PER_ANSWER_HEADERS.has(k));
}

/** A JSON body without the request id an error answer carries, to compare two answers. */
export function withoutRequestId(text: string): string {
  const { requestId: _, ...rest } = JSON.parse(text);
  return JSON.stringify(rest);
}

/** The Set-Cookie line for a cookie name in a response, if any. */
export function cookieLine(a: Answer, name: string): string | undefined {
  return a.setCookies.find((l) => l.startsWith(`${name}=`));
}

/** The attributes of a Set-Cookie line, lower-cased names → values ("" for flags). */
export function cookieAttributes(line: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of line.split(";").slice(1)) {
    const [k, v = ""] = part.split("=").map((s) => s.trim());
    out.set(k.toLowerCase(), v);
  }
  return out;
}

/** The one-shot toast cookie carried by a response (see lib/server/http/flash.ts), decoded. */
export function flashOf(a: Answer): { kind: string; title: string; description?: string } | null {
  const line = cookieLine(a, FLASH_COOKIE);
  if (!line) return null;
  const raw = decodeURIComponent(line.slice(FLASH_COOKIE.length + 1).split(";")[0]);
  if (!raw) return null;
  // `<payload>.<mac>`: the payload is base64url JSON `{flash, exp}`.
  const payload = raw.split(".")[0].replaceAll("-", "+").replaceAll("_", "/");
  const json = new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)));
  const flash = JSON.parse(json).flash;
  // A toast's parts named by key are read as the English page says them.
  const read = (part: unknown) =>
    isSaid(part) ? english(part.name, part.vars, part.dates) : part as string | undefined;
  return {
    ...flash,
    title: read(flash.title),
    ...(flash.description === undefined ? {} : { description: read(flash.description) }),
  };
}

/** Asserts a JSON error answer: status and the text in both `error` and `message`. */
export function assertError(a: Answer, status: number, text: string) {
  assert.equal(a.status, status, `expected ${status} '${text}', got ${a.status}: ${a.text}`);
  assert.deepEqual({ error: a.json?.error, message: a.json?.message }, {
    error: text,
    message: text,
  });
}

let counter = 0;
/** A fresh valid username (3–20 of a–z 0–9 _). */
export function uniqueName(prefix = "m"): string {
  counter++;
  return `${prefix}${counter}_${crypto.randomUUID().slice(0, 4)}`.slice(0, 20);
}

export interface Member {
  client: Client;
  id: string;
  username: string;
  email: string;
  password: string;
  codes: string[];
  // deno-lint-ignore no-explicit-any
  body: any;
}

/**
 * Registers a member through the API (an operator code unless one is given); asserts the neutral
 * 202 'check your inbox' answer, signs in with the password, waits for the verification mail and
 * opens its link (in another browser), as a member who goes live has (going live needs a
 * verified address). `verified: false` leaves the member unverified, the mail unopened.
 */
export async function registerMember(
  server: ServerLike,
  opts: {
    username?: string;
    email?: string;
    password?: string;
    invitationCode?: string;
    /** False when no mail can go out (a provider that is down); the member stays unverified. */
    awaitMail?: boolean;
    /** False: the verification link is not opened (default true, unless awaitMail is false). */
    verified?: boolean;
  } = {},
): Promise<Member> {
  const username = opts.username ?? uniqueName();
  const email = opts.email ?? `${username}@example.test`;
  const password = opts.password ?? PASSWORD;
  const invitationCode = opts.invitationCode ?? (await createInvitations(server.kv, null, 1))[0];
  const client = new Client(server);
  // An address used before (a deleted account's) may hold older verification mail.
  const VERIFY_LINK = "/verify-email?token=";
  const earlier = (await mailsTo(server.kv, email)).filter((m) => m.text.includes(VERIFY_LINK));
  const res = await client.post("/api/register", {
    username,
    email,
    password,
    invitationCode,
    ageConfirmed: true,
  });
  assert.equal(res.status, 202, `registration of ${username} failed: ${res.text}`);
  assert.equal(res.json.status, "check_inbox", `registration of ${username}: ${res.text}`);
  assert.equal(client.session, undefined, "registration starts no session");
  // The member signs in with the password just chosen (unverified members may).
  const login = await client.post("/api/simple-login", { identifier: username, password });
  assert.equal(login.status, 200, `sign-in of ${username} after registering: ${login.text}`);
  assert.ok(client.session, "sign-in sets the session cookie");
  const codes = (await listInvitationsOf(server.kv, login.json.id)).map((i) => i.code);
  // The verification mail goes out after the answer: a test starts once it has, so that what it
  // finds stored is the member's alone.
  const awaitMail = opts.awaitMail !== false;
  const verified = opts.verified ?? awaitMail;
  assert.ok(awaitMail || !verified, "a member is verified through the mail, which must go out");
  if (awaitMail) {
    const [mail] = await awaitMails(server.kv, email, earlier.length + 1, VERIFY_LINK);
    // Opened where the member is signed in already: no second session.
    if (verified) await openVerificationLink(server, mail, login.json.id, client);
  }
  return {
    client,
    id: login.json.id,
    username: login.json.username,
    email: login.json.email,
    password,
    codes,
    body: { ...login.json, invitationCodes: codes },
  };
}

/**
 * Opens a verification mail's link as the member would (from their mail, in any browser) and
 * asserts that it verified `userId`.
 */
export async function openVerificationLink(
  server: ServerLike,
  mail: StoredEmail,
  userId: string,
  /** The browser that opens it (a fresh one if not given: the link also signs its member in). */
  client: Client = new Client(server),
) {
  const res = await client.get(linkIn(mail, "/verify-email?token="));
  assert.equal(res.status, 303, `verification link: ${res.status} ${res.text}`);
  assert.equal((await kvUser(server.kv, userId))?.emailVerified, true, "the link verified");
}

/** Signs in through /api/simple-login in a fresh client; asserts 200. */
export async function signIn(server: ServerLike, identifier: string, password: string) {
  const client = new Client(server);
  const res = await client.post("/api/simple-login", { identifier, password });
  assert.equal(res.status, 200, `sign-in of ${identifier} failed: ${res.text}`);
  assert.ok(client.session);
  return client;
}

/** Mails sent to an address, newest first. */
export async function mailsTo(kv: Deno.Kv, to: string): Promise<StoredEmail[]> {
  return (await listOutbox(kv, 1000)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/**
 * Mails to an address (whose text contains `marker`, when given), newest first, once at least `n`
 * arrived: account mail leaves through the queue after the answer.
 */
export async function awaitMails(
  kv: Deno.Kv,
  to: string,
  n = 1,
  marker = "",
): Promise<StoredEmail[]> {
  return await until(
    `${n} mail(s) to ${to}${marker ? ` with ${marker}` : ""}`,
    async () => (await mailsTo(kv, to)).filter((m) => m.text.includes(marker)),
    (mails) => mails.length >= n,
    10_000,
    20,
  );
}

/**
 * How many queued messages the listener has taken (each counts its deliveries), once everything
 * queued until now has been handled: a mail that a wrong answer queued is counted, not missed
 * because it was still waiting in the queue.
 */
export async function queueMessagesTaken(kv: Deno.Kv): Promise<number> {
  await queueSettled(kv);
  let n = 0;
  for await (const _ of kv.list({ prefix: ["queue_attempts"] })) n++;
  return n;
}

/** Waits until the listener has taken at least `n` queued messages. */
export async function awaitQueueTaken(kv: Deno.Kv, n: number) {
  await until(
    `${n} queue message(s) taken`,
    () => queueMessagesTaken(kv),
    (k) => k >= n,
    10_000,
    20,
  );
}

/** The first link in a mail's text whose path contains `marker`, as a path+query. */
export function linkIn(mail: StoredEmail, marker: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(marker));
  assert.ok(match, `no link with ${marker} in: ${mail.text}`);
  const url = new URL(match);
  return url.pathname + url.search;
}

export async function kvUser(kv: Deno.Kv, id: string): Promise<UserRecord | null> {
  return (await kv.get<UserRecord>(["users", id])).value;
}

export async function kvInvitation(kv: Deno.Kv, code: string): Promise<Invitation | null> {
  return (await kv.get<Invitation>(["invitations", code])).value;
}

/** Who holds a username / email in the unique indexes (null when free). */
export async function usernameOwner(kv: Deno.Kv, username: string): Promise<string | null> {
  return (await kv.get<string>(["users_by_username", username.toLowerCase()])).value;
}
export async function emailOwner(kv: Deno.Kv, email: string): Promise<string | null> {
  return (await kv.get<string>(["users_by_email", email.toLowerCase()])).value;
}

/** Every stored user record (deleted ones included). */
export async function allUsers(kv: Deno.Kv): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for await (const e of kv.list<UserRecord>({ prefix: ["users"] })) out.push(e.value);
  return out;
}

/** How many live session records a member has. */
export async function sessionCount(kv: Deno.Kv, userId: string): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: ["user_sessions", userId] })) n++;
  return n;
}
