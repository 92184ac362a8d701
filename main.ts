// Composition root: read config, open KV, make sure the browser assets are built, serve.
import { ConfigError, loadConfig } from "./lib/server/config.ts";
import { openKv } from "./kv/db.ts";
import { ensureBuilt } from "./lib/server/build/assets.ts";
import { createApp } from "./routes/app.tsx";
import { migrate } from "./lib/server/migrate.ts";
import { startJobs } from "./lib/server/jobs.ts";
import { createEmailSender } from "./lib/server/email/mod.ts";
import { Hub } from "./lib/server/realtime/hub.ts";
import { consoleSink as log, logger } from "./lib/shared/log.ts";
import { firstRunGuide, kvLabel } from "./lib/server/observe/first_run.ts";
import { stopOnSignals } from "./lib/server/runtime/shutdown.ts";

let config;
try {
  config = loadConfig(Deno.env.toObject());
} catch (err) {
  if (err instanceof ConfigError) {
    logger.error(err.message);
    Deno.exit(1);
  }
  throw err;
}

const kv = await openKv(config.kvPath);
// Production builds leave out the browser code's test-only hooks.
const assets = await ensureBuilt(
  (line) => log({ level: "info", msg: line }),
  config.env !== "production",
);
const hub = new Hub(kv, config);
await hub.start();
// One sender for the app and the queue listener that sends the app's mail.
const email = createEmailSender(kv, config);
await migrate(kv, config, log);
const app = await createApp({ config, kv, assets, hub, email, log });
startJobs(kv, email);

const server = Deno.serve({
  port: config.port,
  hostname: config.hostname,
  onListen: ({ port }) => {
    log({
      level: "info",
      msg: `Glimpse (${config.env}) on http://localhost:${port} — KV ${kvLabel(config.kvPath)}`,
      env: config.env,
      port,
    });
    for (const msg of firstRunGuide(config, email.name, port)) log({ level: "info", msg });
  },
}, app.fetch);

// SIGTERM (a deploy, a restart) or Ctrl-C: no new connections; the hub withdraws this instance;
// requests under way get a moment to finish (open sockets would hold shutdown() forever).
stopOnSignals({
  log,
  async stop() {
    // (A listener that is already gone has nothing to wait for.)
    const closed = server.shutdown().catch(() => {});
    await hub.stop();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
  },
});
