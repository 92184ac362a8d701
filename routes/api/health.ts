// /healthz: one real KV round trip; 503 with the reason when it fails (a report, not an error).
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { kvRoundTrip } from "../../kv/db.ts";

export function healthApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get("/healthz", async (c) => {
    try {
      if (await kvRoundTrip(deps.kv)) return c.json({ ok: true, kv: "ok" });
      return c.json({ ok: false, kv: "mismatch" }, 503);
    } catch (err) {
      return c.json({ ok: false, kv: err instanceof Error ? err.message : "error" }, 503);
    }
  });
  return app;
}
