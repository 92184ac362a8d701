// The safety shield in a real Chromium, as the viewer (A) sees the partner's (B's) video; both
// fake cameras show astronaut.png.
//  - The partner's tile starts blurred ("Checking video…") and is unblurred after two real
//    verdicts of the classifier (nsfwjs on tfjs wasm), which finds the fixture safe, the first
//    within the shield's 3 s grace (never 'unavailable' on the way); the partner's audio plays
//    while the video is blurred. B stands in for another device (see withShieldPair).
//  - A classifier that is late (its model held back until the tile says so): 'unavailable' once
//    the grace time is over, still blurred, and clear as soon as its safe verdicts arrive.
//  - An unsafe verdict (fed through the test hook) re-blurs at once with the nudity warning; it
//    is sticky; End & Report opens the report dialog with 'Inappropriate Content' chosen, and
//    sending it ends the session.
//  - Show anyway shows the video for this session only: the next partner starts blurred again.
// The tools (A's recorder of its tile and worker verdicts) are in tests/helpers/shield.ts; the
// fallbacks, the setting and privacy are in shield_fallback_test.ts.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  expectRemoteVideoPlaying,
  path,
  startPair,
  waitForPath,
  waitLive,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";

import {
  expectBlurred,
  expectCheckedThenClear,
  expectSafe,
  expectUnblurred,
  figures,
  fmtLog,
  fmtSnap,
  hookState,
  recorded,
  SAFE,
  shieldWarnings,
  TEST,
  UNSAFE,
  verdict,
  waitView,
  withShieldPair,
} from "../helpers/shield.ts";
import { english } from "../helpers/english.ts";

Deno.test({
  ...TEST,
  name: "shield: the partner's video starts blurred and is unblurred by safe verdicts",
  async fn() {
    await withShieldPair(async ({ a, b, errors, consoleA }) => {
      await startPair(a, b);
      await waitView(a, "clear", 20_000);
      const r = await recorded(a);
      console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
      const delay = expectCheckedThenClear(r, 1);
      console.log(`  unblurred ${delay.toFixed(0)} ms after the first frame`);
      // The partner's audio plays while the video is blurred.
      const blurredWithFrame = r.log.filter((s) => s.stream === 1 && s.frame && s.shielded);
      for (const s of blurredWithFrame) {
        assert.ok(!s.muted && s.audio >= 1, `audio on while blurred: ${JSON.stringify(s)}`);
      }
      await expectUnblurred(a, "clear");
      // The classifier's own verdict on the fixture, on WebAssembly.
      const f = await figures(a);
      console.log(`  figures: ${JSON.stringify(f)}`);
      expectSafe(f.scores);
      assert.equal(f.backend, "wasm");
      assert.equal(r.worker.ready?.backend, "wasm");
      assert.deepEqual(shieldWarnings(consoleA), []);
      await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "A");
      assert.deepEqual(errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name:
    "shield: a late classifier: 'unavailable' after the grace time, cleared by its safe verdicts",
  async fn() {
    let release = () => {};
    const held = new Promise<void>((resolve) => release = resolve);
    const asked: string[] = [];
    await withShieldPair(async ({ a, b, errors }) => {
      try {
        await startPair(a, b);
        await waitView(a, "unavailable", 20_000);
        await expectBlurred(a, "unavailable");
      } finally {
        release();
      }
      await waitView(a, "clear", 30_000);
      const r = await recorded(a);
      console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
      assert.ok(asked.length > 0, "the model was asked for");
      assert.ok(r.log.some((s) => s.view === "unavailable"), "'unavailable' on the way");
      // The order, the blur until then, and the clear within a second of the safe verdicts.
      expectCheckedThenClear(r, 1);
      await expectUnblurred(a, "clear");
      assert.deepEqual(errors, []);
    }, async ({ ca }) => {
      await ca.route("**/build/models/nsfw-mobilenet-v2-*/model.json", async (route) => {
        asked.push(route.request().url());
        await held;
        await route.continue();
      });
    });
  },
});

/** How soon a verdict shows on the tile ("at once": the next render, on a busy 2-core machine). */
const RENDER_WITHIN_MS = 500;

/**
 * Feeds an unsafe verdict to a clear tile: blurred at once, with the warning and its buttons.
 * Returns the warning.
 */
async function makeUnsafe(a: Page) {
  await waitView(a, "clear", 20_000);
  const fedAt = await verdict(a, UNSAFE);
  const log = await waitView(a, "unsafe", 5_000);
  const unsafe = log.find((s) => s.view === "unsafe" && s.at >= fedAt)!;
  assert.ok(unsafe.shielded, `blurred with the warning: ${fmtSnap(unsafe)}`);
  assert.ok(
    unsafe.at - fedAt <= RENDER_WITHIN_MS,
    `re-blurred ${(unsafe.at - fedAt).toFixed(0)} ms after the verdict`,
  );
  await expectBlurred(a, "unsafe");
  const warning = a.getByRole("alertdialog", { name: english("live.shield_unsafe") });
  await warning.waitFor({ state: "visible", timeout: 5_000 });
  for (const name of [english("live.shield_endReport"), english("live.shield_showAnyway")]) {
    await warning.getByRole("button", { name, exact: true }).waitFor({ state: "visible" });
  }
  return warning;
}

/** `n` more real verdicts from A's classifier. */
async function moreVerdicts(a: Page, n: number) {
  const before = (await recorded(a)).worker.verdicts.length;
  await until(
    `${n} more verdicts`,
    async () => (await recorded(a)).worker.verdicts.length,
    (count) => count >= before + n,
    15_000,
    100,
  );
}

Deno.test({
  ...TEST,
  name: "shield: an unsafe verdict re-blurs with the warning until End & Report ends the session",
  async fn() {
    await withShieldPair(async ({ a, b, errors, server }) => {
      await startPair(a, b);
      const warning = await makeUnsafe(a);
      // Sticky: safe verdicts, fed and real (the classifier goes on checking), do not lift it.
      for (let i = 0; i < 3; i++) await verdict(a, SAFE);
      await moreVerdicts(a, 3);
      await expectBlurred(a, "unsafe");
      assert.ok((await hookState(a)).safeRun >= 3, "the safe verdicts were counted");
      assert.ok(await warning.isVisible(), "the warning stays");
      // End & Report: the report dialog with 'Inappropriate Content' chosen; Cancel goes back.
      const dialog = a.getByRole("dialog", { name: "Report this user" });
      await warning.getByRole("button", { name: english("live.shield_endReport") }).click();
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Inappropriate Content").isChecked(), true);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await expectBlurred(a, "unsafe");
      await warning.waitFor({ state: "visible" });
      await warning.getByRole("button", { name: english("live.shield_endReport") }).click();
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Inappropriate Content").isChecked(), true);
      assert.equal(path(a), "/live-match", "the dialog keeps the session until it is sent");
      await dialog.getByRole("button", { name: "Submit report" }).click();
      // The reporter lands on the summary, which says the report was sent; the partner's side
      // ends.
      await waitForPath(a, "/match-end");
      await a.locator(".ended-reason", { hasText: /^Report sent\./ }).waitFor();
      await waitForPath(b, "/match-end");
      const reports: string[] = [];
      for await (const e of server.kv.list({ prefix: ["reports"] })) {
        reports.push(JSON.stringify(e.value));
      }
      assert.ok(
        reports.some((r) => r.includes('"reportReason":"inappropriate"')),
        `an 'inappropriate' report is stored: ${reports}`,
      );
      assert.deepEqual(errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name: "shield: Show anyway lasts for the session; the next partner starts blurred again",
  async fn(t) {
    await withShieldPair(
      async ({ a, b, errors }) => {
        await startPair(a, b);
        await t.step("Show anyway shows the video despite further unsafe verdicts", async () => {
          const warning = await makeUnsafe(a);
          await warning.getByRole("button", { name: english("live.shield_showAnyway") }).click();
          await waitView(a, "shown", 5_000);
          await expectUnblurred(a, "shown");
          await verdict(a, UNSAFE);
          await sleep(600);
          assert.equal((await hookState(a)).view, "shown");
          await expectUnblurred(a, "shown");
        });
        await t.step(
          "Next, and the same two meet again: checked from the first frame",
          async () => {
            await a.getByRole("button", { name: "Next", exact: true }).click();
            await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
            await waitForPath(b, "/match-end");
            await b.goto("/connecting");
            await Promise.all([waitLive(a, 30_000), waitLive(b, 30_000)]);
            // A's page never reloaded: its second partner stream is stream 2 in its log.
            const { log } = await until(
              "the next partner's first frame on A",
              () => recorded(a),
              (r) => r.log.some((s) => s.stream === 2 && s.frame),
              20_000,
              100,
            );
            const first = log.find((s) => s.stream === 2 && s.frame)!;
            assert.ok(
              first.shielded && first.view === "checking",
              `the next partner's first frame is checked:\n    ${fmtLog(log)}`,
            );
            await waitView(a, "clear", 20_000);
            const r = await recorded(a);
            console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
            const delay = expectCheckedThenClear(r, 2);
            console.log(
              `  the next partner unblurred ${delay.toFixed(0)} ms after the first frame`,
            );
            await expectUnblurred(a, "clear");
          },
        );
        assert.deepEqual(errors, []);
      },
      undefined,
      { SEARCH_TIMEOUT_MS: "30000" },
    );
  },
});

/** Aborts A's requests matching `pattern` (a context route also sees its workers' requests). */
