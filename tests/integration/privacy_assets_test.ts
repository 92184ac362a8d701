// Face blur's files as a browser gets them: named by the pages that use the camera (and only by
// those), served by our own server with content-hashed names, immutable caching and the CSP that
// lets the wasm run; the detector worker carries no usage logging; and no page promises a safety
// shield that does not exist.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";
import { withoutUsageLogging } from "../../lib/build/privacy_assets.ts";

const CAMERA_PAGES = ["/test-chat", "/camera"];
const OTHER_PAGES = ["/", "/profile", "/filters", "/subscriptions"];

function blurAssetsIn(html: string): Record<string, string> | null {
  const m = html.match(/data-props="([^"]*)"/g) ?? [];
  for (const attr of m) {
    const json = attr.slice('data-props="'.length, -1).replace(/&quot;/g, '"').replace(
      /&amp;/g,
      "&",
    );
    const props = JSON.parse(json);
    if (props.blurAssets) return props.blurAssets;
  }
  return null;
}

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
          ["detector", "loader", "model", "wasm"],
        );
      }
      for (const path of OTHER_PAGES) {
        const page = await member.client.get(path);
        assert.ok(!/\/build\/(models|workers)\//.test(page.text), `${path} loads no blur files`);
      }
      const types: Record<string, RegExp> = {
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
        assert.ok(body.length > 1000, `${url} has content`);
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

Deno.test({
  name: "no page promises a safety shield (it is not built)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const member = await registerMember(server);
      for (const path of ["/welcome", "/terms-of-service", "/privacy-policy", "/subscriptions"]) {
        const res = await fetch(server.url + path);
        assert.doesNotMatch(await res.text(), /safety shield/i, path);
      }
      for (const path of ["/", "/profile", "/test-chat", "/camera"]) {
        const page = await member.client.get(path);
        assert.doesNotMatch(page.text, /safety shield/i, path);
      }
    });
  },
});
