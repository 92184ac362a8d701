// Next (skip) and Report in a real Chromium: Next sends the skipper straight back to searching
// (with their own camera preview) and the partner, told by the server that the session ended, to
// a summary that says they were skipped (no badge for a few seconds); Next on that summary
// searches again at once; with the 3 skips of the session used, Next only shows 'No skips
// remaining'; 'No matches found' is neutral news and leaves no ?notice in the address bar; the
// report dialog's two validation texts; a report with reason Other and details ends the match for
// both, the reporter's summary says the report was sent, and the two never meet again (both
// search alone and get 'No matches found'). One server and one browser for the file.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  expectRemoteVideoPlaying,
  expectToast,
  path,
  startPair,
  toastLog,
  waitForPath,
  waitLive,
  withLivePair,
} from "../helpers/live_browser.ts";
import { sleep } from "../helpers/time.ts";

/**
 * Short enough for the skipper's lone search to end soon, long enough for the skipped partner to
 * be back in the search (their summary, Next, /connecting) on a slow machine: 5 s was not.
 */
const SEARCH_TIMEOUT_MS = 12_000;

/** The summary's line on why the session ended. */
async function endedReason(page: Page): Promise<string> {
  return (await page.locator(".ended-reason").textContent())?.trim() ?? "";
}

/** The skipper's own camera preview plays on the searching screen. */
async function expectSelfPreview(page: Page) {
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>(".self-preview video");
      return v !== null && v.readyState >= 2 && v.videoWidth > 0;
    },
    null,
    { timeout: 10_000 },
  );
}

/**
 * Waits for the page to be back on / and checks the 'No matches found' toast is there to read;
 * returns what is wrong (the toasts the tab raised, if the toast is missing) or null.
 */
async function noMatchToastOnDiscover(page: Page, who: string): Promise<string | null> {
  await waitForPath(page, "/", SEARCH_TIMEOUT_MS + 10_000);
  await page.waitForLoadState("domcontentloaded");
  try {
    await expectToast(page, "No matches found", "Please try again later.", 5_000);
    // Neutral news, not a success; and the address bar does not keep the notice.
    await page.locator(".toast.toast-info", { hasText: "No matches found" }).waitFor({
      timeout: 2_000,
    });
    const url = new URL(page.url());
    if (url.search !== "") return `${who}: the address still reads ${url.pathname}${url.search}`;
    return null;
  } catch {
    return `${who}: back on / without a visible 'No matches found' toast; toasts raised by ` +
      `the tab: ${JSON.stringify(await toastLog(page))}`;
  }
}

Deno.test({
  name: "live skip and report: skip rules, report validation, reported pairs never meet again",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    const env = { MATCH_DURATION_MS: "60000", SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) };
    await withLivePair(env, async ({ a, b, errors, server }) => {
      let noMatchProblems: (string | null)[] = [];

      await t.step("Next: the skipper searches again, the partner goes to match end", async () => {
        await startPair(a, b);
        await expectRemoteVideoPlaying(a);
        await a.getByRole("button", { name: "Next", exact: true }).click();
        // The skipper: back on the searching screen at /connecting, their camera showing.
        await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        assert.equal(path(a), "/connecting");
        await expectSelfPreview(a);
        // The partner: the server says the session ended (user_skipped) → match end.
        let bobPath = "";
        try {
          await waitForPath(b, "/match-end", 8_000);
        } catch {
          bobPath = path(b);
        }
        if (bobPath) {
          const tile = await b.locator(".tile-remote .tile-placeholder").textContent({
            timeout: 500,
          }).catch(() => null);
          assert.fail(
            `the skipped partner is still on ${bobPath} 8 s after the skip, the POV tile ` +
              `showing '${tile}', instead of the session summary at /match-end`,
          );
        }
        await b.getByRole("heading", { name: "Session complete" }).waitFor();
        assert.equal(await endedReason(b), "Your partner skipped to someone new.");
        // A few seconds is not a visit: no badge.
        assert.equal(await b.getByText("Global Explorer", { exact: true }).count(), 0);
      });

      await t.step("the skipper alone gets 'No matches found' and returns to /", async () => {
        const problem = await noMatchToastOnDiscover(a, "the skipper");
        assert.equal(problem, null);
      });

      await t.step("3 skips per session; Next on the summary searches again at once", async () => {
        // A new session (Start): 3 skips. The skipped partner taps Next on their summary and
        // is straight back in the search, where the skipper finds them again.
        await startPair(a, b);
        for (let skip = 1; skip <= 3; skip++) {
          await expectRemoteVideoPlaying(a);
          await a.getByRole("button", { name: "Next", exact: true }).click();
          await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
          await waitForPath(b, "/match-end");
          await b.getByRole("link", { name: "Next", exact: true }).click();
          await Promise.all([waitLive(a), waitLive(b)]);
        }
        await expectRemoteVideoPlaying(a);
        await a.getByRole("button", { name: "Next", exact: true }).click();
        await expectToast(a, "No skips remaining");
        await sleep(500);
        assert.equal(path(a), "/live-match");
        assert.equal(path(b), "/live-match");
        await expectRemoteVideoPlaying(a);
        await expectRemoteVideoPlaying(b);
      });

      await t.step(
        "Report: the dialog's validation texts, then success ends the match",
        async () => {
          await a.getByRole("button", { name: "Report" }).click();
          const dialog = a.getByRole("dialog", { name: "Report this user" });
          await dialog.waitFor();
          // The six reasons, and 'Block this user' on by default.
          const reasons = (await dialog.locator(".radio-group label").allInnerTexts()).map((s) =>
            s.trim()
          );
          assert.deepEqual(reasons, [
            "Inappropriate Content",
            "Harassment or Bullying",
            "Illegal Activity",
            "Impersonation",
            "Underage User",
            "Other",
          ]);
          assert.equal(await dialog.getByLabel("Block this user").isChecked(), true);
          const submit = dialog.getByRole("button", { name: "Submit report" });
          await submit.click();
          await dialog.getByRole("alert").getByText("Please select a reason for reporting", {
            exact: true,
          }).waitFor();
          await dialog.getByLabel("Other").check();
          await submit.click();
          await dialog.getByRole("alert").getByText(
            "Please provide additional details for your report",
            { exact: true },
          ).waitFor();
          // Whitespace is not a detail.
          await dialog.locator("textarea").fill("   ");
          await submit.click();
          await dialog.getByRole("alert").getByText(
            "Please provide additional details for your report",
            { exact: true },
          ).waitFor();
          assert.equal(path(a), "/live-match", "an invalid report keeps the match");
          await dialog.locator("textarea").fill("Showed something offensive on camera.");
          await submit.click();
          // The reporter goes to match end; the server ends the partner's side too.
          await Promise.all([waitForPath(a, "/match-end"), waitForPath(b, "/match-end")]);
          await a.getByRole("heading", { name: "Session complete" }).waitFor();
          await b.getByRole("heading", { name: "Session complete" }).waitFor();
          assert.match(
            await endedReason(a),
            /^Report sent\. .*not be matched with this person again/,
          );
          // The reported member is not told who reported them.
          assert.equal(await endedReason(b), "Your partner ended the session.");
          // The report is stored with the reason and the block.
          const reports = [];
          for await (const e of server.kv.list({ prefix: ["reports"] })) reports.push(e.value);
          assert.ok(
            reports.some((r) =>
              JSON.stringify(r).includes("Showed something offensive") &&
              JSON.stringify(r).includes('"other"')
            ),
            `stored reports: ${JSON.stringify(reports)}`,
          );
        },
      );

      await t.step("the reported pair never meet again: both get 'No matches found'", async () => {
        await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
        await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        await b.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        // Neither sees 'Match Found!' while both search.
        const found = await Promise.race([
          a.getByRole("heading", { name: "Match Found!" }).waitFor({ timeout: 12_000 })
            .then(() => "A"),
          b.getByRole("heading", { name: "Match Found!" }).waitFor({ timeout: 12_000 })
            .then(() => "B"),
          Promise.all([waitForPath(a, "/"), waitForPath(b, "/")]).then(() => "none"),
        ]).catch(() => "none");
        assert.equal(found, "none", "the reported pair was matched again");
        noMatchProblems = await Promise.all([
          noMatchToastOnDiscover(a, "the reporter"),
          noMatchToastOnDiscover(b, "the reported member"),
        ]);
        assert.equal(path(a), "/");
        assert.equal(path(b), "/");
      });

      await t.step("...and each saw the 'No matches found' toast on return", () => {
        assert.deepEqual(noMatchProblems, [null, null]);
      });

      assert.deepEqual(errors, [], "no uncaught page errors");
    }, { tier: "vip", privacy: "off" }); // more than a free member's 5 sessions a day
  },
});
