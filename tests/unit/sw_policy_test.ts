// The service worker's decisions (lib/client/sw/policy.ts): only this site's GET requests are
// ever responded to by it; the API, the socket, metrics, health and avatars are never touched, even
// as a navigation; pages go to the network first; only the shell's own files (exact path, no
// query) come from the cache; only plain, storable responses are ever stored; and the offline
// page is fetched again in a page's language when the stored one is in another.
import assert from "node:assert/strict";
import { decide, mayStore, neverTouched, offlineRefresh } from "../../lib/client/sw/policy.ts";

const ORIGIN = "https://glimpse.example";
const SHELL = new Set(["/build/app-ABC.css", "/static/icons/icon-192.png", "/build/Page-X.js"]);

const get = (path: string, mode = "cors") => ({ method: "GET", url: ORIGIN + path, mode });

Deno.test("sw policy: the API and the other live responses are never touched", () => {
  for (
    const path of [
      "/api/user/profile",
      "/api/filters?x=1",
      "/api",
      "/ws",
      "/metrics",
      "/healthz",
      "/avatars/123",
      "/sw.js",
      "/manifest.webmanifest",
    ]
  ) {
    assert.ok(neverTouched(new URL(ORIGIN + path).pathname), path);
    assert.equal(decide(get(path), ORIGIN, SHELL), "pass", `${path} (fetch)`);
    assert.equal(decide(get(path, "navigate"), ORIGIN, SHELL), "pass", `${path} (navigation)`);
  }
  // Even if the shell named one by mistake, it is not served from the cache.
  const careless = new Set(["/api/user/profile"]);
  assert.equal(decide(get("/api/user/profile"), ORIGIN, careless), "pass");
  // Names that only start alike are pages like any other.
  assert.equal(neverTouched("/apiary"), false);
  assert.equal(neverTouched("/wss"), false);
});

Deno.test("sw policy: pages go to the network first, member pages included", () => {
  for (const path of ["/", "/profile", "/connecting", "/admin/users", "/auth?tab=login"]) {
    assert.equal(decide(get(path, "navigate"), ORIGIN, SHELL), "network-first", path);
  }
});

Deno.test("sw policy: only the shell's own files come from the cache", () => {
  assert.equal(decide(get("/build/app-ABC.css", "no-cors"), ORIGIN, SHELL), "cache-first");
  assert.equal(decide(get("/build/Page-X.js"), ORIGIN, SHELL), "cache-first");
  assert.equal(decide(get("/static/icons/icon-192.png"), ORIGIN, SHELL), "cache-first");
  // A query makes it another request; other build files (models, workers) are left alone.
  assert.equal(decide(get("/build/app-ABC.css?v=2"), ORIGIN, SHELL), "pass");
  assert.equal(decide(get("/build/models/model-1.tflite"), ORIGIN, SHELL), "pass");
  assert.equal(decide(get("/build/workers/detector-1.js"), ORIGIN, SHELL), "pass");
  // Another site's file, or anything but GET, is never responded to by the worker.
  assert.equal(
    decide(
      { method: "GET", url: "https://cdn.example/build/app-ABC.css", mode: "cors" },
      ORIGIN,
      SHELL,
    ),
    "pass",
  );
  for (const method of ["POST", "PUT", "PATCH", "DELETE", "HEAD"]) {
    assert.equal(decide({ ...get("/build/app-ABC.css"), method }, ORIGIN, SHELL), "pass", method);
    assert.equal(decide({ ...get("/profile", "navigate"), method }, ORIGIN, SHELL), "pass", method);
  }
});

Deno.test("sw policy: only plain, storable responses are stored", () => {
  const res = (status: number, headers: Record<string, string> = {}, type = "basic") => ({
    ok: status >= 200 && status < 300,
    status,
    type,
    headers: new Headers(headers),
  });
  assert.equal(
    mayStore(res(200, { "cache-control": "public, max-age=31536000, immutable" })),
    true,
  );
  assert.equal(mayStore(res(200, { "cache-control": "no-cache" })), true);
  assert.equal(mayStore(res(200)), true);
  assert.equal(mayStore(res(200, { "cache-control": "no-store" })), false);
  assert.equal(mayStore(res(200, { "cache-control": "private, max-age=60" })), false);
  assert.equal(mayStore(res(200, { "cache-control": "Public, No-Store" })), false);
  assert.equal(mayStore(res(200, { vary: "*" })), false);
  assert.equal(mayStore(res(206)), false);
  assert.equal(mayStore(res(404)), false);
  assert.equal(mayStore(res(500)), false);
  assert.equal(mayStore(res(200, {}, "opaque")), false);
  assert.equal(mayStore(res(200, {}, "cors")), false);
});

Deno.test("sw policy: the offline page is kept in the language of the member's pages", () => {
  // A page in another language than the stored offline page: that language's is fetched.
  assert.equal(offlineRefresh("/offline", "de", "en"), "/offline?lang=de");
  assert.equal(offlineRefresh("/offline", "ja", "de"), "/offline?lang=ja");
  // None stored yet (or stored without a language): fetched too.
  assert.equal(offlineRefresh("/offline", "fr", null), "/offline?lang=fr");
  // The same language: nothing to do.
  assert.equal(offlineRefresh("/offline", "en", "en"), null);
  assert.equal(offlineRefresh("/offline", "zh", "zh"), null);
  // A response without a language the app speaks (a redirect, someone else's page) changes nothing.
  for (const lang of [null, "", "xx", "de-AT", "en,de", "../x"]) {
    assert.equal(offlineRefresh("/offline", lang, "en"), null, String(lang));
  }
});
