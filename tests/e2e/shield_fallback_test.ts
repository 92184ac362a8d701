// The safety shield when it cannot or must not run, and what it sends, in a real Chromium (both
// fake cameras show astronaut.png; A is the viewer):
//  - With the model files or the classifier worker unreachable, the tile stays blurred with the
//    tap-to-show button, one "Safety shield:" warning is logged, the call goes on, and a tap
//    shows the video.
//  - With the shield off, nothing is blurred and the shield's files are never asked for.
//  - No frame leaves the page: no request or WebSocket frame the viewer sends is image-sized.
import assert from "node:assert/strict";
import type { Request } from "playwright-core";
import {
  blockOnA,
  expectRemoteVideoPlaying,
  setPrivacy,
  SHIELD_OFF,
  startPair,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";
import { readManifest } from "../../lib/server/build/assets.ts";
import { SHIELD_VERDICT_GRACE_MS } from "../../lib/client/shield/policy.ts";

import {
  expectBlurred,
  expectUnblurred,
  figures,
  fmtLog,
  fmtSnap,
  hookState,
  recorded,
  ShieldPair,
  shieldWarnings,
  TEST,
  tile,
  videoLook,
  waitView,
  withShieldPair,
} from "../helpers/shield.ts";
import { english } from "../helpers/english.ts";

/** The shield's files as the build's manifest names them. */
async function shieldFiles() {
  const manifest = await readManifest();
  assert.ok(manifest, "the build's manifest");
  return manifest.shield;
}

/**
 * With the check unavailable: the tile blurred with the tap-to-show button while the call goes
 * on, one "Safety shield:" warning, and a tap shows the video.
 */
async function expectUnavailable(p: ShieldPair) {
  const { a, b } = p;
  await startPair(a, b);
  await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "A");
  const button = tile(a).getByRole("button", {
    name: english("live.shield_unavailable"),
    exact: true,
  });
  await button.waitFor({ state: "visible", timeout: 5_000 });
  await expectBlurred(a, "unavailable");
  // It stays so (the grace for a verdict is long gone, and none will come).
  await sleep(2_000);
  await expectBlurred(a, "unavailable");
  const r = await recorded(a);
  console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
  assert.ok(
    r.log.every((s) => !s.frame || s.shielded),
    `every frame blurred:\n    ${fmtLog(r.log)}`,
  );
  assert.equal(r.worker.verdicts.length, 0, "no verdicts");
  const warnings = shieldWarnings(p.consoleA);
  assert.equal(warnings.length, 1, `one "Safety shield:" warning: ${warnings}`);
  console.log(`  ${warnings[0]}`);
  await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "A");
  await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "B");
  await button.click();
  await waitView(a, "shown", 5_000);
  await expectUnblurred(a, "shown");
  assert.equal(shieldWarnings(p.consoleA).length, 1, "still one warning");
  assert.deepEqual(p.errors, []);
}

Deno.test({
  ...TEST,
  name: "shield: with the model unreachable the video stays blurred until tapped; the call goes on",
  async fn() {
    const blocked: string[] = [];
    await withShieldPair(async (p) => {
      await expectUnavailable(p);
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.ok(
        blocked.some((u) => /^\/build\/models\/nsfw-mobilenet-v2-[^/]+\/model\.json$/.test(u)),
        `the classifier asked for the model: ${blocked}`,
      );
    }, blockOnA("**/build/models/nsfw-mobilenet-v2-*/**", blocked));
  },
});

Deno.test({
  ...TEST,
  name: "shield: with the classifier worker unreachable the video stays blurred until tapped",
  async fn() {
    const blocked: string[] = [];
    let classifier = "";
    await withShieldPair(async (p) => {
      await expectUnavailable(p);
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.deepEqual(blocked, [classifier], "A's page asked for the classifier worker");
    }, blockOnA(async () => `**${classifier = (await shieldFiles()).classifier}`, blocked));
  },
});

Deno.test({
  ...TEST,
  name: "shield: off in settings, nothing is blurred and the shield's files are never asked for",
  async fn() {
    const asked: string[] = [];
    await withShieldPair(async ({ a, b, errors, consoleA }) => {
      await startPair(a, b);
      await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "A");
      // Longer than the grace for a verdict: a shield that ran would have said something.
      await sleep(SHIELD_VERDICT_GRACE_MS + 1_000);
      const r = await recorded(a);
      console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
      const live = r.log.filter((s) => s.view !== "no-tile");
      assert.ok(live.some((s) => s.frame), `the partner's video had frames:\n    ${fmtLog(r.log)}`);
      for (const s of live) {
        assert.ok(
          s.view === null && !s.shielded && s.overlay === null,
          `no shield on the tile: ${fmtSnap(s)}`,
        );
      }
      assert.equal(await tile(a).getAttribute("data-shield"), null);
      assert.deepEqual(await videoLook(a), { shielded: false, filter: "none" });
      assert.equal((await hookState(a)).view, "off");
      assert.equal(r.worker.created, 0, "no classifier worker");
      const files = await shieldFiles();
      const modelDir = files.model.slice(0, files.model.lastIndexOf("/") + 1);
      const shieldAsked = asked.filter((u) =>
        u === files.classifier || u === files.wasm || u === files.wasmSimd ||
        u.startsWith(modelDir)
      );
      assert.deepEqual(shieldAsked, [], "none of the shield's files asked for");
      // The recorder did see the page's own files.
      assert.ok(asked.some((u) => u.startsWith("/build/")), `requests seen: ${asked}`);
      assert.deepEqual(shieldWarnings(consoleA), []);
      assert.deepEqual(errors, []);
    }, async ({ alice, ca }) => {
      await setPrivacy(alice, SHIELD_OFF);
      ca.on("request", (r) => asked.push(new URL(r.url()).pathname));
    });
  },
});

/**
 * The most a request body or a WebSocket frame of the viewer may carry. The app's own messages
 * (API JSON, ICE candidates, reactions) are far smaller; a frame of the partner's video is not:
 * even at the classifier's 224 × 224 it is 200 KB of pixels, and well over 4 KB as a JPEG or
 * PNG (a data: URL adds a third). The one bigger message is the WebRTC offer or answer (about
 * 6 KB of SDP): its SDP is checked line by line instead (see `withoutSdp`).
 */
const MAX_SENT_BYTES = 4 * 1024;
/** SDP lines (codecs, fingerprints, ICE candidates) are short; an image would not be. */
const MAX_SDP_LINE = 512;

/**
 * A WebSocket frame as sent, less the SDP of a signal carrying one, after checking that SDP is
 * only short `x=value` lines.
 */
function withoutSdp(text: string): string {
  let msg: { type?: string; signal?: { sdp?: unknown } };
  try {
    msg = JSON.parse(text);
  } catch {
    return text;
  }
  const sdp = msg.signal?.sdp;
  if (msg.type !== "signal" || typeof sdp !== "string") return text;
  const lines = sdp.split(/\r?\n/).filter((l) => l !== "");
  assert.match(lines[0] ?? "", /^v=0$/, "an SDP");
  for (const line of lines) {
    assert.ok(
      /^[a-z]=/.test(line) && line.length <= MAX_SDP_LINE,
      `an SDP line of ${line.length} characters: ${line.slice(0, 80)}`,
    );
  }
  return JSON.stringify({ ...msg, signal: { ...msg.signal, sdp: `(${lines.length} lines)` } });
}

interface Sent {
  what: string;
  bytes: number;
  text: string;
}

Deno.test({
  ...TEST,
  name: "shield: no frame leaves the viewer's page (requests and WebSocket frames stay small)",
  async fn() {
    const requests: Request[] = [];
    await withShieldPair(async ({ a, b, errors }) => {
      const frames: Sent[] = [];
      a.on("websocket", (ws) => {
        ws.on("framesent", (f) => {
          const text = typeof f.payload === "string" ? f.payload : f.payload.toString("latin1");
          const checked = withoutSdp(text);
          frames.push({
            what: `${ws.url()}: ${checked.slice(0, 60)}`,
            bytes: new TextEncoder().encode(checked).length,
            text,
          });
        });
      });
      await startPair(a, b);
      const f = await until(
        "three classifications of the partner's video",
        () => figures(a),
        (f) => f.classifyMs.length >= 3,
        30_000,
      );
      // A little longer with the shield running.
      await sleep(1_000);
      console.log(`  classifications: ${(await figures(a)).classifyMs.length}; ${f.backend}`);
      const sent: Sent[] = [...frames];
      for (const r of requests) {
        const headers = await r.allHeaders().catch(() => r.headers());
        const body = r.postDataBuffer();
        sent.push({
          what: `${r.method()} ${r.url()} (${headers["content-type"] ?? "no type"})`,
          bytes: body?.length ?? 0,
          text: `${r.url()} ${headers["content-type"] ?? ""} ${body?.toString("latin1") ?? ""}`,
        });
      }
      const biggest = [...sent].sort((x, y) => y.bytes - x.bytes).slice(0, 5);
      console.log(
        `  ${requests.length} requests, ${frames.length} WebSocket frames sent; biggest: ` +
          biggest.map((s) => `${s.bytes} B ${s.what.slice(0, 80)}`).join("; "),
      );
      // The recorder saw the classifier worker's own requests, and the page's signalling.
      const paths = requests.map((r) => new URL(r.url()).pathname);
      assert.ok(
        paths.some((p) =>
          /^\/build\/models\/nsfw-mobilenet-v2-[^/]+\/group1-shard1of1\.bin$/.test(p)
        ),
        `the worker's requests were seen: ${paths.join(", ")}`,
      );
      assert.ok(frames.length > 0, "WebSocket frames were seen");
      for (const s of sent) {
        assert.ok(s.bytes <= MAX_SENT_BYTES, `${s.bytes} bytes sent: ${s.what}`);
        assert.ok(!/data:image|blob:/i.test(s.text), `an image sent: ${s.what}`);
        assert.ok(!/content-type[^\n]*image\//i.test(s.what), `an image sent: ${s.what}`);
      }
      assert.deepEqual(errors, []);
    }, ({ ca }) => {
      ca.on("request", (r) => requests.push(r));
      return Promise.resolve();
    });
  },
});
