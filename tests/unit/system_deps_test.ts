// `deno task test` makes sure the machine has what the browser tests need, or names the command.
import assert from "node:assert/strict";
import { ensureSystemDeps, installCommand, systemTools } from "../../scripts/system_deps.ts";

const missing = (env: Record<string, string>) =>
  systemTools(env).filter((t) => !t.present()).map((t) => t.pkg);

Deno.test("system deps: what is missing is named by its Debian package", async () => {
  const empty = await Deno.makeTempDir();
  try {
    const browsers = {
      CHROME_PATH: `${empty}/chrome`,
      FIREFOX_PATH: `${empty}/firefox`,
      LIBFAKETIME_PATH: `${empty}/libfaketime.so.1`,
    };
    assert.deepEqual(missing({ PATH: empty, ...browsers }), [
      "chromium",
      "firefox-esr",
      "xvfb",
      "webkit2gtk-driver",
      "ffmpeg",
      "coturn",
      "faketime",
    ]);
    // Tools in a folder on PATH, and the browsers where CHROME_PATH and FIREFOX_PATH say, count
    // as present; Xvfb and WebKitWebDriver are looked for by their own names.
    for (
      const name of [
        "ffmpeg",
        "turnserver",
        "chrome",
        "firefox",
        "xvfb",
        "webkitwebdriver",
        "libfaketime.so.1",
      ]
    ) {
      await Deno.writeTextFile(`${empty}/${name}`, "#!/bin/sh\n");
    }
    assert.deepEqual(missing({ PATH: `/nowhere:${empty}`, ...browsers }), [
      "xvfb",
      "webkit2gtk-driver",
    ]);
    await Deno.writeTextFile(`${empty}/Xvfb`, "#!/bin/sh\n");
    await Deno.writeTextFile(`${empty}/WebKitWebDriver`, "#!/bin/sh\n");
    assert.deepEqual(missing({ PATH: `/nowhere:${empty}`, ...browsers }), []);
    // WEBKIT_DRIVER_PATH names the driver instead, and must exist.
    const driver = { ...browsers, WEBKIT_DRIVER_PATH: `${empty}/elsewhere/WebKitWebDriver` };
    assert.deepEqual(missing({ PATH: `/nowhere:${empty}`, ...driver }), ["webkit2gtk-driver"]);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("system deps: without apt or sudo the run stops with one line naming the command", async () => {
  const empty = await Deno.makeTempDir();
  try {
    const logged: string[] = [];
    const env = {
      PATH: empty,
      CHROME_PATH: `${empty}/chrome`,
      FIREFOX_PATH: `${empty}/firefox`,
      LIBFAKETIME_PATH: `${empty}/libfaketime.so.1`,
    };
    assert.equal(
      await ensureSystemDeps((l) => logged.push(l), env, false),
      "The tests need chromium, firefox-esr, xvfb, webkit2gtk-driver, ffmpeg, coturn, " +
        "faketime: run `sudo apt-get update && sudo apt-get install -y chromium firefox-esr xvfb " +
        "webkit2gtk-driver ffmpeg coturn faketime`",
    );
    assert.deepEqual(logged, [], "nothing was tried");
    assert.equal(
      installCommand(["coturn"], true),
      "apt-get update && apt-get install -y coturn",
    );
    // Everything present: nothing to do.
    const tools = ["ffmpeg", "turnserver", "chrome", "firefox", "Xvfb", "WebKitWebDriver"];
    for (const name of [...tools, "libfaketime.so.1"]) {
      await Deno.writeTextFile(`${empty}/${name}`, "#!/bin/sh\n");
    }
    assert.equal(await ensureSystemDeps(() => {}, env, false) ?? "none", "none");
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});
