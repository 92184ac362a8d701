// `deno task shots [folder] [--only text] [--size WxH]...`: a PNG of every page, for a guest, a
// newcomer (unverified), a member and an administrator, at 390x844 (a phone) and 1280x800 (a laptop), and of a live match
// between two members with fake cameras, written to `folder` (default shots/, which git ignores)
// as <role>-<page>-<width>x<height>.png. It starts its own server on an in-memory KV, seeded with
// members, invitations, reports and a ban (tests/helpers/site.ts), so the pages show content.
// `--only text` keeps the pages whose name contains `text` (and the live match if it matches);
// `--size` replaces the two sizes (the live match takes the first two, or the one given).
// `--lang de` shoots the pages in that language (every role's profile language and the browser's),
// each file named <lang>-<role>-<page>-<size>.png.
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
  setSiteLanguage,
  type Site,
} from "../tests/helpers/site.ts";
import { isLocale, LOCALES } from "../lib/shared/i18n/locales.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    only: { type: "string" },
    size: { type: "string", multiple: true },
    lang: { type: "string" },
  },
  allowPositionals: true,
});
const folder = positionals[0] ?? "shots";
const only = values.only ?? "";
const lang = values.lang ?? "en";
if (!isLocale(lang)) throw new Error(`--lang ${lang}: expected one of ${LOCALES.join(", ")}`);
const prefix = lang === "en" ? "" : `${lang}-`;

/** The window sizes: a phone and a laptop, unless `--size WxH` (repeatable) says otherwise. */
const SIZES = (values.size ?? ["390x844", "1280x800"]).map((s) => {
  const m = /^(\d+)x(\d+)$/.exec(s);
  if (!m) throw new Error(`--size ${s}: expected WIDTHxHEIGHT, e.g. 360x740`);
  return { width: Number(m[1]), height: Number(m[2]) };
});

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
 * background scrolls with it (a fixed one is painted over the first screen only). Set through the
 * CSSOM: the content security policy refuses an injected style sheet.
 */
function setFullPageLayout(on: boolean) {
  const set = (sel: string, prop: string, value: string) => {
    const el = document.querySelector<HTMLElement>(sel);
    if (el) el.style.setProperty(prop, on ? value : "");
  };
  set(".shell", "position", "relative");
  set(".bottom-nav", "position", "absolute");
  set("body", "background-attachment", "scroll");
}

async function shoot(page: Page, name: string, fullPage = true) {
  const { width, height } = page.viewportSize()!;
  const file = join(folder, `${prefix}${name}-${width}x${height}.png`);
  // The picture starts where a visitor does.
  await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
  if (fullPage) await page.evaluate(setFullPageLayout, true);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
  if (fullPage) await page.evaluate(setFullPageLayout, false);
  written++;
}

let written = 0;

/** Every page of `role`, loaded once and shot at both sizes. */
async function shootRole(browser: Browser, site: Site, role: (typeof ROLES)[number]) {
  const context = await roleContext(browser, site, role, SIZES[0], lang);
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
    await a.setViewportSize(SIZES[0]);
    await b.setViewportSize(SIZES[1] ?? SIZES[0]);
    await startPair(a, b);
    await Promise.all([
      expectRemoteVideoPlaying(a, 15_000, "member"),
      expectRemoteVideoPlaying(b, 15_000, "partner"),
    ]);
    await shoot(a, "member-live", false);
    await shoot(b, "partner-live", false);
  } finally {
    await ca.close();
    await cb.close();
  }
}

const started = performance.now();
const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
await Deno.mkdir(folder, { recursive: true });
const site = await seedSite();
if (lang !== "en") {
  await setSiteLanguage(site, lang);
  const res = await site.partner.client.patch("/api/user/profile", { language: lang });
  if (res.status !== 200) throw new Error(`the partner's language: ${res.text}`);
}
const phases = [`seeding ${since(started)}`];
let browser: Browser | null = null;
try {
  browser = await launchBrowser({ extraArgs: await cameraArgs() });
  // The roles side by side: most of a page's time is spent waiting for its network to settle.
  let t = performance.now();
  await Promise.all(ROLES.map((role) => shootRole(browser!, site, role)));
  phases.push(`pages ${since(t)}`);
  t = performance.now();
  if ("live".includes(only)) {
    await shootLive(browser, site);
    phases.push(`live match ${since(t)}`);
  }
} finally {
  await browser?.close();
  await site.server.close();
}
console.log(`${written} screenshots in ${folder}/ in ${since(started)} (${phases.join(", ")})`);
