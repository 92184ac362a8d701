// A reload of /live-match mid-call rejoins the match: after the reload both pages play the
// partner's video again and show the same safety code; the reactions counted so far and the session
// timer survive the reload; and the other side can reload as well. One server and one browser for
// the file.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  expectRemoteVideoPlaying,
  inbound,
  matchRole,
  path,
  safetyCode,
  setCameraDelay,
  startPair,
  waitForPath,
  waitLive,
  withLivePair,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";

const CODE = /^[0-9A-F]{16}$/;

async function heartCount(page: Page): Promise<string> {
  return (await page.locator(".reactions .reaction").nth(0).locator(".reaction-count").innerText())
    .trim();
}

async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.locator(".tile-remote .tile-timer").innerText()).trim();
  const [m, s] = text.split(":").map(Number);
  return m * 60 + s;
}

/** Reloads `who` mid-call and checks both pages are back in the same call. */
async function reloadAndRejoin(who: Page, other: Page, names: [string, string]) {
  const before = await inbound(other);
  const started = Date.now();
  await who.reload();
  await waitLive(who);
  await who.waitForTimeout(0);
  assert.equal(path(who), "/live-match");
  await who.getByRole("heading", { name: "No live session" }).waitFor({ state: "detached" });
  // The partner gets a fresh peer connection and plays the new stream.
  await until(
    "the partner's page to open a new peer connection",
    () => inbound(other),
    (s) => s.pcs > before.pcs,
  );
  await Promise.all([
    expectRemoteVideoPlaying(who, ACTION_TIMEOUT_MS, `${names[0]} (reloaded)`),
    expectRemoteVideoPlaying(other, ACTION_TIMEOUT_MS, names[1]),
  ]);
  const [k1, k2] = await Promise.all([safetyCode(who), safetyCode(other)]);
  assert.match(k1, CODE);
  assert.equal(k1, k2, "one safety code on both pages after the reload");
  assert.equal(path(other), "/live-match");
  return { code: k1, ms: Date.now() - started };
}

Deno.test({
  name: "live reload: a reload of /live-match mid-call rejoins the match",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    await withLivePair({ MATCH_DURATION_MS: "60000" }, async ({ a, b, errors }) => {
      let firstCode = "";
      await t.step("the two are in a call", async () => {
        await startPair(a, b);
        await Promise.all([expectRemoteVideoPlaying(a), expectRemoteVideoPlaying(b)]);
        firstCode = await safetyCode(a);
        assert.equal(await safetyCode(b), firstCode);
        await a.locator(".reactions .reaction").nth(0).click();
        await until("B to count the heart", () => heartCount(b), (n) => n === "1", 10_000);
        await sleep(2_000);
      });

      let offerer = a, answerer = b, names: [string, string] = ["A", "B"];
      await t.step(
        "the offerer reloads /live-match: both play again, one safety code",
        async () => {
          const roles = [await matchRole(a), await matchRole(b)];
          assert.deepEqual([...roles].sort(), ["answerer", "offerer"], `roles: ${roles}`);
          if (roles[0] !== "offerer") [offerer, answerer, names] = [b, a, ["B", "A"]];
          const timerBefore = await timerSeconds(offerer);
          assert.ok(timerBefore >= 2, `timer before the reload: ${timerBefore}`);
          const { code, ms } = await reloadAndRejoin(offerer, answerer, names);
          console.log(
            `  ${names[0]} (offerer) rejoined in ${ms} ms (safety code ${firstCode} → ${code})`,
          );
          // The tally and the timer are the match's, not the page's.
          assert.equal(await heartCount(a), "1");
          assert.equal(await heartCount(b), "1");
          assert.ok(
            await timerSeconds(offerer) >= timerBefore,
            "the timer continues after the reload",
          );
        },
      );

      await t.step("the answerer reloads with a camera slow to open: both play again", async () => {
        // Phones take a moment to open the camera; meanwhile the partner, told of the rejoin,
        // sends its offer at once.
        await setCameraDelay(answerer, 800);
        const { code, ms } = await reloadAndRejoin(answerer, offerer, [names[1], names[0]]);
        console.log(`  ${names[1]} (answerer) rejoined in ${ms} ms (safety code ${code})`);
        // Reactions still reach the other side after the rejoin.
        await answerer.locator(".reactions .reaction").nth(0).click();
        await until("the heart to be counted", () => heartCount(offerer), (n) => n === "2", 10_000);
      });

      await t.step("the rejoined match still ends for both with End Session", async () => {
        await a.getByRole("button", { name: "End Session" }).click();
        await Promise.all([waitForPath(a, "/match-end"), waitForPath(b, "/match-end")]);
        await a.getByRole("heading", { name: "Session complete" }).waitFor();
        await b.getByRole("heading", { name: "Session complete" }).waitFor();
      });

      assert.deepEqual(errors, [], "no uncaught page errors");
    }, { privacy: "off" });
  },
});
