// /test-chat's network check against a real TURN server on loopback (coturn, started here): with
// the server's secret the page gathers a relay candidate and says calls should connect through
// strict NATs; with a wrong secret no relay answers and the page says calls may fail, or, on a
// site that sends every call through its relay (ICE_TRANSPORT_POLICY=relay), that they cannot
// connect. A member who hides their IP address (the default) is told their calls go through the
// relay, what that costs, and that without the relay they cannot connect.
import { english } from "../helpers/english.ts";
import LIVE from "../../lib/shared/i18n/catalog/live/en.ts";
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
import { startTurn } from "../helpers/turn.ts";
import { until } from "../helpers/time.ts";

const SECRET = "glimpse-test-turn-secret";

async function networkRow(page: Page) {
  const row = page.locator('li.check-row[data-check="Network"]');
  return await until(
    "the network check to finish",
    async () => ({ state: await row.getAttribute("data-state"), text: await row.innerText() }),
    (r) => r.state !== "pending",
    20_000,
  );
}

async function checkWith(secret: string, env: Record<string, string> = {}) {
  const turn = await startTurn({ secret: SECRET });
  const server = await startServer({
    ICE_SERVERS: "[]",
    TURN_URLS: turn.urls.udp,
    TURN_SECRET: secret,
    ...env,
  });
  const browser = await launchBrowser({ full: true });
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
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith(SECRET, { HIDE_IP_DEFAULT: "false" });
    assert.equal(row.state, "ok", row.text);
    assert.match(
      row.text,
      /A relay server answered: calls should connect even through strict NATs/,
    );
  },
});

Deno.test({
  name: "test-chat network: a TURN server refusing the credentials gives no relay, and says so",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith("not-the-server-secret", { HIDE_IP_DEFAULT: "false" });
    assert.equal(row.state, "warn", row.text);
    assert.match(row.text, /calls may only connect on this network/);
  },
});

Deno.test({
  name: "test-chat network: relay only and the relay refuses the credentials: calls cannot connect",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith("not-the-server-secret", { ICE_TRANSPORT_POLICY: "relay" });
    assert.equal(row.state, "failed", row.text);
    assert.match(row.text, /No relay server reachable: calls cannot connect/);
    // The diagnosis a call's page would give: the relay answered, and refused.
    assert.ok(row.text.includes(LIVE.whyRelayRefused), row.text);
  },
});

Deno.test({
  name: "test-chat network: hiding the IP address, a reachable relay says calls go through it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith(SECRET);
    assert.equal(row.state, "ok", row.text);
    assert.ok(row.text.includes(english("profile.hideIpNetworkHidden")), row.text);
  },
});

Deno.test({
  name: "test-chat network: hiding the IP address and no relay answers: calls cannot connect",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const row = await checkWith("not-the-server-secret");
    assert.equal(row.state, "failed", row.text);
    assert.ok(row.text.includes(english("profile.hideIpNetworkUnreachable")), row.text);
    assert.ok(row.text.includes(LIVE.whyRelayRefused), row.text);
  },
});
