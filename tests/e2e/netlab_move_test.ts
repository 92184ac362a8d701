// A call that survives real networks (helpers/netlab.ts), in one call between two members behind
// carrier-grade NATs with their addresses hidden (the defaults):
// - each member in turn moves to another network mid-call (a new public address, every mapping of
//   their router gone, their socket to the server dead without a word, as on a phone leaving its
//   Wi-Fi): the partner's video resumes within 5 s both ways, in the same match, on the same page,
//   with the same safety code; whichever side offered, the call comes back (both sides move);
// - both pages show a good connection; one member's uplink is capped at 250 kbit/s: their page says
//   their connection is weak, and the partner's that the partner's connection is;
// - then that network also loses 10 % of packets each way: the partner keeps receiving their video
//   (frames per second printed beside the unshaped figure: this machine's CPU is the ceiling), and
//   no freeze lasts over 2 s.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { LAB_SKIP } from "../helpers/netlab.ts";
import { type LabMember, pairSeen, withLab } from "../helpers/netlab_call.ts";
import { expectRemoteVideoPlaying, path, safetyCode, startPair } from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";
import LIVE from "../../lib/shared/i18n/catalog/live/en.ts";

/** The live view's connection badge: this member's step, the partner's, and what it says. */
async function badge(page: Page): Promise<{ net: string; partner: string; text: string }> {
  return await page.evaluate(() => {
    const el = document.querySelector(".net-badge");
    return {
      net: el?.getAttribute("data-net") ?? "",
      partner: el?.getAttribute("data-partner-net") ?? "",
      text: (el?.textContent ?? "").trim(),
    };
  });
}

/** The partner's video frames this page has decoded so far (-1 while the page is not readable). */
const decoded = (page: Page) => pairSeen(page).then((s) => s.framesDecoded, () => -1);

/** What must not change while the call recovers: its match, its page, its safety code. */
async function identity(page: Page) {
  return {
    match: await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem("glimpse_match") ?? "null")?.matchId ?? null
    ),
    sameDocument: await page.evaluate(() =>
      (globalThis as unknown as { __labMark?: number }).__labMark === 1
    ),
    path: path(page),
    code: await safetyCode(page),
  };
}

/** Both pages decode new frames again: ms from `since`, or null if not within `ms`. */
async function resumed(a: Page, b: Page, since: number, ms: number): Promise<number | null> {
  const [fa, fb] = [await decoded(a), await decoded(b)];
  while (Date.now() - since < ms) {
    const [na, nb] = [await decoded(a), await decoded(b)];
    if (na > fa + 5 && nb > fb + 5) return Date.now() - since;
    await sleep(50);
  }
  return null;
}

/** Samples `page`'s decoded frames for `ms`: frames a second, and the longest time without one. */
async function watchFrames(page: Page, ms: number): Promise<{ fps: number; freezeMs: number }> {
  const start = Date.now();
  const first = await decoded(page);
  let last = first, lastAt = start, freezeMs = 0;
  while (Date.now() - start < ms) {
    await sleep(50);
    const now = await decoded(page);
    const at = Date.now();
    if (now > last) {
      freezeMs = Math.max(freezeMs, at - lastAt);
      last = now;
      lastAt = at;
    }
  }
  freezeMs = Math.max(freezeMs, Date.now() - lastAt);
  return { fps: ((last - first) * 1000) / (Date.now() - start), freezeMs };
}

Deno.test({
  name: `network lab: a call survives two changes of network and a lossy thin uplink${LAB_SKIP}`,
  ignore: LAB_SKIP !== "",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withLab(async (w) => {
      const a: LabMember = await w.member("random");
      const b: LabMember = await w.member("random");
      await startPair(a.page, b.page, 30_000);
      await Promise.all([
        expectRemoteVideoPlaying(a.page, ACTION_TIMEOUT_MS, "a"),
        expectRemoteVideoPlaying(b.page, ACTION_TIMEOUT_MS, "b"),
      ]);
      for (const m of [a, b]) {
        await m.page.evaluate(
          () => ((globalThis as unknown as { __labMark: number }).__labMark = 1),
        );
      }
      const before = [await identity(a.page), await identity(b.page)];
      assert.equal(before[0].code, before[1].code, "one safety code");
      const figures: string[] = [];

      for (const [name, mover] of [["a", a], ["b", b]] as const) {
        await t.step(
          `${name} changes network: the video resumes within 5 s both ways`,
          async () => {
            const role = await mover.page.evaluate(() =>
              JSON.parse(sessionStorage.getItem("glimpse_match") ?? "null")?.role
            );
            const since = Date.now();
            const address = await mover.site.changeNetwork();
            const ms = await resumed(a.page, b.page, since, 15_000);
            const timeline = () =>
              `moved at ${new Date(since).toISOString().slice(17, 23)}; a: ${a.log.join("; ")}; ` +
              `b: ${b.log.join("; ")}`;
            figures.push(
              `${name} (${role}) moved to ${address}: video both ways again after ${ms} ms` +
                (Deno.env.get("LAB_TIMELINE") ? ` (${timeline()})` : ""),
            );
            assert.ok(ms !== null, `the video did not resume within 15 s; ${timeline()}`);
            assert.ok(ms <= 5_000, `video resumed after ${ms} ms; ${timeline()}`);
            a.log.length = b.log.length = 0;
            const after = [await identity(a.page), await identity(b.page)];
            assert.deepEqual(after, before, "same match, same page, same safety code");
          },
        );
      }

      await t.step(
        "both see a good connection; a thin uplink is weak, and b is told so",
        async () => {
          for (const m of [a, b]) {
            await until(
              "the connection's step",
              () => badge(m.page),
              (x) => x.net === "good",
              10_000,
            );
          }
          await a.site.shape({ uplinkKbit: 250 });
          const weakA = await until(
            "a's weak uplink said",
            () => badge(a.page),
            (x) => x.net === "poor",
            15_000,
          );
          assert.equal(weakA.text, LIVE.netPoor);
          const told = await until(
            "b told of a's weak connection",
            () => badge(b.page),
            (x) => x.partner === "poor",
            15_000,
          );
          figures.push(`indicator: a '${weakA.text}', b '${told.text}' (b's own: ${told.net})`);
          if (told.net !== "poor") {
            assert.equal(told.text, LIVE.netPartnerWeak);
          }
        },
      );

      await t.step("a's network also loses 10 % each way: no freeze over 2 s", async () => {
        const plain = await watchFrames(a.page, 5_000);
        await a.site.shape({ loss: 0.1 });
        // The sender adapts to the new link first (its bandwidth estimate falls).
        await sleep(3_000);
        const shaped = await watchFrames(b.page, 10_000);
        figures.push(
          `a receives ${plain.fps.toFixed(1)} fps from b (longest gap ${plain.freezeMs} ms); ` +
            `b receives from a on 250 kbit/s with 10 % loss each way: ${
              shaped.fps.toFixed(1)
            } fps ` +
            `(longest gap ${shaped.freezeMs} ms)`,
        );
        assert.ok(shaped.fps > 0, "frames arrive");
        assert.ok(shaped.freezeMs <= 2_000, `a freeze of ${shaped.freezeMs} ms`);
      });
      console.log(figures.map((f) => `  ${f}`).join("\n"));
      assert.deepEqual([...a.errors, ...b.errors], []);
    }, { MATCH_DURATION_MS: "120000" });
  },
});
