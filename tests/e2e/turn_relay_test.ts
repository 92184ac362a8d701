// Calls through a real TURN relay: coturn (started here on loopback, use-auth-secret) and a
// Glimpse server with ICE_TRANSPORT_POLICY=relay, TURN_URLS pointing at it and no STUN server.
// Two Chromium members are matched and see each other's video, and getStats shows the selected
// candidate pair is relay on both ends (over UDP, and over TCP with ?transport=tcp): the call
// went through the relay with the credentials Glimpse handed out, and neither page was given an
// address of the other device. With a secret coturn does not know, the relay refuses the
// credentials, nothing connects, both members are told the connection failed, and when the match
// runs out their summary says the call could not connect (not "Time's up"). When only one
// member's relay refuses them, both are told too.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  describeLive,
  expectRemoteVideoPlaying,
  startPair,
  waitForPath,
  waitLive,
  withLivePair,
} from "../helpers/live_browser.ts";
import { startTurn, type TurnServer } from "../helpers/turn.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";

const SECRET = "glimpse-relay-test-secret-0123456789";

interface RelayPath {
  policy: string;
  gathering: string;
  /** The selected pair's two ends: candidate types and the local end's relay protocol. */
  local: string;
  remote: string;
  relayProtocol: string;
  /** The candidate types this page gathered itself and received from the partner. */
  localTypes: string[];
  remoteTypes: string[];
}

/** The newest peer connection's configured policy and its selected candidate pair. */
async function relayPath(page: Page): Promise<RelayPath> {
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const pcs: RTCPeerConnection[] = (globalThis as any).__pcs ?? [];
    const pc = pcs[pcs.length - 1];
    // deno-lint-ignore no-explicit-any
    const byId = new Map<string, any>();
    (await pc.getStats()).forEach((s) => byId.set(s.id, s));
    const stats = [...byId.values()];
    const transport = stats.find((s) => s.type === "transport" && s.selectedCandidatePairId);
    const pair = transport ? byId.get(transport.selectedCandidatePairId) : undefined;
    const local = pair ? byId.get(pair.localCandidateId) : undefined;
    const remote = pair ? byId.get(pair.remoteCandidateId) : undefined;
    return {
      policy: String(pc.getConfiguration().iceTransportPolicy),
      gathering: pc.iceGatheringState,
      local: local?.candidateType ?? "none",
      remote: remote?.candidateType ?? "none",
      relayProtocol: local?.relayProtocol ?? "none",
      localTypes: stats.filter((s) => s.type === "local-candidate").map((s) => s.candidateType),
      remoteTypes: stats.filter((s) => s.type === "remote-candidate").map((s) => s.candidateType),
    };
  });
}

/**
 * The page reaches the live view, and the partner's tile says 'Failed to create connection'
 * within 15 s (a failure says where the page is).
 */
async function expectLinkFailed(p: Page, who: string) {
  await waitLive(p, ACTION_TIMEOUT_MS);
  const failure = p.locator(".tile-remote .tile-error[role=alert]");
  try {
    await failure.waitFor({ state: "visible", timeout: 15_000 });
  } catch (err) {
    throw new Error(`${who}: ${(err as Error).message}; ${await describeLive(p)}`);
  }
  assert.equal((await failure.innerText()).trim(), "Failed to create connection");
}

/** Starts coturn for `fn` and stops it (by its pid) afterwards, whatever happens. */
async function withTurn(fn: (turn: TurnServer) => Promise<void>) {
  const turn = await startTurn({ secret: SECRET, lifetimeS: 240 });
  try {
    await fn(turn);
  } catch (err) {
    const log = turn.log().split("\n").filter((l) => /error|401|403|session/i.test(l));
    throw new Error(`${(err as Error).message}\ncoturn said:\n${log.slice(-20).join("\n")}`);
  } finally {
    await turn.stop();
  }
}

const relayEnv = (urls: string, secret = SECRET) => ({
  ICE_SERVERS: "[]",
  TURN_URLS: urls,
  TURN_SECRET: secret,
  ICE_TRANSPORT_POLICY: "relay",
  MATCH_DURATION_MS: "60000",
});

/** Both members are matched, see each other's video, and the call runs relay to relay. */
async function callThroughRelay(turnUrls: string, protocol: "udp" | "tcp") {
  await withLivePair(relayEnv(turnUrls), async ({ a, b, errors }) => {
    const started = Date.now();
    await startPair(a, b);
    for (const [who, p] of [["A", a], ["B", b]] as const) {
      const { stats } = await expectRemoteVideoPlaying(p, ACTION_TIMEOUT_MS, who);
      assert.ok(stats.framesDecoded > 0, `${who}: ${JSON.stringify(stats)}`);
      assert.equal(stats.state, "connected", who);
    }
    console.log(`  video both ways through the ${protocol} relay in ${Date.now() - started} ms`);
    for (const [who, p] of [["A", a], ["B", b]] as const) {
      const path = await until(
        `${who}'s selected candidate pair`,
        () => relayPath(p),
        (r) => r.local !== "none",
        5_000,
      );
      const summary = JSON.stringify(path);
      assert.equal(path.policy, "relay", `${who}: ${summary}`);
      assert.deepEqual([path.local, path.remote], ["relay", "relay"], `${who}: ${summary}`);
      assert.equal(path.relayProtocol, protocol, `${who}: ${summary}`);
      // Relay only: this page offered no address of its own device, and got none of the
      // partner's (every candidate either side gathered is a relay on the TURN server).
      assert.ok(path.localTypes.length > 0, `${who}: ${summary}`);
      assert.deepEqual(
        [...new Set([...path.localTypes, ...path.remoteTypes])],
        ["relay"],
        `${who}: ${summary}`,
      );
    }
    assert.deepEqual(errors, [], "no page errors");
  }, { full: true, privacy: "off" });
}

Deno.test({
  name: "TURN relay: with relay only, two members see each other's video through coturn over UDP",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withTurn((turn) => callThroughRelay(turn.urls.udp, "udp"));
  },
});

Deno.test({
  name: "TURN relay: the same call through coturn over TCP (?transport=tcp)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withTurn((turn) => callThroughRelay(turn.urls.tcp, "tcp"));
  },
});

Deno.test({
  name: "TURN relay: credentials coturn refuses connect nothing, and both members are told so",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withTurn(async (turn) => {
      // A 20 s match: the failure is told well before it ends, then the summary says so.
      const env = {
        ...relayEnv(turn.urls.udp, "not-the-secret-coturn-knows-0123456789"),
        MATCH_DURATION_MS: "20000",
      };
      await withLivePair(env, async ({ a, b, errors }) => {
        const started = Date.now();
        await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
        for (const [who, p] of [["A", a], ["B", b]] as const) {
          // Matched, and the live view comes up without the partner's video: the partner's tile
          // says the connection failed, within the handshake time and well before the match ends.
          await expectLinkFailed(p, who);
          await p.locator(".badge-insecure", { hasText: "Unencrypted" }).waitFor();
          const path = await relayPath(p);
          assert.equal(path.policy, "relay", who);
          assert.deepEqual(path.localTypes, [], `${who}: no candidate, ${JSON.stringify(path)}`);
          assert.equal(path.local, "none", `${who}: no selected pair`);
          const state = await p.evaluate(() => {
            // deno-lint-ignore no-explicit-any
            const pcs: RTCPeerConnection[] = (globalThis as any).__pcs;
            return pcs[pcs.length - 1].connectionState;
          });
          assert.notEqual(state, "connected", who);
        }
        const waited = Date.now() - started;
        console.log(`  both told the connection failed ${waited} ms after opening /connecting`);
        assert.ok(waited < 20_000, `told before the match ended (took ${waited} ms)`);
        // coturn refused the credentials Glimpse handed out (it knows another secret).
        assert.match(turn.log(), /check_stun_auth: Cannot find credentials/);
        // When the match's time runs out, the summary does not call it a session that happened.
        for (const p of [a, b]) {
          await waitForPath(p, "/match-end", 30_000);
          await p.locator(".ended-reason", {
            hasText: "The call could not connect before the time ran out.",
          }).waitFor();
          assert.equal(await p.getByText("Global Explorer", { exact: true }).count(), 0);
        }
        assert.deepEqual(errors, [], "no page errors");
      }, { full: true, privacy: "off" });
    });
  },
});

/** Hands this context's peer connections TURN credentials the relay refuses. */
const WRONG_TURN_CREDENTIAL = `(() => {
  const Base = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Base {
    constructor(config, ...rest) {
      const iceServers = (config?.iceServers ?? []).map((s) => ({ ...s, credential: "wrong" }));
      super({ ...config, iceServers }, ...rest);
    }
  };
})();`;

Deno.test({
  name: "TURN relay: when one member's relay refuses them, both members are told at once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withTurn(async (turn) => {
      // A's relay refuses A (A gathers nothing); B's relay works (B gathers relay candidates,
      // with nobody to reach). B's side cannot tell from its own connection, which keeps
      // checking: B is told by A's end of gathering, with no candidate in it.
      const env = { ...relayEnv(turn.urls.udp), MATCH_DURATION_MS: "30000" };
      await withLivePair(env, async ({ a, b, errors }) => {
        const started = Date.now();
        await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
        for (const [who, p] of [["A", a], ["B", b]] as const) {
          await expectLinkFailed(p, who);
        }
        const waited = Date.now() - started;
        console.log(`  both told the connection failed ${waited} ms after opening /connecting`);
        const [pathA, pathB] = [await relayPath(a), await relayPath(b)];
        assert.deepEqual(pathA.localTypes, [], `A: no candidate, ${JSON.stringify(pathA)}`);
        assert.ok(
          pathB.localTypes.includes("relay"),
          `B: relay candidates, ${JSON.stringify(pathB)}`,
        );
        assert.deepEqual(errors, [], "no page errors");
      }, {
        full: true,
        privacy: "off",
        setup: async ({ ca }) => {
          await ca.addInitScript({ content: WRONG_TURN_CREDENTIAL });
        },
      });
    });
  },
});
