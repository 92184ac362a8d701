// Session cookies: an HttpOnly, SameSite=Lax cookie (Secure in production) holding a jose-signed
// token that names a KV session record, so revoking the record signs the device out at once.
import { jwtVerify, SignJWT } from "jose";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import {
  createSession,
  getSession,
  SESSION_TTL_MS,
  type SessionRecord,
  sharedSessionSecret,
} from "../../kv/sessions.ts";
import { getUser } from "../../kv/users.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { activeBan } from "../../shared/moderation/bans.ts";

export const SESSION_COOKIE = "glimpse_session";
const ISSUER = "glimpse";

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

  /** Starts a session for the member and sets its cookie on the response. */
  async start(c: Context, userId: string): Promise<SessionRecord> {
    const session = await createSession(this.kv, userId);
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
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ["HS256"],
      });
      if (typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
      const session = await getSession(this.kv, payload.sid);
      if (!session || session.userId !== payload.sub) return null;
      const user = await getUser(this.kv, session.userId);
      // A session that outlived a ban (one started while the ban was being written) is no
      // session: the ban's own sign-out deletes it, this covers the race.
      return user && !activeBan(user) ? { session, user } : null;
    } catch {
      return null;
    }
  }

  async fromRequest(c: Context) {
    return await this.resolve(getCookie(c, SESSION_COOKIE));
  }
}

/** A short public id for the session (the user's `token` field in the API): not a credential. */
export function publicToken(session: SessionRecord): string {
  return session.sid.slice(0, 8);
}
