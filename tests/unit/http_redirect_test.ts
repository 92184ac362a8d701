// localPath: whatever a redirect was built from, a browser following it stays on this origin.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { localPath, localRedirects } from "../../lib/server/http/redirect.ts";

/** Where a browser on http://site.test goes when it follows `location`. */
function followed(location: string): string {
  return new URL(location, "http://site.test/some/page").origin;
}

Deno.test("localPath: hostile candidates become paths on this origin", () => {
  const cases: [string, string][] = [
    ["//evil.example/login", "/"],
    ["/\\evil.example/", "/"],
    ["\\\\evil.example", "/"],
    ["\\/evil.example", "/"],
    ["/.//evil.example", "/evil.example"],
    ["/./\\evil.example", "/evil.example"],
    ["/a/..//evil.example", "/evil.example"],
    ["/%2f%2fevil.example", "/%2f%2fevil.example"],
    ["/%5c%5cevil.example", "/%5c%5cevil.example"],
    ["https://evil.example/", "/"],
    ["HTTPS:evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["data:text/html,x", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["\t//evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    [" //evil.example", "/"],
    ["///evil.example", "/"],
    ["http://[::1", "/"],
  ];
  for (const [candidate, expected] of cases) {
    const path = localPath(candidate);
    assert.equal(path, expected, JSON.stringify(candidate));
    assert.equal(followed(path), "http://site.test", `${JSON.stringify(candidate)} -> ${path}`);
  }
});

Deno.test("localPath: this site's own paths are kept as they were", () => {
  for (const path of ["/", "/auth", "/auth?x=1", "/profile?tab=a&b=%2F#top", "/a%20b"]) {
    assert.equal(localPath(path), path);
  }
  const own = new Set(["http://localhost:8000"]);
  assert.equal(localPath("http://localhost:8000/auth?x=1", own), "/auth?x=1");
  assert.equal(localPath("http://localhost:8001/auth", own), "/");
});

Deno.test("localRedirects: a response's Location to another site becomes a local path", async () => {
  const app = new Hono();
  app.use("*", localRedirects());
  app.get("/out", (c) => c.redirect("//evil.example/x", 303));
  app.get("/made", () => Response.redirect("https://evil.example/y", 302));
  app.get("/home", (c) => c.redirect("/auth?x=1", 303));
  const out = await app.request("/out");
  assert.equal(out.status, 303);
  assert.equal(out.headers.get("location"), "/");
  const made = await app.request("/made");
  assert.equal(made.status, 302);
  assert.equal(made.headers.get("location"), "/");
  assert.equal((await app.request("/home")).headers.get("location"), "/auth?x=1");
});
