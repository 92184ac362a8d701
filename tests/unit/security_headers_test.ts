// The security headers middleware on its own: which set a response gets by its type, and HSTS on
// both sets in production only.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { DOCUMENT_ONLY_HEADERS, securityHeaders } from "../../lib/server/http/security.ts";

async function appFor(production: boolean) {
  const app = new Hono();
  app.use("*", await securityHeaders(production));
  app.get("/page", (c) => c.html("<!doctype html><p>hi</p>"));
  app.get("/api/thing", (c) => c.json({ ok: true }));
  app.get("/api/cached", (c) => {
    c.header("cache-control", "public, max-age=60");
    return c.json({ ok: true });
  });
  app.get("/manifest", (c) => c.body("{}", 200, { "content-type": "application/manifest+json" }));
  app.get("/ws", (c) => c.text("socket"));
  return app;
}

Deno.test("security headers: JSON gets the API set, everything else the document set", async () => {
  const app = await appFor(false);
  const json = await app.request("/api/thing");
  assert.equal(json.headers.get("content-type"), "application/json; charset=UTF-8");
  assert.equal(json.headers.get("cache-control"), "no-store");
  assert.equal(json.headers.get("content-security-policy"), "frame-ancestors 'none'");
  assert.equal(json.headers.get("x-frame-options"), "DENY");
  assert.equal(json.headers.get("x-content-type-options"), "nosniff");
  for (const name of DOCUMENT_ONLY_HEADERS) assert.equal(json.headers.get(name), null, name);
  assert.equal(json.headers.get("strict-transport-security"), null);

  const page = await app.request("/page");
  assert.match(page.headers.get("content-security-policy")!, /default-src 'self'/);
  for (const name of DOCUMENT_ONLY_HEADERS) assert.ok(page.headers.has(name), name);
  assert.equal(page.headers.get("strict-transport-security"), null);

  // A "+json" type is a document's resource (the web app manifest): the document set.
  const manifest = await app.request("/manifest");
  assert.ok(manifest.headers.has("permissions-policy"));
  // A route's own cache policy stays.
  const cached = await app.request("/api/cached");
  assert.equal(cached.headers.get("cache-control"), "public, max-age=60");
  // The socket's route is left alone.
  const ws = await app.request("/ws");
  assert.equal(ws.headers.get("content-security-policy"), null);
});

Deno.test("security headers: HSTS on both sets in production", async () => {
  const app = await appFor(true);
  for (const path of ["/api/thing", "/page"]) {
    const res = await app.request(path);
    assert.equal(
      res.headers.get("strict-transport-security"),
      "max-age=63072000; includeSubDomains",
      path,
    );
  }
});
