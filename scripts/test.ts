// `deno task test`: builds the browser assets, then runs the unit tests (all files in parallel)
// while the integration and browser files are type-checked together (one check of what they
// share), then the integration tests (all files in parallel, one job) and the browser test files
// (each file a job, in a process of its own) on TEST_LANES lanes (default 2, one per core; with 3,
// timing-sensitive browser tests failed in 2 of 4 clean-clone runs): each lane takes the next job
// when its last one ends, the longest browser files first. A job's output prints when it ends. A
// file that rewrites the shared browser build (ALONE) runs after the lanes, by itself.
// A file that has not finished within its time limit is stopped with everything it started
// (browsers, Xvfb) and counted as failed, so that one stuck teardown cannot hold the run.
// Ends with the time each part took and the plain line "N passed, N failed".
// Files given as arguments are run instead of the whole suite (browser files one by one).
import { buildAssets, stopBuilder } from "../lib/server/build/assets.ts";
import { ensureSystemDeps } from "./system_deps.ts";

const given = Deno.args;
const isBrowserFile = (f: string) => f.includes("e2e");
/** The clock-skew test runs instances under libfaketime (package faketime). */
const needsSystemTools = (f: string) => isBrowserFile(f) || f.includes("clock_skew");
// The browser tests need Chromium, Firefox ESR, Xvfb, ffmpeg and coturn, the clock-skew test
// libfaketime: installed now when missing (as root or with sudo), else the run stops here with
// the one command to type.
if (given.length === 0 || given.some(needsSystemTools)) {
  const problem = await ensureSystemDeps((line) => console.log(line));
  if (problem) {
    console.error(problem);
    Deno.exit(1);
  }
}

const seconds = (name: string, fallback: number) => Number(Deno.env.get(name) ?? fallback) * 1000;
// The limits stop what is stuck; they are not figures. A slower machine of our kind took 2.4 times
// as long as ours (integration 6 min, the longest browser file 3 min), so each allows about twice
// that.
/** How long one browser test file may run (TEST_FILE_LIMIT_S). */
const FILE_LIMIT_MS = seconds("TEST_FILE_LIMIT_S", 480);
/** How long the unit or the integration part may run (TEST_PART_LIMIT_S). */
const PART_LIMIT_MS = seconds("TEST_PART_LIMIT_S", 900);
/** How many jobs run at once (TEST_LANES); with more than one, a job's output prints when it ends. */
const LANES = Math.max(1, Number(Deno.env.get("TEST_LANES") ?? 2));

const SUMMARY = /^(?:ok|FAILED) \| (\d+) passed(?: \([^)]*\))? \| (\d+) failed/m;
// deno-lint-ignore no-control-regex
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

interface Outcome {
  passed: number;
  failed: number;
  code: number;
  ms: number;
  /** The seconds of calls the file's servers made ("call-seconds: N" lines, summed). */
  callSeconds: number;
}

/** Stops a process and every process it started (its own process group). */
function killGroup(pid: number) {
  try {
    Deno.kill(-pid, "SIGKILL");
  } catch {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * Runs `deno test` with `args` in a process group of its own (setsid), its output passed through,
 * and stops the whole group when it outlives `limitMs`.
 */
async function run(
  args: string[],
  limitMs: number,
  label: string,
  buffered = false,
): Promise<Outcome> {
  const started = Date.now();
  const child = new Deno.Command("setsid", {
    args: [Deno.execPath(), "test", "-A", ...args],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.log(`\n${label}: still running after ${limitMs / 1000} s: stopped, counted as failed`);
    killGroup(child.pid);
  }, limitMs);
  let text = "";
  const decoder = new TextDecoder();
  const held: Uint8Array[] = [];
  const reading = (async () => {
    for await (const chunk of child.stdout) {
      if (buffered) held.push(chunk);
      else await Deno.stdout.write(chunk);
      text += decoder.decode(chunk, { stream: true });
    }
  })();
  const { code } = await child.status;
  clearTimeout(timer);
  // A test file may leave helpers behind (a browser that ignored close): none outlives its file,
  // and one that still holds the output open is not waited for beyond a few seconds.
  killGroup(child.pid);
  let drained: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([reading, new Promise((r) => drained = setTimeout(r, 5_000))]);
  clearTimeout(drained);
  for (const chunk of held) await Deno.stdout.write(chunk);
  const m = strip(text).match(new RegExp(SUMMARY.source, "gm"))?.pop()?.match(SUMMARY);
  const passed = m ? Number(m[1]) : 0;
  const failed = (m ? Number(m[2]) : 0) + (timedOut || (!m && code !== 0) ? 1 : 0);
  const callSeconds = [...strip(text).matchAll(/^call-seconds: ([\d.]+)$/gm)]
    .reduce((n, c) => n + Number(c[1]), 0);
  return { passed, failed, code: timedOut ? 1 : code, ms: Date.now() - started, callSeconds };
}

/** Type-checks `paths` once, so that each file's own run can skip it. */
async function check(paths: string[]): Promise<Outcome> {
  const started = Date.now();
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["check", ...paths],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return { passed: 0, failed: code === 0 ? 0 : 1, code, ms: Date.now() - started, callSeconds: 0 };
}

function testFiles(dir: string): string[] {
  return [...Deno.readDirSync(dir)]
    .filter((e) => e.isFile && e.name.endsWith("_test.ts"))
    .map((e) => `${dir}/${e.name}`)
    .sort();
}

const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
};

const parts: { name: string; outcomes: Outcome[]; ms: number; slowest?: string }[] = [];

/**
 * The browser files that take longest (about a minute each on two cores), started first; the rest
 * follow in name order. Only how evenly the lanes end depends on this list.
 */
const SLOWEST = [
  "privacy_live_test.ts",
  "layout_overflow_test.ts",
  "a11y_test.ts",
  "live_resilience_test.ts",
  "turn_relay_test.ts",
  "live_call_test.ts",
];

/**
 * Browser files that must run with nothing else running: deploy_compile_test.ts replaces the
 * shared browser build (static/build) with a production build, then builds the development one
 * again; a page another file loaded meanwhile would get the wrong build. netlab_move_test.ts
 * holds a call's recovery from a change of network to 5 s and its freezes to 2 s: figures of the
 * network's, which a second browser file on the same two cores would turn into the CPU's (its
 * timers seconds late). firefox_blur_test.ts waits for headless Firefox's CPU face detector
 * (tfjs on WebAssembly, no WebGL) to vouch for frames within the call: beside another browser file
 * it took longer than the call (passing alone in 28 s, failing in two of three lane runs), and so
 * does firefox_blur_webgl_test.ts's detector on Xvfb's software WebGL on a slower machine (a
 * detection older than a second covers the whole picture: 1 sharp background in 47 frames). They
 * run after the lanes.
 */
const ALONE = [
  "deploy_compile_test.ts",
  "netlab_move_test.ts",
  "firefox_blur_test.ts",
  "firefox_blur_webgl_test.ts",
];
const runsAlone = (f: string) => ALONE.includes(f.replace(/^.*\//, ""));

function slowestFirst(files: string[]): string[] {
  const rank = (f: string) => {
    const i = SLOWEST.indexOf(f.replace(/^.*\//, ""));
    return i < 0 ? SLOWEST.length : i;
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const buildStarted = Date.now();
await buildAssets();
await stopBuilder();
parts.push({ name: "build", outcomes: [], ms: Date.now() - buildStarted });

const units = given.length ? given.filter((f) => !isBrowserFile(f)) : ["tests/unit/"];
const integration = given.length ? [] : testFiles("tests/integration");
const browser = given.length ? given.filter(isBrowserFile) : testFiles("tests/e2e");
/** Each browser file's wall time and the seconds of calls it made. */
const fileTimes: [string, number, number][] = [];

// The unit tests run while the integration and browser files are type-checked in one check (they
// share most of their modules: two checks did the shared work twice); then the integration part and
// the browser files share the lanes, the longest first so that the lanes end together.
const partTimes = new Map<string, { started: number; ended: number }>();
const timed = async <T>(name: string, body: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    return await body();
  } finally {
    const t = partTimes.get(name);
    partTimes.set(name, { started: Math.min(t?.started ?? started, started), ended: Date.now() });
  }
};
const outcomes: Record<string, Outcome[]> = { unit: [], integration: [], browser: [] };
const unitPart = given.length ? "given" : "unit";
outcomes[unitPart] ??= [];
const [, checked] = await Promise.all([
  units.length
    ? timed(unitPart, async () => {
      outcomes[unitPart].push(await run(["--parallel", ...units], PART_LIMIT_MS, units.join(" ")));
    })
    : null,
  browser.length ? timed("browser", () => check([...integration, ...browser])) : null,
]);
// If the check fails, the browser files are not run (the check's failure is counted); the
// integration part runs all the same, with its own check, which names its own errors.
const checkedOk = !checked || checked.code === 0;
if (!checkedOk) outcomes.browser.push(checked!);
{
  const jobs: { part: string; args: string[]; label: string; limit: number }[] = [
    ...integration.length
      ? [{
        part: "integration",
        args: ["--parallel", ...(checked && checkedOk ? ["--no-check"] : []), ...integration],
        label: "tests/integration/",
        limit: PART_LIMIT_MS,
      }]
      : [],
    ...slowestFirst(checkedOk ? browser.filter((f) => !runsAlone(f)) : []).map((file) => ({
      part: "browser",
      args: ["--no-check", file],
      label: file,
      limit: FILE_LIMIT_MS,
    })),
  ];
  const lane = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const { part, args, label, limit } = job;
      const outcome = await timed(part, () => run(args, limit, label, LANES > 1));
      if (part === "browser") fileTimes.push([label, outcome.ms, outcome.callSeconds]);
      outcomes[part].push(outcome);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  for (const file of checkedOk ? browser.filter(runsAlone) : []) {
    const outcome = await timed("browser", () => run(["--no-check", file], FILE_LIMIT_MS, file));
    fileTimes.push([file, outcome.ms, outcome.callSeconds]);
    outcomes.browser.push(outcome);
  }
}
for (const name of [unitPart, "integration", "browser"]) {
  const t = partTimes.get(name);
  if (!t) continue;
  parts.push({
    name,
    outcomes: outcomes[name],
    ms: t.ended - t.started,
    slowest: name === "browser"
      ? fileTimes.sort((x, y) => y[1] - x[1]).slice(0, 3)
        .map(([f, ms]) => `${f.replace("tests/e2e/", "")} ${clock(ms)}`).join(", ")
      : undefined,
  });
}

const all = parts.flatMap((p) => p.outcomes);
const passed = all.reduce((n, r) => n + r.passed, 0);
const failed = all.reduce((n, r) => n + r.failed, 0);
console.log(
  "\ntime: " + parts.map((p) => `${p.name} ${clock(p.ms)}`).join(", ") +
    `; total ${clock(Date.now() - buildStarted)}` + (LANES > 1 ? ` (${LANES} lanes)` : ""),
);
for (const p of parts) if (p.slowest) console.log(`slowest ${p.name} files: ${p.slowest}`);
if (fileTimes.length > 1) {
  // Every browser file, longest first: its time, and the seconds its calls lasted.
  const calls = fileTimes.reduce((n, f) => n + f[2], 0);
  console.log(
    `browser files (time / call-seconds; ${Math.round(calls)} call-seconds in all): ` +
      fileTimes.map(([f, ms, cs]) =>
        `${f.replace("tests/e2e/", "")} ${clock(ms)}/${Math.round(cs)}`
      )
        .join(", "),
  );
}
console.log(`${passed} passed, ${failed} failed`);
Deno.exit(all.some((r) => r.code !== 0) || failed > 0 ? 1 : 0);
