// One Glimpse server instance inside a Deno Worker: several of these on one KV file behave like
// several server processes sharing one KV (watch events reach every handle in the process).
/// <reference lib="deno.worker" />
import { loadConfig } from "../../lib/server/config.ts";
import { testPasswordIterations } from "./server.ts";
import { openKv } from "../../kv/db.ts";
import { withLatency } from "../../kv/latency.ts";
import { readManifest } from "../../lib/server/build/assets.ts";
import { createApp } from "../../routes/app.tsx";
import { migrate } from "../../lib/server/migrate.ts";
import { consoleSink } from "../../lib/shared/log.ts";
import { Hub } from "../../lib/server/realtime/hub.ts";

let stop: (() => Promise<void>) | null = null;

self.onmessage = async (e: MessageEvent) => {
  if (e.data.type === "start") {
    // The port first, so that the configuration names the port the instance really has.
    let handler: Deno.ServeHandler = () => new Response("starting", { status: 503 });
    const ac = new AbortController();
    const server = Deno.serve(
      { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen: () => {} },
      (req, info) => handler(req, info),
    );
    const config = loadConfig({
      APP_ENV: "test",
      RATE_LIMITS: "off",
      ICE_SERVERS: "[]",
      ...testPasswordIterations(e.data.env),
      ...e.data.env,
      HOSTNAME: "127.0.0.1",
      PORT: String(server.addr.port),
    });
    // A bench's stand-in for a KV far away (bench/realtime.ts --kv-latency): every round trip
    // of this instance waits that long.
    const kv = withLatency(await openKv(config.kvPath), Number(e.data.env.KV_LATENCY_MS ?? 0));
    const assets = (await readManifest())!;
    const hub = new Hub(kv, config);
    await hub.start();
    await migrate(kv, config, consoleSink);
    const app = await createApp({ config, kv, assets, hub });
    handler = app.fetch;
    stop = async () => {
      await hub.stop();
      ac.abort();
      await server.finished;
      kv.close();
    };
    self.postMessage({ type: "started", port: server.addr.port, instanceId: hub.instanceId });
  } else if (e.data.type === "stop") {
    await stop?.();
    self.postMessage({ type: "stopped" });
  }
};
