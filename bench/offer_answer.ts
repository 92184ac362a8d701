// The partner's half of the handshake in working calls: how long the offerer's page waits from
// sending its offer to applying the answer, and how long the answerer's page waits from making its
// peer link to applying the offer. A link still waiting after PARTNER_SIGNAL_WAIT_MS counts as
// failed (lib/client/live_rules.ts); these waits show how far working calls are from that bound.
// Two members on loopback with the real server and Debian's Chromium (fake camera and
// microphone), face blur and the safety shield on, both starting together; then the same with
// two more pages keeping the 2 cores busy (a call of their own between them, on a second server).
// Figures only.
// Run: deno run -A bench/offer_answer.ts
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { startServer, type TestServer } from "../tests/helpers/server.ts";
import {
  describeLive,
  liveMember,
  memberContext,
  waitForPath,
  waitLive,
} from "../tests/helpers/live_browser.ts";
import { PARTNER_SIGNAL_WAIT_MS } from "../lib/client/live_rules.ts";
import { sleep } from "../tests/helpers/time.ts";

const RUNS = 12;

/** In every page: when each peer connection was made, sent its offer and applied the partner's. */
const PROBE = `(() => {
  const marks = (window.__handshakes = []);
  const Base = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Base {
    constructor(...args) {
      super(...args);
      this.__mark = { made: performance.now() };
      marks.push(this.__mark);
    }
    async setLocalDescription(d) {
      const out = await super.setLocalDescription(d);
      if (this.localDescription?.type === "offer") this.__mark.offered ??= performance.now();
      return out;
    }
    async setRemoteDescription(d) {
      const out = await super.setRemoteDescription(d);
      this.__mark.applied ??= performance.now();
      this.__mark.remote ??= d?.type;
      return out;
    }
  };
})();`;

interface Handshake {
  made: number;
  offered?: number;
  applied?: number;
  remote?: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function line(label: string, samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const f = (ms: number) => `${Math.round(ms)} ms`.padStart(8);
  return `  ${label.padEnd(52)} p50 ${f(percentile(s, 50))}  p90 ${f(percentile(s, 90))}  max ${
    f(s[s.length - 1])
  }  (n=${s.length})`;
}

/** The page's newest peer connection's marks, once it has applied the partner's description. */
async function handshakeOf(page: Page): Promise<Handshake> {
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const h = await page.evaluate(() => {
      // deno-lint-ignore no-explicit-any
      const all = (globalThis as any).__handshakes as Handshake[];
      return all[all.length - 1] ?? null;
    }).catch(() => null);
    if (h?.applied) return h;
    await sleep(50);
  }
  // deno-lint-ignore no-explicit-any
  const all = await page.evaluate(() => JSON.stringify((globalThis as any).__handshakes));
  const tile = await page.locator(".tile-remote").innerText().catch(() => "");
  throw new Error(`no handshake on ${page.url()}: ${all} ${tile}`);
}

async function pair(browser: Browser, server: TestServer): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < 2; i++) {
    // An unlimited tier: a free member may start 5 sessions a day.
    const ctx = await memberContext(browser, server, await liveMember(server, { tier: "vip" }));
    ctx.setDefaultTimeout(30_000);
    await ctx.addInitScript({ content: PROBE });
    pages.push(await ctx.newPage());
  }
  return pages;
}

async function measure(pages: Page[], runs: number) {
  const offerer: number[] = [], answerer: number[] = [];
  // One warm-up run (Chromium, the bundles, the camera): not counted.
  for (let run = -1; run < runs; run++) {
    await Promise.all(pages.map((p) => p.goto("/connecting")));
    const marks = await Promise.all(pages.map(handshakeOf));
    if (run >= 0) {
      for (const h of marks) {
        if (h.remote === "answer" && h.offered) offerer.push(h.applied! - h.offered);
        if (h.remote === "offer") answerer.push(h.applied! - h.made);
      }
    }
    // The session ends once the live view is up (a page the server already ended it for is on
    // its summary).
    await Promise.all(pages.map((p) => waitLive(p, 30_000)));
    await pages[0].getByRole("button", { name: "End Session" }).click({ timeout: 10_000 })
      .catch(() => {});
    await Promise.all(pages.map((p) => waitForPath(p, "/match-end", 15_000))).catch(async (e) => {
      for (const p of pages) console.log(await describeLive(p));
      throw e;
    });
  }
  console.log(line("offerer: offer sent → answer applied", offerer));
  console.log(line("answerer: link made → offer applied", answerer));
}

export async function benchOfferAnswer(runs = RUNS) {
  const server = await startServer({ MATCH_DURATION_MS: "60000" });
  const browser = await launchBrowser({ full: true });
  let other: TestServer | null = null;
  try {
    console.log(
      `Handshake waits of working calls, ${runs} runs on loopback (${server.url}); a link ` +
        `still waiting after ${PARTNER_SIGNAL_WAIT_MS} ms counts as failed`,
    );
    const pages = await pair(browser, server);
    console.log(" two members alone:");
    await measure(pages, runs);
    // Two more members in a call of their own (renewed as it ends), on a server of their own so
    // that they never meet the two measured, keep the cores busy.
    other = await startServer({ MATCH_DURATION_MS: "60000" });
    const busy = await pair(browser, other);
    let loading = true;
    const load = (async () => {
      while (loading) {
        try {
          await Promise.all(busy.map((p) => p.goto("/connecting")));
          await Promise.all(busy.map((p) => waitLive(p, 30_000)));
          await sleep(8_000);
          await busy[0].getByRole("button", { name: "End Session" }).click();
          await Promise.all(busy.map((p) => waitForPath(p, "/match-end", 15_000)));
        } catch {
          // a round that went wrong: the next one starts afresh
        }
      }
    })();
    await sleep(3_000);
    console.log(" with a second call on the same 2 cores:");
    await measure(pages, runs);
    loading = false;
    await load.catch(() => {});
  } finally {
    await browser.close().catch(() => {});
    await server.close();
    await other?.close();
  }
}

if (import.meta.main) await benchOfferAnswer();
