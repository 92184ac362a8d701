// `deno task test` makes sure the machine has what the browser tests need, or names the command.
import assert from "node:assert/strict";
import { ensureSystemDeps, installCommand, systemTools } from "../../scripts/system_deps.ts";

const missing = (env: Record<string, string>) =>
  systemTools(env).filter((t) => !t.present()).map((t) => t.pkg);

Deno.test("system deps: what is missing is named by its Debian package", async () => {
  const empty = await Deno.makeTempDir();
  try {
    assert.deepEqual(missing({ PATH: empty, CHROME_PATH: `${empty}/chrome` }), [
      "chromium",
      "ffmpeg",
      "coturn",
    ]);
    // Tools in a folder on PATH, and Chromium where CHROME_PATH says, count as present.
    for (const name of ["ffmpeg", "turnserver", "chrome"]) {
      await Deno.writeTextFile(`${empty}/${name}`, "#!/bin/sh\n");
    }
    assert.deepEqual(missing({ PATH: `/nowhere:${empty}`, CHROME_PATH: `${empty}/chrome` }), []);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("system deps: without apt or sudo the run stops with one line naming the command", async () => {
  const empty = await Deno.makeTempDir();
  try {
    const logged: string[] = [];
    const env = { PATH: empty, CHROME_PATH: `${empty}/chrome` };
    assert.equal(
      await ensureSystemDeps((l) => logged.push(l), env, false),
      "The browser tests need chromium, ffmpeg, coturn: run " +
        "`sudo apt-get update && sudo apt-get install -y chromium ffmpeg coturn`",
    );
    assert.deepEqual(logged, [], "nothing was tried");
    assert.equal(
      installCommand(["coturn"], true),
      "apt-get update && apt-get install -y coturn",
    );
    // Everything present: nothing to do.
    for (const name of ["ffmpeg", "turnserver", "chrome"]) {
      await Deno.writeTextFile(`${empty}/${name}`, "#!/bin/sh\n");
    }
    assert.equal(await ensureSystemDeps(() => {}, env, false) ?? "none", "none");
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});
