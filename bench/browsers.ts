// Live session across browsers: the time from Start (both members open /connecting at once) until
// both pages have decoded a frame of the partner's video (getStats framesDecoded > 0 on the page's
// peer connection), and until both show it (the live view on screen with a frame in its 'POV'
// tile), on loopback with the real server, face blur and the safety shield on (the defaults).
// Pairs: Chromium ↔ Firefox headless (no WebGL: Firefox's face detector runs on WebAssembly),
// Chromium ↔ Firefox on an Xvfb display (WebGL), and Firefox ↔ Firefox, two instances each on an
// Xvfb display of its own (two pages in one Firefox window would leave one tab hidden) and both
// headless. Chromium and Firefox use their fake cameras. Each session is ended with End Session
// before the next; one warm-up run per pair is not counted. Figures only: nothing here passes or
// fails on time.
// Run: deno run -A bench/browsers.ts [runs per pair]
import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { startServer, type TestServer } from "../tests/helpers/server.ts";
import { closeQuietly, liveMember, memberContext } from "../tests/helpers/live_browser.ts";
import {
  click,
  type Firefox,
  launchFirefox,
  type MemberPage,
  memberPage,
  open,
  waitForPathname,
} from "../tests/helpers/firefox.ts";
import { sleep } from "../tests/helpers/time.ts";
import { percentile } from "./browser_figures.ts";

const RUNS = 5;

/** In every page: the wall-clock time of the first decoded partner frame and of the tile frame. */
const PROBE = `(() => {
  const marks = (window.__marks = {});
  const start = () => {
    const timer = setInterval(async () => {
      const v = document.querySelector(".live:not(.live-pending) .tile-remote video");
      if (!marks.tile && v && v.readyState >= 2) marks.tile = Date.now();
      if (!marks.decoded) {
        for (const pc of window.__pcs || []) {
          if (pc.connectionState === "closed") continue;
          (await pc.getStats()).forEach((s) => {
            if (!marks.decoded && s.type === "inbound-rtp" && s.kind === "video" &&
                s.framesDecoded > 0) marks.decoded = Date.now();
          });
        }
      }
      if (marks.tile && marks.decoded) clearInterval(timer);
    }, 20);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();`;

interface Marks {
  decoded?: number;
  tile?: number;
}

/** One member's page, in whichever browser. */
interface Side {
  name: string;
  start(): Promise<void>;
  marks(): Promise<Marks | null>;
  endSession(): Promise<void>;
  waitEnded(): Promise<void>;
}

function chromiumSide(page: Page): Side {
  return {
    name: "Chromium",
    start: async () => void await page.goto("/connecting"),
    // A navigation under way (the address moving on) destroys the context: ask again.
    // deno-lint-ignore no-explicit-any
    marks: () => page.evaluate(() => (globalThis as any).__marks as Marks).catch(() => null),
    endSession: () => page.getByRole("button", { name: "End Session" }).click(),
    waitEnded: () =>
      page.waitForURL((u) => u.pathname === "/match-end", { timeout: 15_000, waitUntil: "commit" }),
  };
}

function firefoxSide(m: MemberPage, name: string): Side {
  return {
    name,
    start: () => open(m, "/connecting"),
    marks: () =>
      // deno-lint-ignore no-explicit-any
      m.page.evaluate(() => (globalThis as any).__marks as Marks).catch(() => null),
    endSession: () => click(m.page, "::-p-text(End Session)"),
    waitEnded: () => waitForPathname(m.page, "/match-end", 15_000),
  };
}

async function marksOf(side: Side, timeout = 30_000): Promise<Required<Marks>> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const m = await side.marks();
    if (m?.decoded && m.tile) return m as Required<Marks>;
    await sleep(20);
  }
  throw new Error(`${side.name}: no partner frame within ${timeout} ms`);
}

const ms = (v: number) => `${Math.round(v)} ms`.padStart(8);

/** Start → both decoding and both showing, `runs` times (after a warm-up), printed as p50 / max. */
async function measure(label: string, sides: [Side, Side], runs: number) {
  const decoded: number[] = [], shown: number[] = [];
  for (let run = -1; run < runs; run++) {
    const t0 = Date.now();
    await Promise.all(sides.map((s) => s.start()));
    const marks = await Promise.all(sides.map((s) => marksOf(s)));
    if (run >= 0) {
      decoded.push(Math.max(...marks.map((m) => m.decoded)) - t0);
      shown.push(Math.max(...marks.map((m) => m.tile)) - t0);
    }
    await sides[run % 2 === 0 ? 0 : 1].endSession();
    await Promise.all(sides.map((s) => s.waitEnded()));
  }
  const line = (what: string, v: number[]) =>
    `  ${label.padEnd(40)} ${what.padEnd(16)} p50 ${ms(percentile(v, 50))}  max ${
      ms(Math.max(...v))
    }  (${v.map((x) => Math.round(x)).join(", ")})`;
  console.log(line("both decoding", decoded));
  console.log(line("both showing", shown));
  // Other work on the machine slows every figure: its load is printed with them.
  console.log(
    `  ${"".padEnd(40)} load average (1 min) at the end: ${Deno.loadavg()[0].toFixed(1)}`,
  );
  return { decoded, shown };
}

/** A Firefox (headless, or on an Xvfb display of its own) signed in as a new member. */
async function firefoxMember(
  server: TestServer,
  window: boolean,
  opened: Firefox[],
): Promise<MemberPage> {
  const firefox = await launchFirefox({ window });
  opened.push(firefox);
  const member = await liveMember(server, { tier: "vip" });
  return await memberPage(firefox, server, member, { preload: PROBE });
}

export async function benchBrowsers(runs = RUNS) {
  const server = await startServer({ MATCH_DURATION_MS: "60000" });
  const chromium = await launchBrowser({ full: true });
  const contexts: BrowserContext[] = [];
  const firefoxes: Firefox[] = [];
  const results: Record<string, { decoded: number[]; shown: number[] }> = {};
  try {
    console.log(
      `Live session across browsers: Start (/connecting on both) to the partner's video on both, ` +
        `${runs} runs per pair on loopback (${server.url}), face blur and safety shield on; ` +
        `load average (1 min) ${
          Deno.loadavg()[0].toFixed(1)
        } on ${navigator.hardwareConcurrency} cores`,
    );
    const context = await memberContext(
      chromium,
      server,
      await liveMember(server, { tier: "vip" }),
    );
    contexts.push(context);
    context.setDefaultTimeout(30_000);
    await context.addInitScript({ content: PROBE });
    const a = chromiumSide(await context.newPage());

    const pairs: [string, () => Promise<[Side, Side]>][] = [
      ["Chromium ↔ Firefox (headless)", async () => [
        a,
        firefoxSide(await firefoxMember(server, false, firefoxes), "Firefox"),
      ]],
      ["Chromium ↔ Firefox (Xvfb, WebGL)", async () => [
        a,
        firefoxSide(await firefoxMember(server, true, firefoxes), "Firefox"),
      ]],
      ["Firefox ↔ Firefox (both headless)", async () => [
        firefoxSide(await firefoxMember(server, false, firefoxes), "Firefox 1"),
        firefoxSide(await firefoxMember(server, false, firefoxes), "Firefox 2"),
      ]],
      ["Firefox ↔ Firefox (two Xvfb displays)", async () => [
        firefoxSide(await firefoxMember(server, true, firefoxes), "Firefox 1"),
        firefoxSide(await firefoxMember(server, true, firefoxes), "Firefox 2"),
      ]],
    ];
    for (const [label, make] of pairs) {
      const sides = await make();
      results[label] = await measure(label, sides, runs);
      // Only this pair's Firefoxes run at a time: the next pair starts on an idle machine.
      for (const f of firefoxes.splice(0)) await f.close();
    }
    return results;
  } finally {
    for (const f of firefoxes) await f.close();
    await closeQuietly(...contexts, chromium);
    await server.close();
  }
}

if (import.meta.main) await benchBrowsers(Number(Deno.args[0] ?? RUNS));
