// `deno task test`: builds the browser assets, runs the unit and integration tests in parallel,
// then the browser tests one file at a time (each drives Chromium or Firefox with live video,
// which two cores do not share well), and ends with the plain line "N passed, N failed".
// Files given as arguments are run instead of the whole suite.
import { buildAssets, stopBuilder } from "../lib/build/assets.ts";
import { ensureSystemDeps } from "./system_deps.ts";

const given = Deno.args;
// The browser tests need Chromium, Firefox ESR, Xvfb, ffmpeg and coturn: installed now when
// missing (as root or with sudo), else the run stops here with the one command to type.
if (given.length === 0 || given.some((a) => a.includes("e2e"))) {
  const problem = await ensureSystemDeps((line) => console.log(line));
  if (problem) {
    console.error(problem);
    Deno.exit(1);
  }
}

await buildAssets();
await stopBuilder();

const SUMMARY = /^(?:ok|FAILED) \| (\d+) passed(?: \([^)]*\))? \| (\d+) failed/m;
// deno-lint-ignore no-control-regex
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

async function run(args: string[]): Promise<{ passed: number; failed: number; code: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", ...args],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    text += decoder.decode(chunk, { stream: true });
  }
  const { code } = await child.status;
  const m = strip(text).match(new RegExp(SUMMARY.source, "gm"))?.pop()?.match(SUMMARY);
  const passed = m ? Number(m[1]) : 0;
  const failed = m ? Number(m[2]) : (code === 0 ? 0 : 1);
  return { passed, failed, code };
}

const runs = given.length ? [await run(given)] : [
  await run(["--parallel", "tests/unit/", "tests/integration/"]),
  await run(["tests/e2e/"]),
];

const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
Deno.exit(runs.some((r) => r.code !== 0) || failed > 0 ? 1 : 0);
