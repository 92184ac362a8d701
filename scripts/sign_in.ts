// Makes a member straight in KV and returns a session cookie for them, for scripts that render
// member pages (the build's per-page JavaScript table).
import type { Config } from "../lib/server/config.ts";
import { createUserWithInvitation } from "../kv/users.ts";
import { createSession } from "../kv/sessions.ts";
import { SESSION_COOKIE, Sessions } from "../lib/server/auth/session.ts";
import { hashPassword } from "../lib/server/auth/password.ts";
import { type Language, newUserRecord } from "../lib/shared/auth/types.ts";

/** `language`: the member's profile language (English unless given), so their pages' language. */
export async function signInCookie(
  kv: Deno.Kv,
  config: Config,
  language: Language = "en",
): Promise<string> {
  const suffix = language === "en" ? "" : `_${language}`;
  const result = await createUserWithInvitation(
    kv,
    newUserRecord({
      username: `page_weigher${suffix}`,
      email: `page-weigher${suffix}@example.test`,
      language,
      passwordHash: await hashPassword(crypto.randomUUID()),
      emailVerified: true,
      location: "Warsaw, Poland",
    }),
    null,
  );
  if (!result.ok) throw new Error(`could not create the member: ${result.reason}`);
  const sessions = await Sessions.create(kv, config);
  const session = await createSession(kv, result.user.id);
  return `${SESSION_COOKIE}=${await sessions.token(session)}`;
}
