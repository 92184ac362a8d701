// Every redirect stays on this site: a path a stranger writes (`//evil.example/login`) is never
// responded to with a Location that a browser reads as another host, in development or production.
import assert from "node:assert/strict";
import { rawRequest, type TestServer, withServer } from "../helpers/server.ts";
import { withProductionServer } from "../helpers/production.ts";

const HOSTILE = [
  "//evil.example/login?notice=no-match",
  "/\\evil.example/?notice=no-match",
  "/.//evil.example?notice=no-match",
  "///evil.example/?notice=no-match",
  "/./\\evil.example?notice=no-match",
  "/%2f%2fevil.example?notice=no-match",
  "/%5c%5cevil.example?notice=no-match",
];

async function assertStaysHome(server: TestServer) {
  for (const path of HOSTILE) {
    const res = await rawRequest(server, path);
    const location = /^location: (.*)$/m.exec(res.head)?.[1] ?? null;
    assert.equal(res.status, 303, `${path}: ${res.status}`);
    assert.ok(location, `${path}: no Location`);
    assert.match(location, /^\/(?![/\\])/, `${path} -> ${location}`);
    // Where a browser on this site goes when it follows it.
    const followed = new URL(location, server.url + "/x");
    assert.equal(followed.origin, server.url, `${path} -> ${location}`);
    assert.ok(!location.includes("notice="), `${path} -> ${location}`);
  }
  // The site's own notice redirect is unchanged.
  const own = await rawRequest(server, "/auth?notice=no-match&x=1");
  assert.equal(own.status, 303);
  assert.match(own.head, /^location: \/auth\?x=1$/m);
}

Deno.test("redirects: a path naming another host gets a local path in the response (development)", async () => {
  await withServer(assertStaysHome);
});

Deno.test("redirects: the same in production", async () => {
  await withProductionServer(assertStaysHome);
});
