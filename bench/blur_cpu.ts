// Face blur's cost in a call: two members in a live call on loopback, each in a headless Chromium
// of its own (--disable-gpu) whose fake camera plays astronaut.png at 1280x720, 30 fps, the safety
// shield off on both. Per side: the CPU its browser's processes use per second of call (CPU
// seconds over wall seconds, from /proc), with face blur on for both members and then off; with
// blur on, the share of frames each sender covered by faces only, with the band, or wholly, and
// the time from the live view to the first frame covered by faces only (its detector vouching).
// Figures only: nothing here passes or fails on time. For a slow phone, run it in a cgroup held to
// 0.85 of a core (docs/testing.md, "On a slower machine").
// Run: deno run -A bench/blur_cpu.ts (GLIMPSE_BENCH_BLUR_CPU_S: the measured window, 20 s)
import type { Browser, Page } from "playwright-core";
import { startServer, type TestServer } from "../tests/helpers/server.ts";
import {
  expectRemoteVideoPlaying,
  liveMember,
  memberContext,
  setPrivacy,
  startPair,
} from "../tests/helpers/live_browser.ts";
import { launchWithCamera } from "../tests/helpers/fake_camera.ts";

const WINDOW_S = Number(Deno.env.get("GLIMPSE_BENCH_BLUR_CPU_S") ?? 20);
const SETTLE_MS = 3_000;
const TICKS = 100; // USER_HZ on Linux

/**
 * In every page: the face blur status the compositor worker posts (twice a second), logged with
 * the wall-clock time on window.__blurLog. The page composing instead (no worker) is not logged.
 */
const LOG_BLUR = `(() => {
  const Original = window.Worker;
  window.__blurLog = [];
  window.Worker = class extends Original {
    constructor(url, opts) {
      super(url, opts);
      if (opts && opts.name === "face-blur") {
        this.addEventListener("message", (e) => {
          if (e.data && e.data.type === "status") window.__blurLog.push([Date.now(), e.data.status]);
        });
      }
    }
  };
})();`;

/** Processes whose parent is `pid`, from /proc. */
function children(): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      out.set(ppid, [...(out.get(ppid) ?? []), Number(entry.name)]);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Our direct children whose command line names Chromium. */
function chromiums(): Set<number> {
  const kids = children().get(Deno.pid) ?? [];
  return new Set(kids.filter((pid) => {
    try {
      return Deno.readTextFileSync(`/proc/${pid}/cmdline`).includes("chrom");
    } catch {
      return false;
    }
  }));
}

/** CPU ticks (user + system, with waited-for children's) of `root` and all its descendants. */
function treeTicks(root: number): number {
  const tree = children();
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // Fields 14-17 of stat (utime, stime, cutime, cstime), 0-based 11-14 after the name.
      total += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // gone meanwhile
    }
    stack.push(...(tree.get(pid) ?? []));
  }
  return total;
}

interface Side {
  browser: Browser;
  root: number;
  page: Page;
}

async function side(server: TestServer, blur: boolean): Promise<Side> {
  const before = chromiums();
  const browser = await launchWithCamera("astronaut", { fps: 30 });
  const root = [...chromiums()].find((pid) => !before.has(pid));
  if (!root) throw new Error("the browser's process was not found");
  const member = await liveMember(server);
  await setPrivacy(member, { faceBlurEnabled: blur, safetyShieldEnabled: false });
  const context = await memberContext(browser, server, member);
  await context.addInitScript({ content: LOG_BLUR });
  return { browser, root, page: await context.newPage() };
}

type Cover = "faces" | "band" | "whole";
type Log = [number, { cover: Cover; covers?: Record<Cover, number> }][];

const blurLog = (page: Page) =>
  // deno-lint-ignore no-explicit-any
  page.evaluate(() => (globalThis as any).__blurLog as Log);

/** The share of frames by cover between two statuses, counted where the status counts frames. */
function shares(log: Log, from: number, to: number): string {
  const inWindow = log.filter(([t]) => t >= from && t <= to);
  if (!inWindow.length) return "no status";
  const first = inWindow[0][1].covers, last = inWindow[inWindow.length - 1][1].covers;
  const kinds: Cover[] = ["faces", "band", "whole"];
  let counts: number[], how: string;
  if (first && last) {
    counts = kinds.map((k) => last[k] - first[k]);
    how = "frames";
  } else {
    counts = kinds.map((k) => inWindow.filter(([, s]) => s.cover === k).length);
    how = "statuses";
  }
  const total = counts.reduce((a, b) => a + b, 0) || 1;
  return kinds.map((k, i) => `${k} ${Math.round((100 * counts[i]) / total)}%`).join(", ") +
    ` (${total} ${how})`;
}

async function run(server: TestServer, blur: boolean) {
  const sides = [await side(server, blur), await side(server, blur)];
  try {
    await startPair(sides[0].page, sides[1].page, 60_000);
    const live = Date.now();
    for (const s of sides) await expectRemoteVideoPlaying(s.page, 60_000);
    await sides[0].page.waitForTimeout(SETTLE_MS);
    const t0 = Date.now(), ticks0 = sides.map((s) => treeTicks(s.root));
    await sides[0].page.waitForTimeout(WINDOW_S * 1000);
    const t1 = Date.now(), ticks1 = sides.map((s) => treeTicks(s.root));
    const cpu = sides.map((_, i) => (ticks1[i] - ticks0[i]) / TICKS / ((t1 - t0) / 1000));
    const covers: string[] = [], vouch: string[] = [];
    for (const s of sides) {
      if (!blur) continue;
      const log = await blurLog(s.page);
      covers.push(shares(log, t0, t1));
      const first = log.find(([t, st]) => t >= live && st.cover === "faces");
      vouch.push(first ? `${((first[0] - live) / 1000).toFixed(1)} s` : "never");
    }
    return { cpu, covers, vouch };
  } finally {
    for (const s of sides) await s.browser.close();
  }
}

export async function benchBlurCpu() {
  const server = await startServer({ MATCH_DURATION_MS: "300000" });
  try {
    console.log(
      `\nFace blur in a call (two headless Chromiums, astronaut 1280x720 at 30 fps, ` +
        `${WINDOW_S} s measured; CPU seconds per call-second, per side)`,
    );
    const on = await run(server, true);
    const off = await run(server, false);
    const f = (n: number) => n.toFixed(2);
    on.cpu.forEach((c, i) => {
      console.log(
        `  side ${i + 1}: blur on ${f(c)}, off ${f(off.cpu[i])}, on - off ${f(c - off.cpu[i])}`,
      );
    });
    on.covers.forEach((c, i) => console.log(`  side ${i + 1} frames by cover: ${c}`));
    console.log(`  first frame covered by faces only, after the live view: ${on.vouch.join(", ")}`);
  } finally {
    await server.close();
  }
}

if (import.meta.main) await benchBlurCpu();
