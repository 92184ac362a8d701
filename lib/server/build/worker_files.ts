// What the on-device models' builds share: finding an npm package's installed files, building
// module workers (esbuild, minified, content-hashed), and placing model files under
// content-hashed names in the build's `models/` folder. Everything is served by our own server.
import * as esbuild from "esbuild";
import { basename, extname, join } from "node:path";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The installed folder of an npm package named in the import map, installing it if needed. */
export async function packageDir(root: string, name: string): Promise<string> {
  const map = JSON.parse(await Deno.readTextFile(join(root, "import_map.json")));
  const spec: string | undefined = map.imports[name] ?? map.imports[`${name}/`];
  const version = spec?.match(/@([^@/]+)\/?$/)?.[1];
  if (!version) throw new Error(`${name} is not in import_map.json`);
  const candidates = [
    join(root, "node_modules", name),
    join(
      root,
      "node_modules",
      ".deno",
      `${name.replace("/", "+")}@${version}`,
      "node_modules",
      name,
    ),
  ];
  for (let attempt = 0; attempt < 2; attempt++) {
    for (const dir of candidates) if (await exists(join(dir, "package.json"))) return dir;
    // Packages only the browser build uses are not in the server's module graph: install them.
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["install", "--quiet"],
      cwd: root,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!out.success) {
      throw new Error(`deno install failed: ${new TextDecoder().decode(out.stderr).trim()}`);
    }
  }
  throw new Error(`${name}@${version} is not installed (looked in ${candidates.join(", ")})`);
}

/** `name` with the first 10 hex digits of the SHA-256 of `bytes` before its extension. */
export async function hashName(name: string, bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const hash = Array.from(digest.slice(0, 5), (b) => b.toString(16).padStart(2, "0")).join("");
  const ext = extname(name);
  return `${basename(name, ext)}-${hash}${ext}`;
}

/**
 * Builds module workers into `outdir/workers/` and returns each entry's URL (`/build/workers/…`)
 * and the project files they were built from (packages' files are not project files, nor the
 * Node modules a browser field leaves out, "(disabled):…").
 */
export async function buildWorkers(
  root: string,
  outdir: string,
  entries: Record<string, string>,
  extra: Pick<esbuild.BuildOptions, "alias" | "define" | "plugins"> = {},
): Promise<{ urls: Record<string, string>; inputs: string[] }> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([name, file]) => ({ in: file, out: name })),
    outdir: join(outdir, "workers"),
    bundle: true,
    format: "esm",
    minify: true,
    target: ["es2020", "chrome100", "safari15", "firefox100"],
    entryNames: "[name]-[hash]",
    metafile: true,
    write: true,
    logLevel: "silent",
    ...extra,
  });
  const urls: Record<string, string> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const entry = Object.entries(entries).find(([, file]) => file === meta.entryPoint);
    if (entry) urls[entry[0]] = "/build/" + out.slice(out.indexOf("workers/"));
  }
  const inputs = Object.keys(result.metafile.inputs)
    .filter((i) => !i.includes("node_modules/") && !i.startsWith("(disabled)"));
  return { urls, inputs };
}

/** Writes `bytes` into `outdir/models/` under a content-hashed `name`; returns its URL. */
export async function placeModelFile(
  outdir: string,
  name: string,
  bytes: Uint8Array,
): Promise<string> {
  const file = await hashName(name, bytes);
  await Deno.mkdir(join(outdir, "models"), { recursive: true });
  await Deno.writeFile(join(outdir, "models", file), bytes);
  return `/build/models/${file}`;
}
