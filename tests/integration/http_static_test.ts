// Static files: what is served is decided on the resolved path. No spelling of a hidden file's
// path (escapes, repeated slashes, dot segments, backslashes, NUL) reaches it, nothing above the
// folder is reachable, and assets are served from their resolved path with their cache headers.
import assert from "node:assert/strict";
import { rawRequest, withServer } from "../helpers/server.ts";
import { IMMUTABLE, SHORT_CACHE } from "../../lib/server/http/static.ts";

Deno.test("static: a hidden file is not served under any spelling of its path", async () => {
  await withServer(async (server) => {
    const variants = [
      "/build/manifest.json",
      "/build//manifest.json",
      "/build/%2fmanifest.json",
      "/build/%2Fmanifest.json",
      "/build/./manifest.json",
      "/build/x/../manifest.json",
      "/build/%2e/manifest.json",
      "/build/x/%2e%2e/manifest.json",
      "/build/manifest.json/",
      "/build/%6danifest.json",
      "/build/manifest.json%00",
      "/build/chunks%5c..%5cmanifest.json",
      "/build/%E0%A4%A",
      "/build/../build/manifest.json",
      "/build/%2e%2e/build/manifest.json",
      "/build/%2e%2e%2fbuild%2fmanifest.json",
      "/static/build/manifest.json",
      "/static//build/manifest.json",
      "/static/build%2fmanifest.json",
      "/static/build%2Fmanifest.json",
      "/static/./build/manifest.json",
      "/static/css/../build/manifest.json",
      "/static/css%2f..%2fbuild%2fmanifest.json",
      "/static/build/%2e/manifest.json",
      "/static/build\\manifest.json",
      "/static/%2e%2e/deno.json",
      "/static/..%2fdeno.json",
      "/static/%2e%2e%2fREADME.md",
    ];
    for (const path of variants) {
      const res = await rawRequest(server, path);
      assert.ok([400, 404].includes(res.status), `${path} responded ${res.status}`);
      assert.ok(!res.head.includes("cache-control: public"), `${path}: ${res.head}`);
    }
  });
});

Deno.test("static: assets are served from their resolved path, with their cache headers", async () => {
  await withServer(async (server) => {
    const page = await (await fetch(server.url + "/auth")).text();
    const script = page.match(/\/build\/[\w./-]+\.js/)?.[0];
    assert.ok(script, "the page links its script");
    for (const [path, cache] of [[script, IMMUTABLE], ["/static/icon.svg", SHORT_CACHE]]) {
      const res = await rawRequest(server, path);
      assert.equal(res.status, 200, path);
      assert.ok(res.head.includes(`cache-control: ${cache}`), `${path}: ${res.head}`);
      // The same file under another spelling of its path is the same file.
      const spelled = path.replace(/^\/(build|static)\//, "/$1//./");
      const again = await rawRequest(server, spelled);
      assert.equal(again.status, 200, spelled);
      assert.ok(again.head.includes(`cache-control: ${cache}`), spelled);
    }
  });
});
