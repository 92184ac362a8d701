// Layout on phones: every page, for a guest, a newcomer (unverified: the verification banner), a
// member and an administrator, at 320, 360, 390 and 430 px wide, never scrolls sideways (the document and the body are no wider than the window,
// and nothing sticks out past its right edge), and every button of the page itself is inside the
// window, holds its own text, and, scrolled into view, is what a tap at its centre reaches (not the bottom navigation,
// a toast or anything else lying over it). Each page is loaded once per role and measured at each
// width by resizing the window (the layout is CSS only: no island reads the window's size).
// Toasts appear below the header, never over its back button.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { expectToast, launchBrowser, resizeTo } from "../helpers/browser.ts";
import { registerMember } from "../helpers/accounts.ts";
import { startServer } from "../helpers/server.ts";
import { CATALOGS } from "../../lib/server/i18n/catalogs.ts";
import { memberContext, waitForPath } from "../helpers/live_browser.ts";
import {
  openSitePage,
  pagesFor,
  type Role,
  roleContext,
  ROLES,
  seedSite,
  setSiteLanguage,
  type Site,
  type SitePage,
} from "../helpers/site.ts";

/** Phone widths, each with a common phone's height. */
const PHONES = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];
type Phone = (typeof PHONES)[number];

/**
 * English at every width; German (long words) and Japanese (lines that break anywhere) at 320
 * and 390 px.
 */
const WALKS = [
  { locale: "en", phones: PHONES },
  { locale: "de", phones: [PHONES[0], PHONES[2]] },
  { locale: "ja", phones: [PHONES[0], PHONES[2]] },
] as const;

interface Measure {
  innerWidth: number;
  doc: number;
  body: number;
  /** The outermost elements sticking out of the window, with their edges. */
  outside: string[];
}

/** Runs in the page: widths, and the elements reaching past the window's edges. */
function measure(): Measure {
  const vw = innerWidth;
  const describe = (el: Element) => {
    const cls = [...el.classList].slice(0, 3).map((c) => "." + c).join("");
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls}`;
  };
  /**
   * An element whose box a scroller or a clip of an ancestor contains: not the page's width. A
   * clip on the page itself (the shell, main) would only hide what sticks out: it does not count.
   */
  const clipped = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a.matches(".shell, main")) continue;
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.clip !== "auto" || s.clipPath !== "none") return true;
    }
    return false;
  };
  const out = new Set<Element>();
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(el);
    if (s.visibility === "hidden" || s.clip !== "auto") continue;
    if (r.right <= vw + 0.5 && r.left >= -0.5) continue;
    if (clipped(el)) continue;
    out.add(el);
  }
  const outermost = [...out].filter((el) => !el.parentElement || !out.has(el.parentElement));
  return {
    innerWidth: vw,
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    outside: outermost.slice(0, 4).map((el) => {
      const r = el.getBoundingClientRect();
      return `${describe(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`;
    }),
  };
}

interface Reach {
  what: string;
  primary: boolean;
  left: number;
  right: number;
  /** What a tap at the centre reaches, when it is not the button. */
  covered: string | null;
  /** How far the button's own content runs past its box (0: it fits). */
  spill: number;
}

/**
 * Runs in the page: every visible button of the page (main), scrolled into view, with its edges
 * and whatever lies over its centre; `primary` names the page's own primary actions.
 */
function reach(primary: string[]): Reach[] {
  const describe = (el: Element | null) => {
    if (!el) return "nothing";
    const cls = [...el.classList].slice(0, 2).map((c) => "." + c).join("");
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 24);
    return `${el.tagName.toLowerCase()}${cls}${text ? ` '${text}'` : ""}`;
  };
  const main = document.querySelector("main")!;
  const buttons = new Set(
    main.querySelectorAll("button, a.button, input[type=submit], label.button"),
  );
  const primaries = new Set(primary.flatMap((sel) => [...document.querySelectorAll(sel)]));
  for (const el of primaries) buttons.add(el);
  const found: Reach[] = [];
  for (const el of buttons) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (getComputedStyle(el).visibility === "hidden") continue;
    // A button in a row that scrolls sideways on its own is reached by scrolling that row.
    let scroller = false;
    for (let a = el.parentElement; a && a !== main; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === "auto" || o === "scroll") scroller = true;
    }
    if (scroller && !primaries.has(el)) continue;
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    // A label wrapping a hidden file input: the tap lands on the label or inside it.
    const reached = hit !== null && (el === hit || el.contains(hit));
    found.push({
      what: describe(el),
      primary: primaries.has(el),
      left: Math.round(r.left),
      right: Math.round(r.right),
      covered: reached ? null : describe(hit),
      spill: Math.max(0, el.scrollWidth - el.clientWidth - 1),
    });
  }
  scrollTo({ top: 0, behavior: "instant" });
  return found;
}

/** Every layout problem of `p` at each of `phones`' widths. */
async function problemsOf(
  page: Page,
  role: Role,
  p: SitePage,
  phones: readonly Phone[],
  locale: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const phone of phones) {
    await resizeTo(page, phone);
    const where = `${locale} ${role} ${p.path} (${p.name}) at ${phone.width}`;
    const m = await page.evaluate(measure);
    if (m.doc > m.innerWidth || m.body > m.innerWidth || m.outside.length) {
      problems.push(
        `${where}: page ${m.doc} px, body ${m.body} px wide; outside: ${m.outside.join("; ")}`,
      );
    }
    const primary = [...(p.primary ?? [])];
    for (const sel of primary) {
      if (await page.locator(sel).count() === 0) problems.push(`${where}: no ${sel}`);
    }
    for (const b of await page.evaluate(reach, primary)) {
      if (b.left < 0 || b.right > phone.width) {
        problems.push(`${where}: ${b.what} spans ${b.left}..${b.right}, outside the window`);
      }
      if (b.covered) problems.push(`${where}: ${b.what} is covered by ${b.covered}`);
      if (b.spill) problems.push(`${where}: ${b.what}'s text runs ${b.spill} px out of it`);
    }
  }
  return problems;
}

/** A message's key shown in place of its text ("live.matchFound"): its island lacked it. */
const KEY_NAME = `\\b(?:${Object.keys(CATALOGS).join("|")})\\.[a-z][A-Za-z0-9_]+\\b`;

/** Walks `role`'s pages in `locale` in a context of its own: the problems, and page errors. */
async function walkRole(
  browser: Browser,
  site: Site,
  role: Role,
  walk: (typeof WALKS)[number],
): Promise<string[]> {
  const context = await roleContext(browser, site, role, walk.phones[0], walk.locale);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(`${walk.locale} ${page.url()}: ${e}`));
    const problems: string[] = [];
    for (const p of pagesFor(role)) {
      await openSitePage(page, p);
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== walk.locale) {
        problems.push(`${role} ${p.path}: lang ${lang}, not ${walk.locale}`);
      }
      // Hydrated, every text an island shows is one of the messages the page embedded.
      const key = await page.evaluate(
        (re) => new RegExp(re).exec(document.body.innerText)?.[0],
        KEY_NAME,
      );
      if (key) problems.push(`${walk.locale} ${role} ${p.path}: shows the key ${key}`);
      problems.push(...await problemsOf(page, role, p, walk.phones, walk.locale));
    }
    return [...problems, ...errors];
  } finally {
    await context.close();
  }
}

Deno.test({
  name: "layout: no page scrolls sideways at 320–430 px (German and Japanese at 320 and 390 px) " +
    "and every button is reachable",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const site = await seedSite();
    const browser = await launchBrowser();
    try {
      for (const walk of WALKS) {
        await t.step(walk.locale, async () => {
          await setSiteLanguage(site, walk.locale);
          // The roles walk side by side: most of a page's time is waiting for it to settle.
          const found = await Promise.all(ROLES.map((role) => walkRole(browser, site, role, walk)));
          assert.deepEqual(found.flat(), []);
        });
      }
    } finally {
      await browser.close();
      await site.server.close();
    }
  },
});

Deno.test({
  name: "layout: a toast sits below the header and never covers its back button",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      // A member without a location who goes live is sent to their profile with a toast.
      const member = await registerMember(server);
      for (const viewport of [PHONES[1], { width: 1280, height: 800 }]) {
        const context = await memberContext(browser, server, member);
        try {
          const page = await context.newPage();
          await resizeTo(page, viewport);
          await page.goto("/connecting");
          await waitForPath(page, "/profile");
          await expectToast(page, "Location Required");
          const seen = await page.evaluate(() => {
            const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
            const back = box(".back-button");
            const hit = document.elementFromPoint(
              back.left + back.width / 2,
              back.top + back.height / 2,
            );
            const toast = box("#toasts .toast");
            return {
              backReached: Boolean(hit?.closest(".back-button")),
              headerBottom: Math.round(box(".app-header").bottom),
              toast: { top: Math.round(toast.top), bottom: Math.round(toast.bottom) },
              toastInside: toast.left >= 0 && toast.right <= innerWidth,
            };
          });
          const where = `${viewport.width}x${viewport.height}`;
          assert.ok(seen.backReached, `${where}: the back button is covered`);
          assert.ok(seen.toast.top >= seen.headerBottom, `${where}: toast over the header`);
          assert.ok(seen.toastInside, `${where}: toast outside the window`);
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
