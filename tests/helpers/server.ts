// Starts the real app on a free loopback port with an in-memory KV (or a given KV path).
import { loadConfig } from "../../lib/config.ts";
import type { Config } from "../../lib/config.ts";
import { openKv } from "../../kv/db.ts";
import { ensureBuilt } from "../../lib/build/assets.ts";
import { createApp } from "../../routes/app.tsx";
import { Hub } from "../../lib/realtime/hub.ts";

export interface TestServer {
  url: string;
  port: number;
  kv: Deno.Kv;
  config: Config;
  hub: Hub;
  close(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({
    APP_ENV: "test",
    KV_PATH: ":memory:",
    PORT: "0",
    RATE_LIMITS: "off",
    ICE_SERVERS: "[]",
    ...env,
  });
  const kv = await openKv(config.kvPath);
  const assets = await ensureBuilt();
  const hub = new Hub(kv, config);
  const app = await createApp({ config, kv, assets, hub });
  const ac = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen: () => {} },
    app.fetch,
  );
  const port = server.addr.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    kv,
    config,
    hub,
    async close() {
      await hub.stop();
      ac.abort();
      await server.finished;
      kv.close();
    },
  };
}

/** Runs `fn` against a fresh server, closing it whatever happens. */
export async function withServer(
  fn: (server: TestServer) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const server = await startServer(env);
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}
