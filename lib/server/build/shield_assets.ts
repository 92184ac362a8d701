// The safety shield's browser files: the classifier worker (esbuild: nsfwjs/core, tfjs-core,
// tfjs-layers and tfjs's WebAssembly backend bundled in), tfjs's wasm binaries, and nsfwjs's
// MobileNetV2 turned from the package's UMD scripts into a model.json and a binary weights file.
// All come from npm packages, get content-hashed names, and are served by our own server.
import { join } from "node:path";
import { buildWorkers, hashName, packageDir, placeModelFile } from "./worker_files.ts";
import type { ShieldAssets } from "../../shared/assets.ts";

const NSFWJS = "nsfwjs";
const TFJS_WASM = "@tensorflow/tfjs-backend-wasm";
const MODEL_DIR = "dist/models/mobilenet_v2";
const WORKER = "lib/client/shield/classifier_worker.ts";

/** Project files whose change must rebuild these assets (besides the worker's own inputs). */
export const SHIELD_BUILD_INPUTS = [
  "lib/server/build/shield_assets.ts",
  "lib/server/build/worker_files.ts",
];

/**
 * Runs one of nsfwjs's UMD model scripts and returns what it exports (the model JSON, or a
 * weights shard as base64). The script runs in a worker with no permissions at all.
 */
export async function evaluateUmd(source: string): Promise<unknown> {
  const code = `self.onmessage = (e) => {
    try {
      const module = { exports: {} };
      new Function("module", "exports", e.data)(module, module.exports);
      self.postMessage({ ok: true, value: module.exports });
    } catch (err) {
      self.postMessage({ ok: false, error: String(err) });
    }
  };`;
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const worker = new Worker(url, {
    type: "module",
    deno: { permissions: "none" },
  } as WorkerOptions);
  try {
    const answer = await new Promise<{ ok: boolean; value?: unknown; error?: string }>(
      (resolve, reject) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.onerror = (e) => {
          e.preventDefault();
          reject(new Error(e.message));
        };
        worker.postMessage(source);
      },
    );
    if (!answer.ok) throw new Error(`nsfwjs model script failed: ${answer.error}`);
    return answer.value;
  } finally {
    worker.terminate();
    URL.revokeObjectURL(url);
  }
}

interface LayersModelJson {
  modelTopology: unknown;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
}

/**
 * nsfwjs's MobileNetV2 as files tfjs loads by URL: `model.json` (nsfwjs asks for that name) and
 * each weights shard decoded from base64 into a binary file beside it.
 */
export async function convertModel(dir: string): Promise<Map<string, Uint8Array>> {
  const json = await evaluateUmd(await Deno.readTextFile(join(dir, "model.min.js"))) as
    | LayersModelJson
    | null;
  if (!json?.modelTopology || !Array.isArray(json.weightsManifest)) {
    throw new Error("nsfwjs's MobileNetV2 script did not export a layers model");
  }
  const files = new Map<string, Uint8Array>();
  const manifest = [];
  for (const group of json.weightsManifest) {
    const paths = [];
    for (const path of group.paths) {
      const base64 = await evaluateUmd(await Deno.readTextFile(join(dir, `${path}.min.js`)));
      if (typeof base64 !== "string") throw new Error(`nsfwjs's ${path} is not base64 text`);
      files.set(`${path}.bin`, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      paths.push(`${path}.bin`);
    }
    manifest.push({ ...group, paths });
  }
  const model = JSON.stringify({ ...json, weightsManifest: manifest });
  files.set("model.json", new TextEncoder().encode(model));
  return files;
}

/** Writes `files` into a folder of `parent` named by `name` and the hash of all their bytes. */
async function placeFolder(
  parent: string,
  name: string,
  files: Map<string, Uint8Array>,
): Promise<string> {
  const all = new Uint8Array([...files.values()].reduce((n, b) => n + b.length, 0));
  let offset = 0;
  for (const bytes of files.values()) {
    all.set(bytes, offset);
    offset += bytes.length;
  }
  const folder = await hashName(name, all);
  await Deno.mkdir(join(parent, folder), { recursive: true });
  for (const [file, bytes] of files) await Deno.writeFile(join(parent, folder, file), bytes);
  return folder;
}

/**
 * Builds the shield's files into `outdir` (below `models/` and `workers/`) and returns their
 * URLs and the project files the worker was built from.
 */
export async function buildShieldAssets(
  root: string,
  outdir: string,
): Promise<{ assets: ShieldAssets; inputs: string[] }> {
  const nsfw = await packageDir(root, NSFWJS);
  const tfWasm = await packageDir(root, TFJS_WASM);
  const { urls, inputs } = await buildWorkers(root, outdir, { "shield-classifier": WORKER }, {
    alias: {
      "@tensorflow/tfjs": join(root, "lib/client/shield/tfjs.ts"),
      "buffer": join(root, "lib/client/shield/buffer.ts"),
    },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const place = (name: string, bytes: Uint8Array) => placeModelFile(outdir, name, bytes);
  const wasmFile = (name: string) => Deno.readFile(join(tfWasm, "dist", name));
  return {
    assets: {
      classifier: urls["shield-classifier"],
      model: `/build/models/${await placeFolder(
        join(outdir, "models"),
        "nsfw-mobilenet-v2",
        await convertModel(join(nsfw, MODEL_DIR)),
      )}/model.json`,
      wasm: await place("tfjs-backend-wasm.wasm", await wasmFile("tfjs-backend-wasm.wasm")),
      wasmSimd: await place(
        "tfjs-backend-wasm-simd.wasm",
        await wasmFile("tfjs-backend-wasm-simd.wasm"),
      ),
    },
    inputs,
  };
}
