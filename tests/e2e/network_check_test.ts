// /test-chat's network check against a real TURN server on loopback (coturn, started here): with
// the server's secret the page gathers a relay candidate and says calls should connect through
// strict NATs; with a wrong secret no relay answers and the page says calls may fail.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";
import {
  closeQuietly,
  liveMember,
  memberContext,
  waitForHydration,
} from "../helpers/live_browser.ts";
import { sleep, until } from "../helpers/time.ts";

const SECRET = "glimpse-test-turn-secret";

function turnserverPath(): string | null {
  for (const path of ["/usr/bin/turnserver", "/usr/sbin/turnserver"]) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // next
    }
  }
  return null;
}

const TURNSERVER = turnserverPath();

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** coturn on 127.0.0.1 with time-limited credentials (the TURN REST scheme the app uses). */
async function startTurn(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = freePort();
  const dir = await Deno.makeTempDir({ prefix: "glimpse_turn_" });
  const child = new Deno.Command(TURNSERVER!, {
    args: [
      "-n",
      "--listening-ip=127.0.0.1",
      "--relay-ip=127.0.0.1",
      `--listening-port=${port}`,
      "--realm=glimpse.test",
      "--use-auth-secret",
      `--static-auth-secret=${SECRET}`,
      "--fingerprint",
      "--no-tls",
      "--no-dtls",
      "--no-cli",
      "--min-port=49160",
      "--max-port=49200",
      `--userdb=${dir}/turndb`,
      "--log-file=stdout",
      "--simple-log",
    ],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Ready once it listens.
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    port,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // gone
      }
      await child.output().catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

async function networkRow(page: Page) {
  const row = page.locator('li.check-row[data-check="Network"]');
  return await until(
    "the network check to finish",
    async () => ({ state: await row.getAttribute("data-state"), text: await row.innerText() }),
    (r) => r.state !== "pending",
    20_000,
  );
}

async function checkWith(secret: string) {
  const turn = await startTurn();
  const server = await startServer({
    ICE_SERVERS: "[]",
    TURN_URLS: `turn:127.0.0.1:${turn.port}?transport=udp`,
    TURN_SECRET: secret,
  });
  const browser = await launchBrowser();
  try {
    const member = await liveMember(server);
    const context = await memberContext(browser, server, member);
    const page = await context.newPage();
    await page.goto("/test-chat");
    await waitForHydration(page, "ConnectionCheck");
    return await networkRow(page);
  } finally {
    await closeQuietly(browser, server);
    await turn.stop();
  }
}

Deno.test({
  name: "test-chat network: a reachable TURN relay says calls connect through strict NATs",
  ignore: TURNSERVER === null,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith(SECRET);
    assert.equal(row.state, "ok", row.text);
    assert.match(
      row.text,
      /A relay server answered: calls should connect even through strict NATs/,
    );
  },
});

Deno.test({
  name: "test-chat network: a TURN server refusing the credentials gives no relay, and says so",
  ignore: TURNSERVER === null,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith("not-the-server-secret");
    assert.equal(row.state, "warn", row.text);
    assert.match(row.text, /calls may only connect on this network/);
  },
});

if (TURNSERVER === null) {
  console.warn("network_check_test: coturn's turnserver not found (apt-get install -y coturn)");
}
