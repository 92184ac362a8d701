// WebKitGTK for the browser tests: Debian's WebKitWebDriver (WebDriver classic) driving its
// MiniBrowser, which has no headless mode and so draws on an Xvfb display of its own. The client
// is a few WebDriver commands over fetch, each bounded by a timeout. The browser has mock camera
// and microphone devices; Debian builds it without WebRTC (no RTCPeerConnection), which makes it a
// real browser that cannot call. WebDriver classic gives no console and no script before a page
// loads: `watchErrors` hooks error and unhandledrejection (and console.error) once a page is up,
// and `errors` reads them back. `close()` ends the session, the driver and the display.
import { bounded, type Display, startXvfb } from "./firefox.ts";
import { freePort, type ServerLike } from "./server.ts";
import { sleep } from "./time.ts";

/** MiniBrowser's flags: automation, the camera API, and mock capture devices (no prompt). */
export const WEBKIT_ARGS = [
  "--automation",
  "--enable-media-stream=true",
  "--enable-mock-capture-devices=true",
];

/** WebDriver's key for an element reference in a command's answer. */
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

/** One command's bound unless a call says otherwise. */
const COMMAND_MS = 20_000;

/** WEBKIT_DRIVER_PATH, else WebKitWebDriver on PATH (Debian's webkit2gtk-driver). */
export function findWebKitDriver(): string {
  const override = Deno.env.get("WEBKIT_DRIVER_PATH");
  const dirs = (Deno.env.get("PATH") ?? "").split(":").filter(Boolean);
  for (const path of override ? [override] : dirs.map((d) => `${d}/WebKitWebDriver`)) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    override
      ? `WEBKIT_DRIVER_PATH=${override} does not exist`
      : "No WebKitWebDriver on PATH: apt-get install -y webkit2gtk-driver",
  );
}

/** A WebDriver error answer, with the command that got it. */
export class WebDriverError extends Error {
  constructor(readonly command: string, readonly error: string, message: string) {
    super(`${command}: ${error}: ${message}`);
  }
}

/**
 * Hooks the page's uncaught errors, unhandled rejections and console.error into
 * window.__webkitErrors (once per page).
 */
const WATCH_ERRORS = `
  if (window.__webkitErrors) return;
  const errors = window.__webkitErrors = [];
  addEventListener("error", (e) => errors.push("error: " + (e.message || e.type) +
    (e.filename ? " at " + e.filename + ":" + e.lineno : "")));
  addEventListener("unhandledrejection", (e) => errors.push("unhandled rejection: " +
    (e.reason instanceof Error ? e.reason.name + ": " + e.reason.message : String(e.reason))));
  const consoleError = console.error;
  console.error = (...args) => {
    errors.push("console.error: " + args.map(String).join(" "));
    consoleError.apply(console, args);
  };`;

/** What a value is once it is known to be truthy. */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

/** A WebDriver session in MiniBrowser. */
export class WebKitSession {
  constructor(private base: string, readonly id: string, private origin: string) {}

  /** Sends one command; its answer's value, or a WebDriverError. */
  async command<T>(method: string, path: string, body?: unknown, ms = COMMAND_MS): Promise<T> {
    return await sendCommand<T>(this.base, method, `/session/${this.id}${path}`, body, ms);
  }

  /** Opens `path` (on the server's origin) and waits for it to load; hooks its errors. */
  async goto(path: string) {
    await this.command("POST", "/url", { url: new URL(path, this.origin).href }, 30_000);
    await this.watchErrors();
  }

  /** The page's address path ('/connecting'). */
  async path(): Promise<string> {
    return new URL(await this.command<string>("GET", "/url")).pathname;
  }

  /**
   * Runs `fn` in the page with `args` (JSON values) and answers what it returns; an async `fn` is
   * awaited there.
   */
  async run<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return await this.command("POST", "/execute/sync", {
      script: `return (${fn.toString()}).apply(null, arguments);`,
      args,
    });
  }

  /** Hooks this page's errors (see WATCH_ERRORS); `goto` does it after every load. */
  async watchErrors() {
    await this.command("POST", "/execute/sync", { script: WATCH_ERRORS, args: [] });
  }

  /** What the page hooked since it was watched (empty if it was not). */
  async errors(): Promise<string[]> {
    return await this.run(() =>
      // deno-lint-ignore no-explicit-any
      [...((globalThis as any).__webkitErrors ?? [])] as string[]
    );
  }

  /**
   * Polls `fn` in the page until it answers something truthy, and answers that; after `timeout`
   * fails with `what` and the last answer. The page may navigate meanwhile.
   */
  async waitFor<R, A extends unknown[]>(
    what: string,
    fn: (...args: A) => R,
    args: A,
    timeout = 15_000,
  ): Promise<Truthy<Awaited<R>>> {
    const end = Date.now() + timeout;
    let last: unknown = undefined;
    while (true) {
      try {
        last = await this.run(fn, ...args);
        if (last) return last as Truthy<Awaited<R>>;
      } catch (err) {
        // A page that is navigating answers with an error; the next poll sees the new page.
        last = (err as Error).message;
      }
      if (Date.now() > end) {
        throw new Error(`WebKit: timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
      }
      await sleep(150);
    }
  }

  /** The first element matching the CSS selector. */
  async find(selector: string): Promise<string> {
    const el = await this.command<Record<string, string>>("POST", "/element", {
      using: "css selector",
      value: selector,
    });
    return el[ELEMENT_KEY];
  }

  async click(selector: string) {
    await this.command("POST", `/element/${await this.find(selector)}/click`, {});
  }

  /** Types `text` into the field (as keystrokes: the page's input events fire). */
  async type(selector: string, text: string) {
    await this.command("POST", `/element/${await this.find(selector)}/value`, { text });
  }

  /** Sizes the window (MiniBrowser keeps it at least as wide as its toolbar). */
  async setWindowSize(width: number, height: number) {
    await this.command("POST", "/window/rect", { width, height });
  }

  /**
   * Waits until every animation that ends has ended (a navigation's view transition cross-fades
   * the old page out for a moment; a spinner runs on).
   */
  async settled() {
    await this.waitFor(
      "the page's animations to end",
      () =>
        document.getAnimations().every((a) =>
          a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity
        ),
      [],
      10_000,
    );
  }

  /** The viewport as a PNG, once the page has settled. */
  async screenshot(): Promise<Uint8Array> {
    await this.settled();
    const b64 = await this.command<string>("GET", "/screenshot");
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  }
}

async function sendCommand<T>(
  base: string,
  method: string,
  path: string,
  body: unknown,
  ms: number,
): Promise<T> {
  const what = `${method} ${path.replace(/^\/session\/[^/]+/, "")}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(ms),
  }).catch((err) => {
    throw new Error(`WebKitWebDriver ${what}: ${(err as Error).message} (bound ${ms} ms)`);
  });
  const text = await res.text();
  let value: unknown;
  try {
    value = (JSON.parse(text) as { value: unknown }).value;
  } catch {
    throw new WebDriverError(what, `HTTP ${res.status}`, text.slice(0, 200));
  }
  if (!res.ok) {
    const e = value as { error?: string; message?: string };
    throw new WebDriverError(what, e?.error ?? `HTTP ${res.status}`, e?.message ?? text);
  }
  return value as T;
}

/** MiniBrowser with its driver and display. */
export interface WebKit {
  session: WebKitSession;
  display: Display;
  /** What MiniBrowser says it is ('2.50.6'). */
  version: string;
  close(): Promise<void>;
}

/** Ends `child` (SIGTERM, then SIGKILL after 3 s). */
async function endChild(child: Deno.ChildProcess) {
  try {
    child.kill("SIGTERM");
  } catch {
    return;
  }
  const gone = await bounded("WebKitWebDriver to exit", child.status, 3_000).then(
    () => true,
    () => false,
  );
  if (!gone) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * Starts Xvfb, WebKitWebDriver on a free loopback port and a MiniBrowser session on that display,
 * opening pages on `server`'s origin. `close()` ends all three.
 */
export async function launchWebKit(server: ServerLike): Promise<WebKit> {
  const driverPath = findWebKitDriver();
  const display = await startXvfb();
  let driver: Deno.ChildProcess | null = null;
  try {
    const port = freePort();
    driver = new Deno.Command(driverPath, {
      args: [`--port=${port}`, "--host=local"],
      env: { DISPLAY: display.name },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const base = `http://127.0.0.1:${port}`;
    const exited = driver.status.then((s) => s);
    await bounded(
      "WebKitWebDriver to answer /status",
      (async () => {
        while (true) {
          const answer = await sendCommand<{ ready: boolean }>(
            base,
            "GET",
            "/status",
            undefined,
            2_000,
          )
            .catch(() => null);
          if (answer?.ready) return;
          const status = await Promise.race([exited, sleep(100).then(() => null)]);
          if (status) throw new Error(`WebKitWebDriver exited (code ${status.code})`);
        }
      })(),
      15_000,
    );
    const created = await sendCommand<{
      sessionId: string;
      capabilities: { browserVersion?: string };
    }>(base, "POST", "/session", {
      capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { args: WEBKIT_ARGS } } },
    }, 40_000);
    const session = new WebKitSession(base, created.sessionId, server.url);
    const child = driver;
    return {
      session,
      display,
      version: created.capabilities.browserVersion ?? "unknown",
      async close() {
        await sendCommand(base, "DELETE", `/session/${session.id}`, undefined, 10_000)
          .catch(() => {});
        await endChild(child);
        await display.close();
      },
    };
  } catch (err) {
    if (driver) await endChild(driver);
    await display.close();
    throw err;
  }
}
