// The safety shield's build (lib/server/build/shield_assets.ts): nsfwjs's MobileNetV2 UMD scripts become
// a model.json and a binary weights file that match byte for byte what the manifest describes;
// the package's scripts run with no permissions; and the test hook is in development builds of
// the page code only, compiled out of production ones.
import assert from "node:assert/strict";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { convertModel, evaluateUmd } from "../../lib/server/build/shield_assets.ts";
import { packageDir } from "../../lib/server/build/worker_files.ts";
import { ROOT } from "../../lib/server/build/assets.ts";

const DTYPE_BYTES: Record<string, number> = {
  float32: 4,
  int32: 4,
  uint16: 2,
  float16: 2,
  uint8: 1,
};

interface WeightSpec {
  shape: number[];
  dtype: string;
  /** Quantized weights are stored as this type. */
  quantization?: { dtype: string };
}

Deno.test("shield build: the model's weights file holds exactly the weights its manifest lists", async () => {
  const dir = join(await packageDir(ROOT, "nsfwjs"), "dist/models/mobilenet_v2");
  const files = await convertModel(dir);
  const model = JSON.parse(new TextDecoder().decode(files.get("model.json")));
  assert.ok(model.modelTopology, "a layers model topology");
  const paths = model.weightsManifest.flatMap((g: { paths: string[] }) => g.paths);
  assert.deepEqual(paths, ["group1-shard1of1.bin"]);
  const expected = model.weightsManifest
    .flatMap((g: { weights: WeightSpec[] }) => g.weights)
    .reduce(
      (n: number, w: WeightSpec) =>
        n + w.shape.reduce((a, b) => a * b, 1) * DTYPE_BYTES[w.quantization?.dtype ?? w.dtype],
      0,
    );
  const bin = files.get("group1-shard1of1.bin")!;
  assert.equal(bin.length, expected, "weights bytes");
  assert.ok(bin.length > 2_000_000, `MobileNetV2's weights, not a stub (${bin.length} bytes)`);
  // Five outputs: Drawing, Hentai, Neutral, Porn, Sexy.
  assert.match(JSON.stringify(model.modelTopology), /"units":\s*5\b/);
});

Deno.test("shield build: a package's model script runs with no permissions", async () => {
  assert.deepEqual(await evaluateUmd(`module.exports = { a: 1 };`), { a: 1 });
  await assert.rejects(
    () => evaluateUmd(`module.exports = Deno.readTextFileSync("/etc/hostname");`),
    /NotCapable|Requires read access/,
  );
  await assert.rejects(
    () => evaluateUmd(`module.exports = Deno.env.get("HOME");`),
    /NotCapable|Requires env access/,
  );
});

async function bundleMonitor(testHooks: boolean): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, "lib/client/shield/monitor.ts")],
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    logLevel: "silent",
    define: { "__TEST_HOOKS__": String(testHooks) },
  });
  return result.outputFiles[0].text;
}

Deno.test("shield build: the test hook is compiled out of production builds", async () => {
  try {
    assert.match(await bundleMonitor(true), /__glimpseShield/);
    assert.doesNotMatch(await bundleMonitor(false), /__glimpseShield/);
  } finally {
    await esbuild.stop();
  }
});
