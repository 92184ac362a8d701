// A Firefox member's tab in the background: the frames a second Chromium decodes of their video
// (getStats' framesDecoded over 1 s windows) while the Firefox page is shown, hidden (a second tab
// in its window at the front) and shown again, with face blur on (Firefox composes on the page,
// paced by its clock worker while hidden) and off (the camera's track goes to the peer connection
// as it is); and whether Chromium's page said 'Your partner stepped away' meanwhile. Firefox's
// fake camera (a colour that changes every frame), headless. Figures only: nothing here passes
// or fails on time.
// Run: deno run -A bench/hidden_tab.ts [seconds hidden]
import { launchBrowser } from "../tests/helpers/browser.ts";
import { startServer } from "../tests/helpers/server.ts";
import {
  closeQuietly,
  inbound,
  liveMember,
  memberContext,
  waitLive,
} from "../tests/helpers/live_browser.ts";
import {
  click,
  type FirefoxPage,
  launchFirefox,
  memberPage,
  open,
  waitForPathname,
} from "../tests/helpers/firefox.ts";
import { sleep } from "../tests/helpers/time.ts";
import type { Page } from "playwright-core";

const HIDDEN_S = Number(Deno.args[0] ?? 8);

const toFront = (page: FirefoxPage) =>
  (page as FirefoxPage & { bringToFront(): Promise<void> }).bringToFront();

/** Frames a second `page` decodes, one figure per second for `seconds`. */
async function rates(page: Page, seconds: number): Promise<number[]> {
  const out: number[] = [];
  let last = { frames: (await inbound(page)).framesDecoded, at: Date.now() };
  for (let i = 0; i < seconds; i++) {
    await sleep(1_000);
    const now = { frames: (await inbound(page)).framesDecoded, at: Date.now() };
    out.push((now.frames - last.frames) * 1000 / (now.at - last.at));
    last = now;
  }
  return out;
}

const fmt = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return `mean ${mean.toFixed(1)}, min ${Math.min(...xs).toFixed(1)} (${
    xs.map((x) => x.toFixed(0)).join(" ")
  })`;
};

async function once(blur: boolean) {
  const server = await startServer({ MATCH_DURATION_MS: "90000" });
  const chromium = await launchBrowser({ full: true });
  const firefox = await launchFirefox();
  try {
    const [alice, bob] = [await liveMember(server), await liveMember(server)];
    if (!blur) await bob.client.patch("/api/user/profile", { faceBlurEnabled: false });
    const a = await (await memberContext(chromium, server, alice)).newPage();
    const b = await memberPage(firefox, server, bob);
    await Promise.all([a.goto("/"), open(b, "/")]);
    await Promise.all([
      a.getByRole("link", { name: "Start POV Connection" }).click(),
      click(b.page, "::-p-text(Start POV Connection)"),
    ]);
    await Promise.all([waitLive(a, 30_000), waitForPathname(b.page, "/live-match", 30_000)]);
    await sleep(4_000);
    const shown = await rates(a, 4);
    const other = await firefox.browser.newPage();
    await toFront(other);
    const state = await b.page.evaluate(() => document.visibilityState);
    const hidden = await rates(a, HIDDEN_S);
    const away = await a.locator(".tile-remote .tile-away").count();
    await toFront(b.page);
    const back = await rates(a, 4);
    console.log(`face blur ${blur ? "on" : "off"}:`);
    console.log(`  shown:  ${fmt(shown)}`);
    console.log(
      `  hidden: ${fmt(hidden)} (page ${state}; 'stepped away' ${away ? "" : "not "}shown)`,
    );
    console.log(`  back:   ${fmt(back)}`);
  } finally {
    await closeQuietly(chromium);
    await firefox.close();
    await server.close();
  }
}

export async function benchHiddenTab() {
  console.log(`Chromium decodes a Firefox member's video, frames a second (1 s windows):`);
  await once(true);
  await once(false);
}

if (import.meta.main) await benchHiddenTab();
