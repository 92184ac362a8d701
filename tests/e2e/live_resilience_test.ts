// A live call outlives its signalling socket: media goes peer to peer and needs no server, so a
// socket that drops (a phone switching from Wi-Fi to mobile data, a deploy, a crash) must not end
// the call. Real Chromium, two members live; the socket is cut from the page, or the server
// process is killed and started again on the same port and KV; the call goes on on the same peer
// connection (frames keep decoding on both sides), the socket comes back and resumes the match,
// and the session ends at its normal time with the normal summary.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Browser, BrowserContext } from "playwright-core";
import { freePort, type ProcessServer, startServerProcess } from "../helpers/server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import {
  closeQuietly,
  cutSocket,
  expectRemoteVideoPlaying,
  inbound,
  liveMember,
  memberContext,
  path,
  socketCount,
  startPair,
  waitForPath,
  withLivePair,
} from "../helpers/live_browser.ts";
import { sleep, until } from "../helpers/time.ts";

const MATCH_MS = 16_000;
/** Face blur and the safety shield off: this file is about the call's flow (see liveMember). */
const OFF = { privacy: "off" } as const;

/** Frames decoded so far on the page's peer connection, which must be its first and only one. */
async function sameCallFrames(page: Page, who: string): Promise<number> {
  const s = await inbound(page);
  assert.equal(s.pcs, 1, `${who}: the call kept its one peer connection`);
  assert.equal(s.state, "connected", `${who}: the peer connection is connected`);
  return s.framesDecoded;
}

/** Both pages' frames decoded so far on their one call. */
async function framesOf(a: Page, b: Page) {
  return { a: await sameCallFrames(a, "a"), b: await sameCallFrames(b, "b") };
}

/**
 * After `ms`, both pages are still in the call and have decoded more frames than `since`
 * (`when` names the circumstance in the messages).
 */
async function stillInCall(
  a: Page,
  b: Page,
  since: { a: number; b: number },
  ms: number,
  when = "",
) {
  await sleep(ms);
  for (const [p, who] of [[a, "a"], [b, "b"]] as const) {
    assert.equal(path(p), "/live-match", `${who} is still in the call${when}`);
    const frames = await sameCallFrames(p, who);
    assert.ok(frames > since[who], `${who} kept decoding${when}: ${since[who]} → ${frames}`);
  }
}

/** The call ends when it would have, with the summary, on both pages. */
async function endsOnTime(a: Page, b: Page) {
  await Promise.all([
    waitForPath(a, "/match-end", MATCH_MS + 5000),
    waitForPath(b, "/match-end", MATCH_MS + 5000),
  ]);
  for (const p of [a, b]) {
    await p.getByText("Continue Exploring").waitFor({ state: "visible", timeout: 5000 });
  }
}

Deno.test({
  name: "live resilience: a dropped socket does not end the call; it resumes and ends on time",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    await withLivePair({ MATCH_DURATION_MS: String(MATCH_MS) }, async ({ a, b, errors }) => {
      await startPair(a, b);
      await Promise.all([expectRemoteVideoPlaying(a), expectRemoteVideoPlaying(b)]);
      const before = await framesOf(a, b);
      const opened = (await socketCount(a)).opened;

      assert.equal(await cutSocket(a), 1, "a's socket was open and is cut");
      // The socket comes back by itself (a new one), and the match resumes on it.
      await until(
        "a's socket to reconnect",
        () => socketCount(a),
        (c) => c.opened > opened && c.open === 1,
        10_000,
      );
      await stillInCall(a, b, before, 2000);
      await endsOnTime(a, b);
      assert.deepEqual(errors, []);
    }, OFF);
  },
});

Deno.test({
  name:
    "live resilience: the server killed and started again mid-call; the call goes on, resumes and ends on time",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    const dir = await Deno.makeTempDir();
    const kvPath = `${dir}/glimpse.kv`;
    const port = freePort();
    const env = { MATCH_DURATION_MS: String(MATCH_MS) };
    let server: ProcessServer | null = null;
    let browser: Browser | null = null;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServerProcess(kvPath, port, env);
      browser = await launchBrowser();
      for (const m of [await liveMember(server, OFF), await liveMember(server, OFF)]) {
        contexts.push(await memberContext(browser, server, m));
      }
      const [a, b] = [await contexts[0].newPage(), await contexts[1].newPage()];
      const errors: string[] = [];
      for (const p of [a, b]) p.on("pageerror", (e) => errors.push(String(e)));
      await startPair(a, b);
      await Promise.all([expectRemoteVideoPlaying(a), expectRemoteVideoPlaying(b)]);
      const opened = { a: (await socketCount(a)).opened, b: (await socketCount(b)).opened };

      await server.kill();
      // Down: both sockets are gone, the call is not.
      await until(
        "both sockets to close",
        async () => [(await socketCount(a)).open, (await socketCount(b)).open],
        (o) => o[0] + o[1] === 0,
        5000,
      );
      await stillInCall(a, b, await framesOf(a, b), 1500, " with no server");

      server.kv.close();
      server = await startServerProcess(kvPath, port, env);
      for (const [p, who] of [[a, "a"], [b, "b"]] as const) {
        await until(
          `${who}'s socket to reconnect to the new server`,
          () => socketCount(p),
          (c) => c.opened > opened[who] && c.open === 1,
          15_000,
        );
      }
      await stillInCall(a, b, await framesOf(a, b), 2000);
      await endsOnTime(a, b);
      // The new server ended the match it resumed, on time.
      const ended = [];
      for await (
        const e of server.kv.list<{ status: string; endedReason?: string }>({ prefix: ["matches"] })
      ) {
        ended.push(e.value);
      }
      assert.deepEqual(ended.map((m) => [m.status, m.endedReason]), [["ended", "timeout"]]);
      assert.deepEqual(errors, []);
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser, server);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
