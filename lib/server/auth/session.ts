// Session cookies: an HttpOnly, SameSite=Lax cookie (Secure in production) holding a jose-signed
// token that names a KV session record, so revoking the record signs the device out at once.
import { jwtVerify, SignJWT } from "jose";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import {
  createSession,
  getSessionAndUser,
  SESSION_TTL_MS,
  type SessionRecord,
  sharedSessionSecret,
} from "../../../kv/sessions.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { noteSignInDevice } from "./devices.ts";
import { activeBan } from "../../shared/moderation/bans.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../shared/realtime/clock.ts";

const CLOCK_SKEW_TOLERANCE_S = CLOCK_SKEW_TOLERANCE_MS / 1000;

export const SESSION_COOKIE = "glimpse_session";
const ISSUER = "glimpse";

/** What a token's verified signature says: the session it names, its member, when it expires. */
interface VerifiedToken {
  sid: string;
  sub: string;
  /** Seconds since the epoch (the token's `exp`). */
  exp: number;
}

/**
 * How many verified tokens an instance remembers (a few hundred bytes each); past this the memo
 * starts again empty. Only tokens whose signature verified are kept, so strangers cannot fill it.
 */
const VERIFIED_MAX = 10_000;

/** The signing key: SESSION_SECRET, or (outside production) one generated once and kept in KV. */
export async function sessionKey(kv: Deno.Kv, config: Config): Promise<Uint8Array> {
  if (config.sessionSecret) return new TextEncoder().encode(config.sessionSecret);
  const secret = await sharedSessionSecret(kv, () =>
    Array.from(
      crypto.getRandomValues(new Uint8Array(32)),
      (b) => b.toString(16).padStart(2, "0"),
    ).join(""));
  return new TextEncoder().encode(secret);
}

export class Sessions {
  /**
   * Tokens whose signature and claims this instance has checked, by the token's exact text: a
   * signature under this key stays valid, so it is checked once, not on every request (an HMAC by
   * WebCrypto costs about as much as the rest of a small API request). Only the signature is
   * remembered: the token's expiry is checked again each time, and the session and its member are
   * read from KV on every request, so signing out, a ban or a deletion takes effect at once, on
   * every instance.
   */
  private verified = new Map<string, VerifiedToken>();

  constructor(private kv: Deno.Kv, private config: Config, private key: CryptoKey) {}

  static async create(kv: Deno.Kv, config: Config) {
    // Imported once: given raw bytes, jose would import the key again on every request.
    const key = await crypto.subtle.importKey(
      "raw",
      await sessionKey(kv, config) as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    return new Sessions(kv, config, key);
  }

  async token(session: SessionRecord): Promise<string> {
    return await new SignJWT({ sid: session.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(session.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(session.createdAt / 1000))
      .setExpirationTime(Math.floor(session.expiresAt / 1000))
      .sign(this.key);
  }

  /**
   * Starts a session for the member (named on the devices list by the browser's User-Agent) and
   * sets its cookie on the response; a browser new to the account is mailed about (devices.ts),
   * unless `byMailedLink`: a link from the member's own mailbox needs no warning to that mailbox.
   */
  async start(c: Context, userId: string, byMailedLink = false): Promise<SessionRecord> {
    const userAgent = c.req.header("user-agent") ?? "";
    const session = await createSession(this.kv, userId, userAgent);
    await noteSignInDevice(c, this.kv, {
      userId,
      userAgent,
      origin: this.config.origin,
      secure: this.config.production,
      announce: !byMailedLink,
    });
    setCookie(c, SESSION_COOKIE, await this.token(session), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: this.config.production,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    return session;
  }

  clear(c: Context) {
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: this.config.production });
  }

  /** The session and member a raw cookie value stands for, or null. */
  async resolve(
    token: string | undefined,
  ): Promise<{ session: SessionRecord; user: UserRecord } | null> {
    if (!token) return null;
    try {
      // A token checked before is known at once, without a promise made for it.
      const known = this.remembered(token);
      const claims = known === undefined ? await this.verify(token) : known;
      if (!claims) return null;
      // The session and the member the token names, read from KV in one round trip.
      const { session, user } = await getSessionAndUser(this.kv, claims.sid, claims.sub);
      if (!session || session.userId !== claims.sub) return null;
      // A session that outlived a ban (one started while the ban was being written) is no
      // session: the ban's own sign-out deletes it, this covers the race.
      return user && !activeBan(user) ? { session, user } : null;
    } catch {
      return null;
    }
  }

  /**
   * The claims of a token this instance verified before (see `verified`): its claims while it has
   * not expired, null once it has; undefined for a token not verified here yet.
   */
  private remembered(token: string): VerifiedToken | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    return known.exp + CLOCK_SKEW_TOLERANCE_S > Math.floor(Date.now() / 1000) ? known : null;
  }

  /**
   * The claims of a token signed with this instance's key (HS256, our issuer) and not expired, or
   * null. A token verified before is not verified again (see `verified`); its expiry is.
   */
  private async verify(token: string): Promise<VerifiedToken | null> {
    const known = this.remembered(token);
    if (known !== undefined) return known;
    const { payload } = await jwtVerify(token, this.key, {
      issuer: ISSUER,
      algorithms: ["HS256"],
      // A token another instance made, whose clock may differ from this one's.
      clockTolerance: CLOCK_SKEW_TOLERANCE_S,
    });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
    // jose refuses a token without a valid `exp` only when asked to; a token of ours always has one.
    if (typeof payload.exp !== "number") return null;
    const claims = { sid: payload.sid, sub: payload.sub, exp: payload.exp };
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  fromRequest(c: Context): Promise<{ session: SessionRecord; user: UserRecord } | null> {
    return this.resolve(getCookie(c, SESSION_COOKIE));
  }
}

/** A short public id for the session (the user's `token` field in the API): not a credential. */
export function publicToken(session: SessionRecord): string {
  return session.sid.slice(0, 8);
}
