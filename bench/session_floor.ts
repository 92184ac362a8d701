// The floor under a member's API request in bench/http.ts: a server that does only what every
// signed-in request must (the session cookie's token checked, the session and the member read from
// KV, so that signing out, a ban or a deletion takes effect at once on every instance) and answers
// with the member as JSON; no middleware, no log. Run by bench/http.ts in a process of its own:
//   deno run -A bench/session_floor.ts PORT KV_PATH   (SESSION_SECRET from the environment)
import { loadConfig } from "../lib/server/config.ts";
import { openKv } from "../kv/db.ts";
import { SESSION_COOKIE, Sessions } from "../lib/server/auth/session.ts";

const [port, kvPath] = Deno.args;
const config = loadConfig({ ...Deno.env.toObject(), KV_PATH: kvPath });
const kv = await openKv(kvPath);
const sessions = await Sessions.create(kv, config);
const COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

Deno.serve({ port: Number(port), hostname: "127.0.0.1", onListen() {} }, async (req) => {
  const token = req.headers.get("cookie")?.match(COOKIE)?.[1];
  const found = await sessions.resolve(token);
  if (!found) return Response.json({ error: "Please sign in." }, { status: 401 });
  return Response.json({ id: found.user.id, username: found.user.username });
});
