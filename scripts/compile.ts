// `deno task compile [--output <file>]`: the self-hosted binary (docs/deploy.md). Builds the
// browser assets for production (no test hooks), then `deno compile`s scripts/glimpse.ts with the
// build and the other static files embedded, into dist/glimpse unless told otherwise. The binary
// serves that embedded build and never builds (lib/server/build/assets.ts, shippedBuildOnly); it reads
// nothing from its working directory but the KV file KV_PATH names.
import { join, relative, resolve } from "node:path";
import { BUILD_DIR, buildAssets, ROOT, stopBuilder } from "../lib/server/build/assets.ts";
import { walk } from "../lib/server/build/walk.ts";

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const output = resolve(option(Deno.args, "--output") ?? join(ROOT, "dist", "glimpse"));
const started = performance.now();
const buildStart = Date.now() - 1_000;
const assets = await buildAssets(false);
await stopBuilder();
const built = performance.now();
console.log(
  `Built ${assets.islandNames.length} islands for production in ${Math.round(built - started)} ms`,
);

// Files of earlier builds (kept an hour for pages other running servers rendered) stay out.
const exclude: string[] = [];
for await (const file of walk(BUILD_DIR)) {
  const info = await Deno.stat(file);
  if ((info.mtime?.getTime() ?? 0) < buildStart && !file.endsWith("manifest.json")) {
    exclude.push(file);
  }
}
await Deno.mkdir(join(output, ".."), { recursive: true });
const args = [
  "compile",
  "-A",
  // `deno task check` type-checks; compiling again would only double the time.
  "--no-check",
  // npm packages from Deno's cache, only those the server's module graph reaches (with the
  // project's node_modules folder, every installed package would be embedded: 230 MB more).
  "--node-modules-dir=none",
  "--exclude-unused-npm",
  "--include",
  "static/",
  ...exclude.flatMap((path) => ["--exclude", path]),
  "--output",
  output,
  "scripts/glimpse.ts",
];
const out = await new Deno.Command(Deno.execPath(), {
  args,
  cwd: ROOT,
  stdout: "piped",
  stderr: "piped",
}).output();
const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
if (!out.success) {
  if (/denort|dl\.deno\.land/.test(text)) {
    console.error(
      `deno compile needs Deno's runtime binary "denort" ${Deno.version.deno} ` +
        `(${Deno.build.target}), which it downloads from dl.deno.land on first use and keeps in ` +
        "its cache; without that, set DENORT_BIN to a denort of this very version.",
    );
  }
  console.error(text.trim());
  Deno.exit(1);
}
if (Deno.args.includes("--verbose")) console.log(text.trim());
const size = (await Deno.stat(output)).size;
const shown = relative(Deno.cwd(), output);
console.log(
  `Compiled ${shown.startsWith("..") ? output : shown} (${(size / 1024 / 1024).toFixed(0)} MB) ` +
    `in ${Math.round(performance.now() - built)} ms`,
);
