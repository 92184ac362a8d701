// `deno task invite [n]`: prints n fresh invitation codes (default 1) from the KV at KV_PATH.
import { loadConfig } from "../lib/server/config.ts";
import { openKv } from "../kv/db.ts";
import { createInvitations } from "../kv/users.ts";

const n = Number(Deno.args[0] ?? "1");
if (!Number.isInteger(n) || n < 1 || n > 1000) {
  console.error("Usage: deno task invite [n]   (n from 1 to 1000)");
  Deno.exit(2);
}
const config = loadConfig(Deno.env.toObject());
const kv = await openKv(config.kvPath);
for (const code of await createInvitations(kv, null, n)) console.log(code);
kv.close();
