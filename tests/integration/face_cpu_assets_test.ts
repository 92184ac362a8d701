// The CPU face detector's files (for browsers whose detector worker has no WebGL), as a browser
// gets them: the detector worker names them (the pages do not: the worker imports the CPU detector
// only where MediaPipe cannot detect), and our own server serves each with a content-hashed name,
// immutable caching, the right type, and the CSP that lets the wasm run.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";

function blurAssetsIn(html: string): Record<string, string> | null {
  for (const attr of html.match(/data-props="([^"]*)"/g) ?? []) {
    const json = attr.slice('data-props="'.length, -1).replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
    const props = JSON.parse(json);
    if (props.blurAssets) return props.blurAssets;
  }
  return null;
}

Deno.test({
  name: "CPU face detector: named by the detector worker only; hashed, immutable, same-origin",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const member = await registerMember(server);
      const page = await member.client.get("/test-chat");
      assert.equal(page.status, 200);
      const assets = blurAssetsIn(page.text);
      assert.ok(assets, "/test-chat hands face blur's files to its island");
      const get = async (url: string) => {
        const res = await fetch(server.url + url);
        const body = new Uint8Array(await res.arrayBuffer());
        assert.equal(res.status, 200, url);
        assert.match(res.headers.get("cache-control") ?? "", /immutable/, url);
        return {
          body,
          type: res.headers.get("content-type") ?? "",
          csp: res.headers.get("content-security-policy") ?? "",
        };
      };
      const worker = new TextDecoder().decode((await get(assets.detector)).body);
      const named = (pattern: RegExp) => {
        const found = [...new Set(worker.match(pattern) ?? [])];
        assert.equal(found.length, 1, `the detector worker names one ${pattern}: ${found}`);
        assert.ok(!page.text.includes(found[0]), `the page does not load ${found[0]}`);
        return found[0];
      };
      const cpu = {
        module: named(/\/build\/workers\/face-cpu-[0-9A-Z]{8,}\.js/g),
        model: named(/\/build\/models\/face-detector-full-range-[0-9a-f]{10}\.bin/g),
        wasm: named(/\/build\/models\/tfjs-backend-wasm-[0-9a-f]{10}\.wasm/g),
        wasmSimd: named(/\/build\/models\/tfjs-backend-wasm-simd-[0-9a-f]{10}\.wasm/g),
      };

      const module = await get(cpu.module);
      assert.match(module.type, /javascript/);
      assert.match(module.csp, /script-src 'self' 'wasm-unsafe-eval'/);
      assert.match(module.csp, /connect-src 'self'(;|$)/);
      assert.match(new TextDecoder().decode(module.body), /export\s*\{[^}]*loadCpuDetector/);

      const model = await get(cpu.model);
      assert.match(model.type, /^application\/octet-stream$/);
      assert.equal(new TextDecoder().decode(model.body.slice(0, 4)), "GFD1", "a converted model");
      assert.ok(model.body.length > 500_000, `BlazeFace's weights (${model.body.length} bytes)`);

      for (const url of [cpu.wasm, cpu.wasmSimd]) {
        const wasm = await get(url);
        assert.match(wasm.type, /^application\/wasm$/, url);
        assert.deepEqual([...wasm.body.slice(0, 4)], [0x00, 0x61, 0x73, 0x6d], `${url}: wasm`);
      }
    });
  },
});
