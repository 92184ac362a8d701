// State changes come only from this site's own pages: an Origin naming this site or
// `Sec-Fetch-Site: same-origin`, or, from a script that sends neither, a JSON body (which no other
// site's page can send without a preflight). Mail links come from the configuration, never from
// the Host header. Every refusal leaves everything stored as it was.
import assert from "node:assert/strict";
import { rawRequest, type TestServer, withServer } from "../helpers/server.ts";
import {
  assertError,
  kvUser,
  mailsTo,
  type Member,
  registerMember,
  sessionCount,
} from "../helpers/accounts.ts";
import { eventually } from "../helpers/time.ts";
import { kvDump } from "../helpers/kv_dump.ts";

const CROSS_SITE = "Cross-site requests are not allowed.";

/** The state-changing calls a member's browser makes, each with a body of the given kind. */
function calls(
  m: Member,
  kind: "json" | "text" | "form",
): [string, string, BodyInit | undefined, string | undefined][] {
  const bodies: Record<string, unknown> = {
    "PATCH /api/user/profile": { bio: "pwned" },
    "POST /api/filters": { hashtags: ["evil"] },
    "POST /api/report": { reportReason: "spam", partnerPeerId: "x".repeat(21) },
    "DELETE /api/delete-account": {},
    "POST /api/logout": {},
    "POST /api/simple-logout": {},
    "POST /api/resend-verification": {},
    "POST /api/simple-login": { identifier: m.username, password: m.password },
  };
  return Object.entries(bodies).map(([call, value]) => {
    const [method, path] = call.split(" ");
    if (kind === "json") return [method, path, JSON.stringify(value), "application/json"];
    if (kind === "text") return [method, path, JSON.stringify(value), "text/plain"];
    const form = new URLSearchParams(value as Record<string, string>);
    return [method, path, form, "application/x-www-form-urlencoded"];
  });
}

async function refusedAll(server: TestServer, m: Member, headers: Record<string, string>) {
  const before = await kvDump(server.kv);
  for (const kind of ["json", "text", "form"] as const) {
    for (const [method, path, body, type] of calls(m, kind)) {
      const all: Record<string, string> = { ...headers, ...(type ? { "content-type": type } : {}) };
      if (all.host) {
        // A forged Host header (fetch cannot send one), with the member's cookie.
        const res = await rawRequest(server, path, {
          method,
          body: String(body),
          headers: { ...all, cookie: `glimpse_session=${m.client.session}` },
        });
        assert.equal(res.status, 403, `${method} ${path}: ${res.status} ${res.body}`);
        assert.equal(JSON.parse(res.body).error, CROSS_SITE);
        continue;
      }
      const res = await m.client.request(method, path, { body, headers: all });
      assertError(res, 403, CROSS_SITE);
    }
  }
  assert.deepEqual(await kvDump(server.kv), before, "nothing stored changed");
  assert.equal(await sessionCount(server.kv, m.id), 1, "still signed in");
}

Deno.test("csrf: another site's Origin is refused with any body type, login included", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await refusedAll(server, m, { origin: "https://evil.example" });
    // A page on another port of this machine is another site too.
    await refusedAll(server, m, { origin: `http://127.0.0.1:${server.port + 1}` });
    // An opaque origin (a sandboxed frame, a data: page) names no site.
    await refusedAll(server, m, { origin: "null" });
    // So is a site whose own name points at this server: the Host header proves nothing.
    await refusedAll(server, m, { origin: "http://evil.example", host: "evil.example" });
  });
});

Deno.test("csrf: Sec-Fetch-Site cross-site or same-site is refused, even with a JSON body", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await refusedAll(server, m, { "sec-fetch-site": "cross-site", origin: "" });
    await refusedAll(server, m, { "sec-fetch-site": "same-site", origin: "" });
  });
});

Deno.test("csrf: with neither header, only a JSON body is taken; a form, text or nothing is refused", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const none = { origin: "" };
    const before = await kvDump(server.kv);
    for (const kind of ["text", "form"] as const) {
      for (const [method, path, body, type] of calls(m, kind)) {
        const res = await m.client.request(method, path, {
          body,
          headers: { ...none, "content-type": type! },
        });
        assertError(res, 403, CROSS_SITE);
      }
    }
    for (const path of ["/api/logout", "/api/simple-logout", "/api/resend-verification"]) {
      assertError(await m.client.request("POST", path, { headers: none }), 403, CROSS_SITE);
    }
    assertError(
      await m.client.request("DELETE", "/api/delete-account", { headers: none }),
      403,
      CROSS_SITE,
    );
    assert.deepEqual(await kvDump(server.kv), before, "nothing stored changed");

    // A script's JSON call (what no other site's page can send without a preflight) goes through.
    const json = await m.client.request("POST", "/api/filters", {
      body: JSON.stringify({ hashtags: ["travel"] }),
      headers: { ...none, "content-type": "application/json" },
    });
    assert.equal(json.status, 200, json.text);
    const bio = await m.client.request("PATCH", "/api/user/profile", {
      body: JSON.stringify({ bio: "hello" }),
      headers: { ...none, "content-type": "application/json; charset=utf-8" },
    });
    assert.equal(bio.status, 200, bio.text);
    assert.equal((await kvUser(server.kv, m.id))?.bio, "hello");
  });
});

Deno.test("csrf: this site's own pages may, by Origin or by Sec-Fetch-Site", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const viaOrigin = await m.client.request("PATCH", "/api/user/profile", {
      body: JSON.stringify({ bio: "from my page" }),
      headers: { origin: server.url, "content-type": "application/json" },
    });
    assert.equal(viaOrigin.status, 200, viaOrigin.text);
    // Outside production, the loopback names on the configured port are this site too.
    const viaConfigured = await m.client.request("POST", "/api/filters", {
      body: JSON.stringify({ hashtags: ["yoga"] }),
      headers: { origin: `http://localhost:${server.port}`, "content-type": "application/json" },
    });
    assert.equal(viaConfigured.status, 200, viaConfigured.text);
    const viaFetchSite = await m.client.request("POST", "/api/filters", {
      body: JSON.stringify({ hashtags: ["travel"] }),
      headers: { origin: "", "sec-fetch-site": "same-origin", "content-type": "application/json" },
    });
    assert.equal(viaFetchSite.status, 200, viaFetchSite.text);
    // The logout form of our own pages: a form post with our Origin.
    const logout = await m.client.request("POST", "/api/logout", {
      body: new URLSearchParams(),
      headers: { origin: server.url },
    });
    assert.equal(logout.status, 303);
    assert.equal(await sessionCount(server.kv, m.id), 0, "signed out");
  });
});

Deno.test("mail links come from the configuration, never from the Host header", async () => {
  await withServer(async (server) => {
    assert.equal(server.config.publicUrl, undefined);
    const m = await registerMember(server);
    // fetch cannot forge the Host header; a raw request can.
    const res = await rawRequest(server, "/api/forgot-password", {
      method: "POST",
      headers: { host: "evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: m.email }),
    });
    assert.equal(res.status, 200, res.body);
    let links: string[] = [];
    assert.ok(
      await eventually(async () => {
        const mail = (await mailsTo(server.kv, m.email)).find((x) => x.text.includes("reset="));
        links = mail?.text.match(/https?:\/\/\S+/g) ?? [];
        return links.length > 0;
      }),
      "a reset mail was sent",
    );
    for (const link of links) {
      assert.ok(!link.includes("evil.example"), link);
      assert.equal(new URL(link).origin, server.config.origin, link);
    }
    assert.equal(server.config.origin, server.url);
  });
});
