// Builds the browser assets: one esbuild entry per island, each a single file (react aliased to
// preact/compat, minified, content-hashed names) plus the stylesheet. The manifest records
// every input's content hash, so start-up can tell when the build is missing or stale.
import { precompress } from "./precompress.ts";
import * as esbuild from "esbuild";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildPrivacyAssets, PRIVACY_BUILD_INPUTS } from "./privacy_assets.ts";
import { buildShieldAssets, SHIELD_BUILD_INPUTS } from "./shield_assets.ts";
import type { BlurAssets, ShieldAssets } from "../../shared/assets.ts";
import { walk } from "./walk.ts";
import { usedKeys } from "../i18n/used_keys.ts";
import { englishCatalogs } from "../i18n/catalogs.ts";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const BUILD_DIR = join(ROOT, "static", "build");
const MANIFEST = join(BUILD_DIR, "manifest.json");
const ISLANDS_DIR = join(ROOT, "islands");
const CSS_ENTRY = join(ROOT, "static", "css", "app.css");
const SERVICE_WORKER_ENTRY = join(ROOT, "lib", "client", "sw", "service_worker.ts");
const BUILD_VERSION = 9;

/** The files the build's message scan depends on: the scan, and every English catalog. */
const MESSAGE_BUILD_INPUTS = [
  "lib/server/i18n/used_keys.ts",
  ...[...Deno.readDirSync(join(ROOT, "lib", "shared", "i18n", "catalog"))]
    .filter((e) => e.isDirectory).map((e) => `lib/shared/i18n/catalog/${e.name}/en.ts`).sort(),
];

/**
 * Islands written against preact's own event names (onInput on text fields; onChange only on
 * checkboxes, radios and selects, where the browser's change event is immediate), built without
 * preact/compat's React layer: 2 KB gzip less. Others use React's onChange on text fields, which
 * only compat maps to the input event.
 */
export const PREACT_ONLY_ISLANDS: ReadonlySet<string> = new Set(["LiveSession"]);
/** The React hooks API straight from preact/hooks, for PREACT_ONLY_ISLANDS. */
const REACT_LEAN = join(ROOT, "lib", "client", "react_lean.ts");

export interface Manifest {
  version: number;
  builtAt: string;
  css: string;
  islands: Record<
    string,
    {
      file: string;
      imports: string[];
      /** The catalog keys the island's code can read, by namespace (lib/server/i18n/used_keys.ts). */
      messages?: Record<string, string[]>;
    }
  >;
  islandNames: string[];
  /** Face blur's workers, wasm and model, loaded only by pages that use the camera. */
  privacy: BlurAssets;
  /** The safety shield's worker, wasm and model, loaded only by the live session. */
  shield: ShieldAssets;
  /**
   * The service worker's script, minified; /sw.js serves it with the build's shell prepended
   * (it has a fixed address, so it is not a file of the build).
   */
  serviceWorker: string;
  /**
   * Whether browser code keeps its test-only hooks (`__TEST_HOOKS__`). Production builds
   * compile them out; a build made the other way is stale.
   */
  testHooks: boolean;
  /** Project-relative input path → SHA-256 of its content ("pkg" for installed packages). */
  inputs: Record<string, string>;
}

export async function listIslandNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(ISLANDS_DIR)) {
    if (entry.isFile && /^[A-Z][A-Za-z0-9]*\.tsx$/.test(entry.name)) {
      names.push(entry.name.replace(/\.tsx$/, ""));
    }
  }
  return names.sort();
}

async function sha256(path: string): Promise<string> {
  const bytes = await Deno.readFile(path);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function readManifest(): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await Deno.readTextFile(MANIFEST)) as Manifest;
    return manifest.version === BUILD_VERSION ? manifest : null;
  } catch {
    return null;
  }
}

/** Whether builds keep test-only hooks: everywhere but in production. */
export function defaultTestHooks(): boolean {
  return Deno.env.get("APP_ENV") !== "production";
}

/** Why the build must be redone, or null when the manifest matches the sources. */
export async function staleReason(
  manifest: Manifest | null,
  testHooks = defaultTestHooks(),
): Promise<string | null> {
  if (!manifest) return "no build yet";
  if (manifest.testHooks !== testHooks) {
    return testHooks ? "test hooks are wanted" : "the build has test hooks";
  }
  const names = await listIslandNames();
  if (names.join(",") !== manifest.islandNames.join(",")) return "the set of islands changed";
  for (const [path, hash] of Object.entries(manifest.inputs)) {
    if (hash === "pkg") continue;
    try {
      if (await sha256(join(ROOT, path)) !== hash) return `${path} changed`;
    } catch {
      return `${path} is gone`;
    }
  }
  const files = [
    manifest.css,
    ...Object.values(manifest.islands).map((i) => i.file),
    ...Object.values(manifest.privacy),
    ...Object.values(manifest.shield),
  ];
  for (const file of files) {
    try {
      await Deno.stat(join(ROOT, "static", file));
    } catch {
      return `${file} is missing`;
    }
  }
  return null;
}

const islandEntries = (names: string[]): esbuild.Plugin => ({
  name: "island-entries",
  setup(build) {
    build.onResolve({ filter: /^island:/ }, (args) => ({
      path: args.path.slice("island:".length),
      namespace: "island",
    }));
    build.onLoad({ filter: /.*/, namespace: "island" }, (args) => {
      if (!names.includes(args.path)) return { errors: [{ text: `unknown island ${args.path}` }] };
      const file = JSON.stringify(join(ISLANDS_DIR, `${args.path}.tsx`));
      const boot = JSON.stringify(join(ROOT, "lib", "client", "boot.ts"));
      return {
        contents: `import C from ${file};\nimport { bootIsland } from ${boot};\n` +
          `bootIsland(${JSON.stringify(args.path)}, C);\n`,
        loader: "ts",
        resolveDir: ROOT,
      };
    });
  },
});

export async function buildAssets(testHooks = defaultTestHooks()): Promise<Manifest> {
  const names = await listIslandNames();
  const outdir = join(BUILD_DIR, `.tmp-${crypto.randomUUID()}`);
  // Each island is one file with everything it needs (no shared chunks): a page loads one script,
  // which compresses far better than the same code cut into a dozen chunks (the live page: 26 KB
  // gzip as one file against 33 KB as thirteen). Pages have one island (and, for an unverified
  // member, the small banner), so little is loaded twice.
  const options = (entries: string[], react: string): esbuild.BuildOptions => ({
    absWorkingDir: ROOT,
    entryPoints: entries.map((n) => ({ in: `island:${n}`, out: n })),
    outdir,
    bundle: true,
    splitting: false,
    format: "esm",
    minify: true,
    target: ["es2020", "chrome100", "safari15", "firefox100"],
    entryNames: "[name]-[hash]",
    assetNames: "assets/[name]-[hash]",
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: { "react": react, "react-dom": react },
    define: {
      "process.env.NODE_ENV": '"production"',
      "__TEST_HOOKS__": String(testHooks),
    },
    metafile: true,
    write: true,
    logLevel: "silent",
    plugins: [islandEntries(names)],
  });
  const lean = names.filter((n) => PREACT_ONLY_ISLANDS.has(n));
  const results = await Promise.all([
    esbuild.build({
      ...options(names.filter((n) => !lean.includes(n)), "preact/compat"),
      entryPoints: [
        ...names.filter((n) => !lean.includes(n)).map((n) => ({ in: `island:${n}`, out: n })),
        { in: CSS_ENTRY, out: "app" },
      ],
    }),
    ...(lean.length ? [esbuild.build(options(lean, REACT_LEAN))] : []),
  ]);
  const result = {
    metafile: {
      inputs: Object.assign({}, ...results.map((r) => r.metafile!.inputs)),
      outputs: Object.assign({}, ...results.map((r) => r.metafile!.outputs)),
    } as esbuild.Metafile,
  };
  const privacy = await buildPrivacyAssets(ROOT, outdir);
  const shield = await buildShieldAssets(ROOT, outdir);
  const worker = await buildServiceWorker();

  const manifest: Manifest = {
    version: BUILD_VERSION,
    builtAt: new Date().toISOString(),
    css: "",
    islands: {},
    islandNames: names,
    privacy: privacy.assets,
    shield: shield.assets,
    serviceWorker: worker.code,
    testHooks,
    inputs: {},
  };
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    ...worker.inputs,
    ...privacy.inputs,
    ...PRIVACY_BUILD_INPUTS,
    ...shield.inputs,
    ...SHIELD_BUILD_INPUTS,
    // Which messages each island may read: the scan and the catalogs' keys decide it.
    ...MESSAGE_BUILD_INPUTS,
  ];
  for (const input of inputs) {
    if (input.startsWith("island:")) continue;
    manifest.inputs[input] = input.includes("node_modules/") ? "pkg" : await sha256(
      join(ROOT, input),
    );
  }
  const outputs = result.metafile.outputs;
  const english = englishCatalogs();
  const bothUse = (a: Record<string, string[]>, b: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(a).map(([ns, keys]) => [ns, keys.filter((k) => b[ns].includes(k))]),
    );
  const url = (out: string) => "/build/" + relative(outdir, join(ROOT, out));
  // Every chunk an entry needs before it runs, transitively, so the page can preload them all
  // at once instead of discovering them one level at a time.
  const staticImports = (out: string, seen = new Set<string>()): Set<string> => {
    for (const i of outputs[out]?.imports ?? []) {
      if (i.kind !== "import-statement" || seen.has(i.path)) continue;
      seen.add(i.path);
      staticImports(i.path, seen);
    }
    return seen;
  };
  for (const [out, meta] of Object.entries(outputs)) {
    if (out.endsWith(".css") && meta.entryPoint) manifest.css = url(out);
    const island = meta.entryPoint?.startsWith("island:") ? meta.entryPoint.slice(7) : null;
    if (island) {
      const imports = [...staticImports(out)];
      const read = (files: string[]) =>
        Promise.all(files.map((f) => Deno.readTextFile(join(ROOT, f)))).then((t) => t.join("\n"));
      // A key both the bundle names (so its code can still read it) and the project's own source
      // bundled into it names (not a library's string that names a key by chance).
      const bundled = await read([out, ...imports]);
      const sources = await read(
        [out, ...imports].flatMap((o) => Object.keys(outputs[o]?.inputs ?? {}))
          .filter((input) => !input.includes("node_modules/") && !input.includes(":")),
      );
      manifest.islands[island] = {
        file: url(out),
        imports: imports.map(url),
        messages: bothUse(usedKeys(bundled, english), usedKeys(sources, english)),
      };
    }
  }
  await precompress(outdir, BUILD_DIR);
  await publish(outdir, manifest);
  return manifest;
}

/** The service worker's script (a classic script: service workers load no modules everywhere). */
async function buildServiceWorker(): Promise<{ code: string; inputs: string[] }> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [SERVICE_WORKER_ENTRY],
    bundle: true,
    format: "iife",
    minify: true,
    target: ["es2020", "chrome100", "safari15", "firefox100"],
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

/** Moves the fresh build into place, writes the manifest last, and drops files no build uses. */
async function publish(outdir: string, manifest: Manifest) {
  const keep = new Set<string>(["manifest.json"]);
  for await (const file of walk(outdir)) {
    const rel = relative(outdir, file);
    keep.add(rel);
    const dest = join(BUILD_DIR, rel);
    await Deno.mkdir(join(dest, ".."), { recursive: true });
    await Deno.rename(file, dest);
  }
  await Deno.remove(outdir, { recursive: true });
  const tmpManifest = `${MANIFEST}.${crypto.randomUUID()}`;
  await Deno.writeTextFile(tmpManifest, JSON.stringify(manifest, null, 2));
  await Deno.rename(tmpManifest, MANIFEST);
  // Old hashed files are removed only when older than an hour, so a page rendered by another
  // running instance just before this build still finds its scripts.
  const cutoff = Date.now() - 3600_000;
  for await (const file of walk(BUILD_DIR)) {
    const rel = relative(BUILD_DIR, file);
    if (keep.has(rel) || rel.startsWith(".tmp-")) continue;
    const info = await Deno.stat(file);
    if ((info.mtime?.getTime() ?? 0) < cutoff) await Deno.remove(file).catch(() => {});
  }
}

/**
 * Whether the server serves the build it was shipped with and never builds: the compiled binary
 * (its files are embedded and read-only; `deno task compile` builds first) and Deno Deploy (the
 * build runs in Deploy's build step, see docs/deploy.md).
 */
export function shippedBuildOnly(): boolean {
  return Deno.build.standalone || Deno.env.get("DENO_DEPLOY") === "true";
}

/** Returns a manifest that matches the sources, building first when missing or stale. */
export async function ensureBuilt(
  log: (line: string) => void = () => {},
  testHooks = defaultTestHooks(),
): Promise<Manifest> {
  if (shippedBuildOnly()) return await shippedBuild(log, testHooks);
  const current = await readManifest();
  const reason = await staleReason(current, testHooks);
  if (current && reason === null) return current;
  log(`Building islands (${reason})...`);
  const started = performance.now();
  const manifest = await buildAssets(testHooks);
  log(
    `Built ${manifest.islandNames.length} islands in ${Math.round(performance.now() - started)} ms`,
  );
  return manifest;
}

/** The build shipped with this server, as it is (see shippedBuildOnly). */
async function shippedBuild(log: (line: string) => void, testHooks: boolean): Promise<Manifest> {
  const manifest = await readManifest();
  if (!manifest) {
    throw new Error(
      `No browser build was shipped with this server (${MANIFEST} is missing or from another ` +
        "version): build with `deno task build:prod` before deploying, or `deno task compile`.",
    );
  }
  if (manifest.testHooks !== testHooks) {
    log(
      manifest.testHooks
        ? "The shipped browser build keeps its test hooks (built outside production)."
        : "The shipped browser build is a production build (no test hooks).",
    );
  }
  return manifest;
}

export async function stopBuilder() {
  await esbuild.stop();
}
