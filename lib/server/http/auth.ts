// Who is asking: the session middleware resolves the session cookie once per request into typed
// context variables, and the guards refuse anyone who may not go on. A guard throws an AppError
// (401 for a guest, 403 for a member who is not an administrator); `app.onError` responds to API
// paths with JSON and pages with a redirect to /auth or the 'Access Denied' page. Rights are read
// from the member's stored record on every request, never from the client.
import { type Said, said } from "../../shared/i18n/said.ts";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Sessions } from "../auth/session.ts";
import { type SessionUser, toSessionUser, type UserRecord } from "../../shared/auth/types.ts";
import type { SessionRecord } from "../../../kv/sessions.ts";
import { AppError } from "./errors.ts";

/** What the session middleware sets on every request: all three, or all null for a guest. */
export interface SessionVariables {
  user: SessionUser | null;
  userRecord: UserRecord | null;
  session: SessionRecord | null;
}

/** What a handler behind requireUser or requireAdmin may rely on. */
export interface MemberVariables {
  user: SessionUser;
  userRecord: UserRecord;
  session: SessionRecord;
}

export type MemberEnv = { Variables: MemberVariables };

/**
 * Resolves the session cookie (a signed token naming a live KV session of an existing member)
 * and calls `onSeen` for a signed-in member, waiting for the promise it returns when it has work
 * to do (nothing returned: nothing to wait for); a failure of `onSeen` does not fail the request.
 */
export function sessionMiddleware(
  sessions: Sessions,
  onSeen: (userId: string, session: SessionRecord) => Promise<unknown> | void,
) {
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const found = await sessions.fromRequest(c);
    c.set("session", found?.session ?? null);
    c.set("userRecord", found?.user ?? null);
    c.set("user", found ? toSessionUser(found.user) : null);
    if (found) {
      try {
        const seen = onSeen(found.user.id, found.session);
        if (seen) await seen;
      } catch {
        // Marking the member present or the session seen may fail; the request goes on.
      }
    }
    await next();
  });
}

/**
 * The id of the member the session middleware found, if any (also where it has not run yet).
 * (c.get reads one variable; c.var copies them all into a new object, on every request.)
 */
export function memberIdOf(c: Context): string | undefined {
  return (c as Context<{ Variables: Partial<SessionVariables> }>).get("user")?.id;
}

/** Whether the session middleware found a member (c.get reads one variable, c.var copies all). */
function signedIn(c: Context<MemberEnv>): boolean {
  const vars = c as Context<{ Variables: Partial<MemberVariables> }>;
  return !!(vars.get("user") && vars.get("session") && vars.get("userRecord"));
}

/** Lets only a signed-in member through; a guest gets 401 with `guestText` (or /auth on pages). */
export function requireUser(guestText: Said = said("texts.notAuthenticated")) {
  // Nothing to do on the way out: next()'s promise is handed on (see ownSite, request.ts).
  return createMiddleware<MemberEnv>((c, next) => {
    if (!signedIn(c)) throw new AppError(401, guestText);
    return next();
  });
}

/** Lets only an administrator through: 401 for a guest, 403 for any other member. */
export function requireAdmin() {
  return createMiddleware<MemberEnv>((c, next) => {
    if (!signedIn(c)) throw new AppError(401, said("admin.notAuthenticated"));
    if (c.get("userRecord").role !== "admin") throw new AppError(403, said("admin.adminsOnly"));
    return next();
  });
}
