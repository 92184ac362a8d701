// "Hide my IP address from partners" in a real call through a real TURN relay (coturn on loopback,
// started here; the site's ICE_TRANSPORT_POLICY stays "all"). Alice never touched the switch (on
// by default), Bob turned it off. Alice's browser gathers relay candidates only: every candidate
// Bob's page receives, alone or inside Alice's offer or answer, is `typ relay` on the relay's
// address, and the call connects both ways. Bob's side is as before: Alice receives his own
// device's candidates. On /profile the switch is shown on (Alice) and off (Bob).
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  expectRemoteVideoPlaying,
  startPair,
  waitForHydration,
  withLivePair,
} from "../helpers/live_browser.ts";
import { startTurn } from "../helpers/turn.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";

const SECRET = "glimpse-hide-ip-test-secret-0123456789";

/** Every remote candidate the page's peer connections are handed, alone or in an SDP. */
const RECORD_REMOTE_CANDIDATES = `(() => {
  window.__remoteCandidates = [];
  const proto = RTCPeerConnection.prototype;
  const addIceCandidate = proto.addIceCandidate;
  proto.addIceCandidate = function (c, ...rest) {
    if (c && c.candidate) window.__remoteCandidates.push(c.candidate);
    return addIceCandidate.call(this, c, ...rest);
  };
  const setRemoteDescription = proto.setRemoteDescription;
  proto.setRemoteDescription = function (d, ...rest) {
    for (const line of ((d && d.sdp) || "").split(/\\r?\\n/)) {
      if (line.startsWith("a=candidate:")) window.__remoteCandidates.push(line.slice(2));
    }
    return setRemoteDescription.call(this, d, ...rest);
  };
})();`;

interface Seen {
  policy: string;
  received: string[];
  selectedRemote: string;
}

async function seen(page: Page): Promise<Seen> {
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    const pc: RTCPeerConnection = g.__pcs[g.__pcs.length - 1];
    // deno-lint-ignore no-explicit-any
    const byId = new Map<string, any>();
    (await pc.getStats()).forEach((s) => byId.set(s.id, s));
    const transport = [...byId.values()].find((s) => s.type === "transport");
    const pair = byId.get(transport?.selectedCandidatePairId);
    return {
      policy: String(pc.getConfiguration().iceTransportPolicy),
      received: [...(g.__remoteCandidates ?? [])],
      selectedRemote: byId.get(pair?.remoteCandidateId)?.candidateType ?? "none",
    };
  });
}

/** A candidate's address and type. */
function parts(candidate: string): { address: string; type: string } {
  const f = candidate.split(" ");
  return { address: f[4], type: f[7] };
}

async function switchShown(page: Page): Promise<{ checked: string | null; help: string }> {
  await page.goto("/profile");
  await waitForHydration(page, "ProfilePage");
  await page.getByRole("tab", { name: "Privacy" }).click();
  const sw = page.getByRole("switch", { name: english("profile.hideIp") });
  return {
    checked: await sw.getAttribute("aria-checked"),
    help: await page.locator("#help-hideIpAddress").innerText(),
  };
}

Deno.test({
  name: "hide IP: with the switch on, every candidate the partner receives is a relay, and the " +
    "call connects",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const turn = await startTurn({ secret: SECRET, lifetimeS: 200 });
    try {
      const env = {
        ICE_SERVERS: "[]",
        TURN_URLS: turn.urls.udp,
        TURN_SECRET: SECRET,
        MATCH_DURATION_MS: "60000",
      };
      await withLivePair(env, async ({ a, b, errors }) => {
        const alice = await switchShown(a), bob = await switchShown(b);
        assert.deepEqual([alice.checked, bob.checked], ["true", "false"]);
        assert.equal(alice.help, english("profile.hideIpHelp"));

        const started = Date.now();
        await startPair(a, b);
        for (const [who, p] of [["Alice", a], ["Bob", b]] as const) {
          const { stats } = await expectRemoteVideoPlaying(p, ACTION_TIMEOUT_MS, who);
          assert.equal(stats.state, "connected", who);
        }
        console.log(`  video both ways in ${Date.now() - started} ms (Alice relayed)`);

        const [onA, onB] = [await seen(a), await seen(b)];
        assert.equal(onA.policy, "relay", "Alice's side gathers relay candidates only");
        assert.equal(onB.policy, "all", "Bob's side is as before");
        // Bob's page was handed Alice's relay candidates only, on the relay's address.
        assert.ok(onB.received.length > 0, JSON.stringify(onB));
        for (const c of onB.received) {
          assert.deepEqual(parts(c), { address: "127.0.0.1", type: "relay" }, c);
        }
        assert.equal(onB.selectedRemote, "relay", JSON.stringify(onB));
        // Alice's page got Bob's own device's candidates: the switch is Alice's alone.
        assert.ok(
          onA.received.some((c) => parts(c).type === "host"),
          `Alice received ${JSON.stringify(onA.received)}`,
        );
        assert.deepEqual(errors, [], "no page errors");
      }, {
        full: true,
        privacy: "off",
        setup: async ({ ca, cb, bob }) => {
          for (const c of [ca, cb]) await c.addInitScript({ content: RECORD_REMOTE_CANDIDATES });
          const res = await bob.client.patch("/api/user/profile", { hideIpAddress: false });
          assert.equal(res.status, 200, res.text);
        },
      });
    } finally {
      await turn.stop();
    }
  },
});

Deno.test({
  name: "hide IP: without a relay the switch is unavailable, says why, and calls connect as before",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withLivePair({ MATCH_DURATION_MS: "60000" }, async ({ a, b, errors }) => {
      await a.goto("/profile");
      await waitForHydration(a, "ProfilePage");
      await a.getByRole("tab", { name: "Privacy" }).click();
      const sw = a.getByRole("switch", { name: english("profile.hideIp") });
      assert.equal(await sw.isDisabled(), true);
      assert.equal(await sw.getAttribute("aria-checked"), "false");
      assert.equal(
        await a.locator("#help-hideIpAddress").innerText(),
        english("profile.hideIpUnavailable"),
      );

      await startPair(a, b);
      for (const [who, p] of [["Alice", a], ["Bob", b]] as const) {
        await expectRemoteVideoPlaying(p, ACTION_TIMEOUT_MS, who);
        assert.equal((await seen(p)).policy, "all", who);
      }
      assert.deepEqual(errors, [], "no page errors");
    }, { full: true, privacy: "off" });
  },
});
