// Face blur's browser files, built next to the islands: the detector worker (esbuild, MediaPipe's
// tasks-vision bundled in), MediaPipe's wasm loader and binary, and the BlazeFace full-range
// model (sparse) with the TFLite metadata MediaPipe's FaceDetector requires. All come from npm packages,
// get content-hashed names, and are served by our own server with immutable caching.
import * as esbuild from "esbuild";
import { basename, extname, join } from "node:path";
import { addImageInputMetadata } from "./tflite_metadata.ts";
import type { BlurAssets } from "../client/privacy/protocol.ts";

const TASKS_VISION = "@mediapipe/tasks-vision";
const FACE_DETECTION = "@mediapipe/face_detection";
/** The ES-module build of the loader: the detector worker is a module worker. */
const WASM_LOADER = "wasm/vision_wasm_module_internal.js";
const WASM_BINARY = "wasm/vision_wasm_module_internal.wasm";
const MODEL = "face_detection_full_range_sparse.tflite";

const WORKERS = {
  detector: "lib/client/privacy/face_worker.ts",
} as const;

/** Project files whose change must rebuild these assets (besides the workers' own inputs). */
export const PRIVACY_BUILD_INPUTS = ["lib/build/tflite_metadata.ts"];

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

/**
 * tasks-vision posts usage logs to Google every minute (odml.pa.googleapis.com), which no option
 * turns off. Our CSP would block the request; we also remove it, so the detector talks to
 * nobody. The build fails if the code to patch is not found (e.g. after an upgrade).
 */
export function withoutUsageLogging(source: string): string {
  const flush = "flush(t,e){if(this.error)";
  if (!source.includes("odml.pa.googleapis.com")) return source;
  if (source.split(flush).length !== 2) {
    throw new Error("tasks-vision's usage logging changed: review it before upgrading");
  }
  // The logger's flush drops what it gathered and reports success, without sending it.
  return source.replace(flush, "flush(t,e){this.i=[];t?.();return;if(this.error)")
    .replaceAll("https://odml.pa.googleapis.com/v1/log", "about:blank");
}

export async function hashName(name: string, bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const hash = Array.from(digest.slice(0, 5), (b) => b.toString(16).padStart(2, "0")).join("");
  const ext = extname(name);
  return `${basename(name, ext)}-${hash}${ext}`;
}

/**
 * Builds the face blur files into `outdir` (below `models/` and `workers/`) and returns their
 * URLs (`/build/…`) and the project files the workers were built from.
 */
export async function buildPrivacyAssets(
  root: string,
  outdir: string,
): Promise<{ assets: BlurAssets; inputs: string[] }> {
  const vision = await packageDir(root, TASKS_VISION);
  const faces = await packageDir(root, FACE_DETECTION);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(WORKERS).map(([name, file]) => ({ in: file, out: name })),
    outdir: join(outdir, "workers"),
    bundle: true,
    format: "esm",
    minify: true,
    target: ["es2020", "chrome100", "safari15", "firefox100"],
    entryNames: "[name]-[hash]",
    metafile: true,
    write: true,
    logLevel: "silent",
    plugins: [{
      name: "tasks-vision",
      setup(build) {
        build.onResolve({ filter: /^@mediapipe\/tasks-vision$/ }, () => ({
          path: join(vision, "vision_bundle.mjs"),
        }));
        build.onLoad({ filter: /vision_bundle\.mjs$/ }, async (args) => ({
          contents: withoutUsageLogging(await Deno.readTextFile(args.path)),
          loader: "js",
        }));
      },
    }],
  });
  const url = (out: string) => "/build/" + out.slice(out.indexOf("workers/"));
  const workers: Record<string, string> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const entry = Object.entries(WORKERS).find(([, file]) => file === meta.entryPoint);
    if (entry) workers[entry[0]] = url(out);
  }
  const inputs = Object.keys(result.metafile.inputs).filter((i) => !i.includes("node_modules/"));

  await Deno.mkdir(join(outdir, "models"), { recursive: true });
  const place = async (name: string, bytes: Uint8Array) => {
    const file = await hashName(name, bytes);
    await Deno.writeFile(join(outdir, "models", file), bytes);
    return `/build/models/${file}`;
  };
  const model = addImageInputMetadata(await Deno.readFile(join(faces, MODEL)));
  return {
    assets: {
      detector: workers.detector,
      loader: await place(basename(WASM_LOADER), await Deno.readFile(join(vision, WASM_LOADER))),
      wasm: await place(basename(WASM_BINARY), await Deno.readFile(join(vision, WASM_BINARY))),
      model: await place(MODEL, model),
    },
    inputs,
  };
}
