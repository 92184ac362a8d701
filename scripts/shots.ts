// `deno task shots [folder] [--only text]`: a PNG of every page, for a guest, a member and an
// administrator, at 390x844 (a phone) and 1280x800 (a laptop), and of a live match between two
// members with fake cameras, written to `folder` (default shots/, which git ignores) as
// <role>-<page>-<width>x<height>.png. It starts its own server on an in-memory KV, seeded with
// members, invitations, reports and a ban (tests/helpers/site.ts), so the pages show content.
// `--only text` keeps the pages whose name contains `text` (and the live match if it matches).
import { parseArgs } from "node:util";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { cameraFile, ffmpegAvailable, FIXTURES_DIR } from "../tests/helpers/fake_camera.ts";
import {
  expectRemoteVideoPlaying,
  memberContext,
  startPair,
} from "../tests/helpers/live_browser.ts";
import {
  openSitePage,
  pagesFor,
  roleContext,
  ROLES,
  seedSite,
  type Site,
} from "../tests/helpers/site.ts";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { only: { type: "string" } },
  allowPositionals: true,
});
const folder = positionals[0] ?? "shots";
const only = values.only ?? "";

/** A one-frame clip of a fixture photo when ffmpeg and the fixtures are here; else Chromium's. */
async function cameraArgs(): Promise<string[]> {
  try {
    await Deno.stat(join(FIXTURES_DIR, "chelsea.png"));
  } catch {
    return [];
  }
  if (!ffmpegAvailable()) return [];
  const clip = await cameraFile("chelsea", { width: 640, height: 480 }, 15);
  return ["--use-file-for-fake-video-capture=" + clip];
}

/**
 * While a whole page is captured, the bottom navigation sits at the end of the page and the
 * background scrolls with it (a fixed one would be painted over the first screen only).
 */
const FULL_PAGE_STYLE = `
  .shell { position: relative; }
  .bottom-nav { position: absolute; }
  body { background-attachment: scroll; }
`;

async function shoot(page: Page, name: string, fullPage = true) {
  const { width, height } = page.viewportSize()!;
  const file = join(folder, `${name}-${width}x${height}.png`);
  // The picture starts where a visitor does.
  await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({
    path: file,
    fullPage,
    animations: "disabled",
    style: fullPage ? FULL_PAGE_STYLE : undefined,
  });
  written++;
}

let written = 0;

/** Every page of `role`, loaded once and shot at both sizes. */
async function shootRole(browser: Browser, site: Site, role: (typeof ROLES)[number]) {
  const context = await roleContext(browser, site, role, SIZES[0]);
  try {
    const page = await context.newPage();
    for (const p of pagesFor(role)) {
      if (!p.name.includes(only)) continue;
      await page.setViewportSize(SIZES[0]);
      await openSitePage(page, p);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await shoot(page, `${role}-${p.name}`);
      }
    }
  } finally {
    await context.close();
  }
}

/** Two members meet: the live view of one at the phone size, of the other at the laptop's. */
async function shootLive(browser: Browser, site: Site) {
  const [ca, cb] = [
    await memberContext(browser, site.server, site.member),
    await memberContext(browser, site.server, site.partner),
  ];
  try {
    const [a, b] = [await ca.newPage(), await cb.newPage()];
    await b.setViewportSize(SIZES[1]);
    await startPair(a, b);
    await Promise.all([
      expectRemoteVideoPlaying(a, 15_000, "member"),
      expectRemoteVideoPlaying(b, 15_000, "partner"),
    ]);
    await shoot(a, "member-live", false);
    await shoot(b, "member-live", false);
  } finally {
    await ca.close();
    await cb.close();
  }
}

const started = performance.now();
await Deno.mkdir(folder, { recursive: true });
const site = await seedSite();
let browser: Browser | null = null;
try {
  browser = await launchBrowser({ extraArgs: await cameraArgs() });
  for (const role of ROLES) await shootRole(browser, site, role);
  if ("live".includes(only)) await shootLive(browser, site);
} finally {
  await browser?.close();
  await site.server.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${written} screenshots in ${folder}/ (${seconds} s)`);
