// The two sets of security headers over HTTP: a document carries the whole set (the full CSP,
// Permissions-Policy, Referrer-Policy, the cross-origin policies…); a JSON answer, success or
// error, carries exactly what an API needs (no caching, its Content-Type with the charset,
// nosniff, no framing) and none of the document-only headers.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { Client, registerMember } from "../helpers/accounts.ts";
import { DOCUMENT_ONLY_HEADERS } from "../../lib/server/http/security.ts";

/** Headers every answer has whatever its set (transport, the request's id and figures). */
const ANY_ANSWER = new Set([
  "content-length",
  "content-encoding",
  "date",
  "vary",
  "x-request-id",
  "set-cookie",
  "server-timing",
  // The language of the texts an answer carries.
  "content-language",
]);

function assertJsonSet(headers: Headers, where: string) {
  assert.equal(headers.get("content-type"), "application/json; charset=UTF-8", `${where}: type`);
  assert.equal(headers.get("cache-control"), "no-store", `${where}: cache-control`);
  assert.equal(headers.get("x-content-type-options"), "nosniff", `${where}: nosniff`);
  assert.equal(
    headers.get("content-security-policy"),
    "frame-ancestors 'none'",
    `${where}: CSP`,
  );
  assert.equal(headers.get("x-frame-options"), "DENY", `${where}: X-Frame-Options`);
  // Outside production: no HSTS (the production set is held by the unit test of the middleware).
  assert.equal(headers.get("strict-transport-security"), null, `${where}: HSTS`);
  const names = [...headers.keys()].filter((n) => !ANY_ANSWER.has(n)).sort();
  assert.deepEqual(
    names,
    [
      "cache-control",
      "content-security-policy",
      "content-type",
      "x-content-type-options",
      "x-frame-options",
    ],
    `${where}: exactly the JSON set`,
  );
}

function assertDocumentSet(headers: Headers, where: string) {
  assert.match(headers.get("content-type") ?? "", /^text\/html; charset=UTF-8$/i, where);
  const csp = headers.get("content-security-policy") ?? "";
  for (
    const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]
  ) {
    assert.ok(csp.includes(directive), `${where}: CSP lacks ${directive}`);
  }
  for (const name of DOCUMENT_ONLY_HEADERS) {
    assert.ok(headers.has(name), `${where}: no ${name}`);
  }
  assert.match(headers.get("permissions-policy")!, /camera=\(self\)/, `${where}: camera`);
  assert.equal(headers.get("referrer-policy"), "strict-origin-when-cross-origin", where);
  assert.equal(headers.get("x-content-type-options"), "nosniff", `${where}: nosniff`);
  assert.equal(headers.get("x-frame-options"), "DENY", `${where}: X-Frame-Options`);
  assert.equal(headers.get("x-powered-by"), null, `${where}: X-Powered-By`);
}

Deno.test({
  name: "security headers: a document gets the whole set, a JSON answer (and error) the API set",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withServer(async (server) => {
      const guest = new Client(server);
      const member = await registerMember(server);

      await t.step("documents: a guest's page, a member's page, a 404 page", async () => {
        for (
          const [client, path] of [[guest, "/auth"], [member.client, "/"], [
            guest,
            "/nope",
          ]] as const
        ) {
          const res = await client.get(path);
          assertDocumentSet(res.headers, path);
        }
      });

      await t.step("JSON answers: a member's profile, the health check", async () => {
        const profile = await member.client.get("/api/user/profile");
        assert.equal(profile.status, 200);
        assertJsonSet(profile.headers, "GET /api/user/profile");
        assert.equal(profile.json.username, member.username);
        const health = await guest.get("/healthz");
        assert.equal(health.status, 200);
        assertJsonSet(health.headers, "/healthz");
      });

      await t.step(
        "JSON errors: a guest's 401, a malformed body's 400, an unknown API path",
        async () => {
          const unauthorised = await guest.get("/api/user/profile");
          assert.equal(unauthorised.status, 401);
          assert.ok(unauthorised.json.error, "an error body");
          assertJsonSet(unauthorised.headers, "401");
          const malformed = await member.client.request("PATCH", "/api/user/profile", {
            body: "{not json",
            headers: { "content-type": "application/json" },
          });
          assert.equal(malformed.status, 400);
          assertJsonSet(malformed.headers, "400");
          const unknown = await member.client.get("/api/no/such/thing");
          assert.equal(unknown.status, 404);
          assertJsonSet(unknown.headers, "404 under /api");
        },
      );
    });
  },
});
