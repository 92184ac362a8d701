// Face blur's files as a browser gets them: named by the pages that use the camera (and only by
// those), served by our own server with content-hashed names, immutable caching and the CSP that
// lets the wasm run; the detector worker carries no usage logging. The safety shield's files the
// same way, named by the live pages only; and the pages that describe the shield.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";
import { withoutUsageLogging } from "../../lib/server/build/privacy_assets.ts";

const CAMERA_PAGES = ["/test-chat", "/camera"];
const OTHER_PAGES = ["/", "/profile", "/filters", "/subscriptions"];

const blurAssetsIn = (html: string) => propsIn(html, "blurAssets");

Deno.test({
  name: "face blur files: only camera pages name them; hashed, immutable, same-origin, no logging",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const member = await registerMember(server);
      let assets: Record<string, string> | null = null;
      for (const path of CAMERA_PAGES) {
        const page = await member.client.get(path);
        assert.equal(page.status, 200, path);
        assets = blurAssetsIn(page.text);
        assert.ok(assets, `${path} hands face blur's files to its island`);
        assert.deepEqual(
          Object.keys(assets).sort(),
          [
            "cameraSwitch",
            "clock",
            "compositor",
            "detector",
            "loader",
            "model",
            "pageCompositor",
            "wasm",
          ],
        );
      }
      for (const path of OTHER_PAGES) {
        const page = await member.client.get(path);
        assert.ok(!/\/build\/(models|workers)\//.test(page.text), `${path} loads no blur files`);
      }
      const types: Record<string, RegExp> = {
        compositor: /javascript/,
        pageCompositor: /javascript/,
        clock: /javascript/,
        cameraSwitch: /javascript/,
        detector: /javascript/,
        loader: /javascript/,
        wasm: /^application\/wasm$/,
        model: /^application\/octet-stream$/,
      };
      for (const [name, url] of Object.entries(assets!)) {
        assert.match(url, /^\/build\/(models|workers)\/[\w.-]+-[0-9a-zA-Z]{8,}\.\w+$/, url);
        const res = await fetch(server.url + url);
        const body = new Uint8Array(await res.arrayBuffer());
        assert.equal(res.status, 200, url);
        // The clock worker is a few lines; every other file is far larger.
        assert.ok(
          body.length > (name === "clock" || name === "cameraSwitch" ? 100 : 1000),
          `${url} has content`,
        );
        assert.match(res.headers.get("content-type") ?? "", types[name], url);
        assert.match(res.headers.get("cache-control") ?? "", /immutable/, url);
        // Workers take their CSP from their own response: wasm may run, nothing else is reached.
        const csp = res.headers.get("content-security-policy") ?? "";
        assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, url);
        assert.match(csp, /connect-src 'self'(;|$)/, url);
        if (name === "detector") {
          const text = new TextDecoder().decode(body);
          assert.ok(!text.includes("odml.pa.googleapis.com"), "the detector sends no usage logs");
        }
        if (name === "wasm") {
          assert.deepEqual([...body.slice(0, 4)], [0x00, 0x61, 0x73, 0x6d], "a wasm binary");
        }
        if (name === "model") {
          assert.equal(new TextDecoder().decode(body.slice(4, 8)), "TFL3", "a TFLite model");
        }
      }
    });
  },
});

Deno.test("usage logging is cut from tasks-vision, and a changed logger stops the build", () => {
  const logger =
    'flush(t,e){if(this.error)e();else send({url:"https://odml.pa.googleapis.com/v1/log"})}';
  const cut = withoutUsageLogging(logger);
  assert.ok(!cut.includes("googleapis"));
  assert.match(cut, /^flush\(t,e\)\{this\.i=\[\];t\?\.\(\);return;/);
  assert.equal(withoutUsageLogging("no logging here"), "no logging here");
  assert.throws(
    () => withoutUsageLogging('flush(a,b){send("https://odml.pa.googleapis.com/v1/log")}'),
    /usage logging changed/,
  );
});

function propsIn(html: string, key: string): Record<string, string> | null {
  for (const attr of html.match(/data-props="([^"]*)"/g) ?? []) {
    const json = attr.slice('data-props="'.length, -1).replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
    const props = JSON.parse(json);
    if (props[key]) return props[key];
  }
  return null;
}

Deno.test({
  name: "shield files: only the live pages name them; hashed, immutable, same-origin, complete",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const member = await registerMember(server);
      const live = await member.client.get("/live-match");
      const assets = propsIn(live.text, "shieldAssets");
      assert.ok(assets, "/live-match hands the shield's files to its island");
      assert.deepEqual(Object.keys(assets).sort(), ["classifier", "model", "wasm", "wasmSimd"]);
      for (const path of [...CAMERA_PAGES, ...OTHER_PAGES]) {
        const page = await member.client.get(path);
        assert.equal(propsIn(page.text, "shieldAssets"), null, `${path} names no shield files`);
        assert.ok(!page.text.includes(assets.classifier), `${path} loads no classifier`);
      }
      const get = async (url: string, type: RegExp) => {
        const res = await fetch(server.url + url);
        const body = new Uint8Array(await res.arrayBuffer());
        assert.equal(res.status, 200, url);
        assert.match(res.headers.get("content-type") ?? "", type, url);
        assert.match(res.headers.get("cache-control") ?? "", /immutable/, url);
        return { body, csp: res.headers.get("content-security-policy") ?? "" };
      };
      const worker = await get(assets.classifier, /javascript/);
      assert.match(assets.classifier, /^\/build\/workers\/shield-classifier-[0-9A-Z]{8,}\.js$/);
      assert.match(worker.csp, /script-src 'self' 'wasm-unsafe-eval'/);
      assert.match(worker.csp, /connect-src 'self'(;|$)/);
      for (const name of ["wasm", "wasmSimd"]) {
        assert.match(assets[name], /^\/build\/models\/tfjs-backend-wasm[\w-]*-[0-9a-f]{10}\.wasm$/);
        const { body } = await get(assets[name], /^application\/wasm$/);
        assert.deepEqual([...body.slice(0, 4)], [0x00, 0x61, 0x73, 0x6d], `${name}: a wasm binary`);
      }
      // nsfwjs asks for model.json; the folder's name carries the hash of everything in it.
      assert.match(assets.model, /^\/build\/models\/nsfw-mobilenet-v2-[0-9a-f]{10}\/model\.json$/);
      const model = JSON.parse(new TextDecoder().decode((await get(assets.model, /json/)).body));
      const shards = model.weightsManifest.flatMap((g: { paths: string[] }) => g.paths);
      assert.ok(shards.length > 0, "the model names its weights");
      for (const shard of shards) {
        const url: string = new URL(shard, server.url + assets.model).pathname;
        const { body } = await get(url, /^application\/octet-stream$/);
        assert.ok(body.length > 2_000_000, `${url}: MobileNetV2's weights (${body.length} bytes)`);
      }
    });
  },
});

Deno.test({
  name: "the pages describe the safety shield, and the profile has its switch's state",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const member = await registerMember(server);
      for (const path of ["/welcome", "/terms-of-service", "/privacy-policy", "/subscriptions"]) {
        const res = await fetch(server.url + path);
        assert.match(await res.text(), /safety shield/i, path);
      }
      // The profile's Privacy & Security tab (drawn by its island) gets the switch's state.
      const profile = await member.client.get("/profile");
      assert.equal(propsIn(profile.text, "user")?.safetyShieldEnabled, true);
      // The Terms no longer say that nothing blurs what a partner shows.
      const terms = await (await fetch(server.url + "/terms-of-service")).text();
      assert.doesNotMatch(terms, /does not blur what your partner shows you/);
    });
  },
});
