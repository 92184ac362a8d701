// Launches Chromium through playwright-core (CHROME_PATH overrides), with a fake camera and
// microphone, never reaching beyond this machine. Tests run Debian's chromium-headless-shell when it
// is installed: the same Blink, V8 and WebRTC as the chromium package without the browser's
// windowing layer, which is what Playwright itself runs for headless Chromium, at about two thirds
// of the CPU a call costs in the full browser. A test about the full browser itself (its network
// stack's choices, installing the app) asks for `full`; benches do, so that their figures stay
// those of the browser members use.
import assert from "node:assert/strict";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type LaunchOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { MISSING_MESSAGE } from "../../lib/shared/i18n/messages.ts";
import { ACTION_TIMEOUT_MS, settledWithin } from "./time.ts";
import { CHROMIUM_PATHS, HEADLESS_SHELL_PATHS } from "../../scripts/system_deps.ts";

/** The full Chromium browser (CHROME_PATH, else the first of CHROMIUM_PATHS installed). */
export function findChromium(): string {
  const override = Deno.env.get("CHROME_PATH");
  const list = override ? [override] : CHROMIUM_PATHS;
  for (const path of list) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    override
      ? `CHROME_PATH=${override} does not exist`
      : `No Chromium found (looked in ${CHROMIUM_PATHS.join(", ")}). ` +
        "Install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH.",
  );
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];

/**
 * The Chromium a test launches: CHROME_PATH when set, else the headless shell when installed, else
 * the full browser.
 */
export function findTestChromium(): string {
  if (Deno.env.get("CHROME_PATH")) return findChromium();
  for (const path of HEADLESS_SHELL_PATHS) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // try the next one
    }
  }
  return findChromium();
}

/** How long a browser may take to close before its process is killed. */
const CLOSE_MS = 15_000;

/** This process's Chromium children (Linux /proc; empty elsewhere). */
function chromiumChildren(): Set<number> {
  const out = new Set<number>();
  try {
    for (const entry of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      try {
        const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid !== Deno.pid) continue;
        if (Deno.readTextFileSync(`/proc/${entry.name}/cmdline`).includes("chrom")) {
          out.add(Number(entry.name));
        }
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return out;
}

/**
 * Launches Chromium. Its close() is bounded: a Chromium that has not closed within CLOSE_MS (its
 * audio service sometimes keeps it up after the last page closed, and a test would then wait for
 * ever) is killed, with a warning.
 */
export async function launchBrowser(
  options: {
    extraArgs?: string[];
    /** The full Chromium browser rather than the headless shell (see the top of this file). */
    full?: boolean;
  } & LaunchOptions = {},
): Promise<Browser> {
  const { extraArgs = [], full = false, ...rest } = options;
  const before = chromiumChildren();
  const browser = await chromium.launch({
    executablePath: full ? findChromium() : findTestChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 30_000,
    ...rest,
  });
  const pids = [...chromiumChildren()].filter((pid) => !before.has(pid));
  // A message a page lacks (its island reads a key the page did not embed) fails the test at
  // close: every context listens for the console line the page says it with.
  const missing = new Set<string>();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    context.on("console", (m) => {
      const text = m.text();
      if (m.type() === "error" && text.startsWith(MISSING_MESSAGE)) {
        missing.add(`${text.slice(MISSING_MESSAGE.length).trim()} on ${m.page()?.url() ?? "?"}`);
      }
    });
    return context;
  };
  const close = browser.close.bind(browser);
  const closeBounded = async (...args: Parameters<Browser["close"]>) => {
    const closed = close(...args);
    if (!(await settledWithin(closed, CLOSE_MS))) {
      console.warn(`Chromium did not close within ${CLOSE_MS} ms: killed (pid ${pids.join(", ")})`);
      for (const pid of pids) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      // Playwright sees the process go; it is not waited for beyond a few seconds more.
      await settledWithin(closed, 5_000);
    }
  };
  browser.close = async (...args: Parameters<Browser["close"]>) => {
    await closeBounded(...args);
    if (missing.size) throw new Error(`pages lacked messages: ${[...missing].join(", ")}`);
  };
  return browser;
}

/** A phone-sized context (390x844) unless a viewport is given. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 390, height: 844 },
  /**
   * "reduce" for a test that navigates again at once and watches page errors: a cross-document
   * view transition (app.css) interrupted within its 200 ms is reported by Chromium as one.
   */
  reducedMotion: "reduce" | "no-preference" = "no-preference",
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context;
}

/** Waits until the island named `island` on the page has hydrated. */
export async function waitForHydration(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({
    state: "attached",
  });
}

/** The toast (client-made or server-rendered) whose title is exactly `title`. */
export function toastTitled(page: Page, title: string): Locator {
  return page.locator("#toasts .toast").filter({
    has: page.locator(".toast-title").getByText(title, { exact: true }),
  });
}

/** Waits for the toast titled `title` and, if given, checks its description. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  timeout?: number,
) {
  const toast = toastTitled(page, title).last();
  await toast.waitFor({ state: "visible", timeout });
  if (description !== undefined) {
    assert.equal((await toast.locator(".toast-description").innerText()).trim(), description);
  }
}

/**
 * Gives the page's window `size` and waits until the page has it and has laid itself out for it
 * (two frames drawn since): a loaded machine takes longer than any fixed pause.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction(
    ([w, h]) => innerWidth === w && innerHeight === h,
    [size.width, size.height],
  );
  await page.evaluate(() =>
    new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  );
}

/**
 * Opens /auth and submits its login form with `identifier` and `password`; what the page does next
 * is the caller's to expect.
 */
export async function submitLogin(page: Page, identifier: string, password: string) {
  await page.goto("/auth");
  await waitForHydration(page, "AuthPanel");
  await page.getByLabel("Username or email", { exact: true }).fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}
