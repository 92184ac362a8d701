// Flip camera on /live-match, in Chromium with two fake cameras: one reports itself as the rear
// camera ("environment"), the other as the front one ("user"). A flip replaces the camera
// without renegotiation (the same offer/answer; with face blur the same sent track, its canvas;
// without, the sender's track replaced by the new camera), stops the old camera first, keeps the
// partner's video running, and both sides follow the facing: the partner's tile is mirrored (its
// data-pov says the camera faces the member; the label stays 'POV'), the member's own tile too.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  BLUR_OFF,
  captures,
  expectRemoteVideoPlaying,
  FACING_CAMERAS as FACING,
  inbound,
  setPrivacy,
  startPair,
  TWO_CAMERAS_ARGS,
  withCameraPage,
  withLivePair,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";

/** What A's page sends and says: its sender's track, its descriptions, its camera's label. */
async function aSide(a: Page) {
  return await a.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    const pc: RTCPeerConnection = g.__pcs[g.__pcs.length - 1];
    const sender = pc.getSenders().find((s) => s.track?.kind === "video");
    const cameras: MediaStreamTrack[] = g.__cameras;
    return {
      pcs: g.__pcs.length as number,
      sent: sender?.track?.id ?? null,
      local: pc.localDescription?.sdp ?? "",
      remote: pc.remoteDescription?.sdp ?? "",
      signaling: pc.signalingState,
      cameras: cameras.map((t) => `${t.label}:${t.readyState}`),
      live: cameras.find((t) => t.readyState === "live")?.id ?? null,
    };
  });
}

for (const blur of [true, false]) {
  Deno.test({
    name: `flip camera (face blur ${blur ? "on" : "off"}): rear → front without renegotiation, ` +
      "the old camera stopped, both sides follow",
    sanitizeResources: false,
    sanitizeOps: false,
    fn: () => flipTest(blur),
  });
}

async function flipTest(blur: boolean) {
  await withLivePair({ MATCH_DURATION_MS: "60000" }, async ({ a, b, errors }) => {
    await startPair(a, b);
    await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "B");
    const flip = a.getByRole("button", { name: "Flip camera" });
    await flip.waitFor({ state: "visible", timeout: 10_000 });
    // A films away from themselves: a POV, not mirrored, on both pages.
    await b.locator('.tile-remote[data-pov="true"]').waitFor({ timeout: 10_000 });
    assert.equal(await b.locator(".tile-remote .tile-label").innerText(), "POV");
    assert.equal(await a.locator(".tile-local video.mirrored").count(), 0);
    const before = await aSide(a);
    assert.deepEqual(before.cameras, ["fake_device_0:live"]);
    const decodedBefore = (await inbound(b)).framesDecoded;

    await flip.click();
    await b.locator('.tile-remote[data-pov="false"]').waitFor({ timeout: 10_000 });
    await b.locator(".tile-remote video.mirrored").waitFor({ timeout: 5_000 });
    await a.locator(".tile-local video.mirrored").waitFor({ timeout: 5_000 });
    const after = await aSide(a);
    console.log(`  cameras on A: ${after.cameras.join(", ")}`);
    assert.deepEqual(after.cameras, ["fake_device_0:ended", "fake_device_2:live"]);
    assert.equal(after.pcs, before.pcs, "no new peer connection");
    if (blur) assert.equal(after.sent, before.sent, "the sent track is face blur's, unchanged");
    else assert.equal(after.sent, after.live, "the sender sends the new camera (replaceTrack)");
    assert.equal(after.local, before.local, "no new offer or answer");
    assert.equal(after.remote, before.remote, "no new offer or answer");
    assert.equal(after.signaling, "stable");
    // The partner's video keeps coming: frames decoded go on rising after the flip (a stalled
    // sender decodes none; a loaded machine's face blur sends fewer a second, so this waits for
    // five more frames rather than counting a fixed time's).
    const decodedAt = (await inbound(b)).framesDecoded;
    const flipped = Date.now();
    const decodedLater = await until(
      "B to decode 5 more frames after the flip",
      async () => (await inbound(b)).framesDecoded,
      (n) => n - decodedAt >= 5,
      15_000,
    );
    console.log(
      `  B decoded ${decodedAt - decodedBefore} frames across the flip, then ` +
        `${decodedLater - decodedAt} in ${Date.now() - flipped} ms`,
    );
    // Nothing left running: the old camera is stopped, the new one is in use.
    const c = await captures(a);
    assert.deepEqual(c.orphans, [], JSON.stringify(c));
    // And back again: the rear camera, a POV on B's page.
    await until("the flip button to be ready", () => flip.isEnabled(), (on) => on, 5_000);
    await flip.click();
    await b.locator('.tile-remote[data-pov="true"]').waitFor({ timeout: 10_000 });
    assert.equal(await b.locator(".tile-remote .tile-label").innerText(), "POV");
    assert.equal(await a.locator(".tile-local video.mirrored").count(), 0);
    assert.deepEqual(errors, []);
  }, {
    args: TWO_CAMERAS_ARGS,
    setup: async ({ alice, ca, cb }) => {
      if (!blur) await setPrivacy(alice, BLUR_OFF);
      await ca.addInitScript({ content: FACING });
      await cb.addInitScript({ content: FACING });
    },
  });
}

/** The /camera page's preview and clip, and the cameras it opened. */
async function recorderState(page: Page) {
  return await page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const cameras: MediaStreamTrack[] = (globalThis as any).__cameras;
    const preview = document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]');
    const clip = document.querySelector<HTMLVideoElement>('video[aria-label="Your clip"]');
    return {
      cameras: cameras.map((t) => `${t.label}:${t.readyState}`),
      mirrored: preview?.classList.contains("mirrored") ?? null,
      clip: clip ? { ready: clip.readyState, duration: clip.duration } : null,
    };
  });
}

for (const blur of [true, false]) {
  Deno.test({
    name: `flip camera on /camera (face blur ${blur ? "on" : "off"}): ` +
      (blur ? "a recording goes on across the flip" : "the flip waits for the recording to stop"),
    sanitizeResources: false,
    sanitizeOps: false,
    sanitizeExit: false,
    async fn() {
      await withCameraPage({
        path: "/camera",
        island: "ClipRecorder",
        blur,
        args: TWO_CAMERAS_ARGS,
        setup: async (context) => {
          await context.addInitScript({ content: FACING });
        },
      }, async ({ page }) => {
        const flip = page.getByRole("button", { name: "Flip camera" });
        await flip.waitFor({ state: "visible", timeout: 15_000 });
        await until("the flip to be ready", () => flip.isEnabled(), (on) => on, 10_000);
        assert.equal((await recorderState(page)).mirrored, false, "the rear camera: not mirrored");
        await page.getByRole("button", { name: "Record", exact: true }).click();
        await page.getByRole("button", { name: "Stop", exact: true }).waitFor({ timeout: 5_000 });
        await sleep(1_000);
        if (!blur) {
          assert.equal(await flip.isDisabled(), true, "no flip while recording without blur");
          await page.getByRole("button", { name: "Stop", exact: true }).click();
          await page.getByRole("button", { name: "Record Another" }).click();
          await until("the flip to be ready", () => flip.isEnabled(), (on) => on, 10_000);
          await flip.click();
          const after = await until(
            "the front camera",
            () => recorderState(page),
            (r) => r.mirrored === true,
            10_000,
          );
          assert.deepEqual(after.cameras, ["fake_device_0:ended", "fake_device_2:live"]);
          return;
        }
        await flip.click();
        const after = await until(
          "the front camera, mirrored",
          () => recorderState(page),
          (r) => r.mirrored === true,
          10_000,
        );
        assert.deepEqual(after.cameras, ["fake_device_0:ended", "fake_device_2:live"]);
        await sleep(1_500);
        // One recording across both cameras: MediaRecorder did not stop at the flip.
        assert.equal(await page.locator(".recorder").getAttribute("data-state"), "recording");
        await page.getByRole("button", { name: "Stop", exact: true }).click();
        const done = await until(
          "the clip",
          () => recorderState(page),
          (r) => r.clip !== null && r.clip.ready >= 1,
          10_000,
        );
        console.log(`  clip across the flip: ${JSON.stringify(done.clip)}`);
      });
    },
  });
}
