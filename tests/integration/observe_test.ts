// Observability: one JSON log line per request with fixed fields and nothing secret, the request
// id echoed in X-Request-Id and in error responses, and /metrics with HTTP, memory and event-loop
// figures; main.ts itself writes the lines to stdout and tells a first-time developer what to do.
import assert from "node:assert/strict";
import { formatLogLine, type LogEntry } from "../../lib/shared/log.ts";
import { freePort, startServer } from "../helpers/server.ts";
import { Client, registerMember, signIn } from "../helpers/accounts.ts";
import { createInvitations } from "../../kv/users.ts";
import { sleep } from "../helpers/time.ts";

const HEX32 = /^[0-9a-f]{32}$/;

Deno.test("request log: one JSON line per request, with its fields and no secrets", async () => {
  const entries: LogEntry[] = [];
  const server = await startServer({ REQUEST_LOG: "on" }, { log: (e) => entries.push(e) });
  try {
    const member = await registerMember(server, { password: "Hunter2-horse-battery" });
    const [code] = await createInvitations(server.kv, null, 1);
    entries.length = 0;

    const client = await signIn(server, member.email, "Hunter2-horse-battery");
    const profile = await client.get("/api/user/profile");
    assert.equal(profile.status, 200);
    const located = await client.post("/api/location", { latitude: 52.22977, longitude: 21.01178 });
    assert.equal(located.status, 200, located.text);
    const guest = new Client(server);
    const page = await guest.get(`/auth?invite=${code}`);
    assert.equal(page.status, 200);
    const wrong = await guest.post("/api/simple-login", {
      identifier: member.email,
      password: "Wrong-password-999",
    });
    assert.equal(wrong.status, 401);
    const missing = await guest.get("/no/such/page/ever");
    assert.equal(missing.status, 404);

    const lines = entries.map((e) => formatLogLine(e));
    const parsed = lines.map((l) => JSON.parse(l));
    const requests = parsed.filter((p) => p.msg === "request");
    assert.equal(requests.length, 6, lines.join("\n"));
    for (const r of requests) {
      assert.ok(!Number.isNaN(Date.parse(r.time)), `time: ${r.time}`);
      assert.match(r.requestId, HEX32);
      assert.equal(typeof r.durationMs, "number");
      assert.ok(r.durationMs >= 0);
      assert.deepEqual(
        Object.keys(r).filter((k) => !["userId"].includes(k)).sort(),
        ["durationMs", "level", "method", "msg", "requestId", "route", "status", "time"],
      );
    }
    const [login, prof, loc, auth, bad, notFound] = requests;
    assert.deepEqual([login.method, login.route, login.status], ["POST", "/api/simple-login", 200]);
    // The member id is the session's the request came with: a sign-in comes without one.
    assert.equal(login.userId, undefined);
    assert.deepEqual([prof.route, prof.status, prof.userId], ["/api/user/profile", 200, member.id]);
    assert.equal(prof.requestId, profile.headers.get("x-request-id"));
    assert.deepEqual([loc.route, loc.userId], ["/api/location", member.id]);
    assert.deepEqual([auth.route, auth.status, auth.userId], ["/auth", 200, undefined]);
    assert.deepEqual([bad.route, bad.status, bad.userId], ["/api/simple-login", 401, undefined]);
    assert.deepEqual([notFound.route, notFound.status], ["unmatched", 404]);

    // Nothing the members sent or were given reaches the log (its time and durations aside: a
    // time of …:52.2… or a duration of 52.2 ms is not the latitude).
    const all = lines.map((l) => {
      const { time: _t, durationMs: _d, ...rest } = JSON.parse(l);
      return JSON.stringify(rest);
    }).join("\n");
    for (
      const secret of [
        "Hunter2-horse-battery",
        "Wrong-password-999",
        member.email,
        client.session!,
        code,
        "52.2",
        "21.01",
        "/no/such/page",
      ]
    ) {
      assert.ok(!all.includes(secret), `the log holds ${secret}`);
    }
  } finally {
    await server.close();
  }
});

Deno.test("request id: in every response's X-Request-Id and in JSON error responses", async () => {
  const server = await startServer();
  try {
    const guest = new Client(server);
    const ids = new Set<string>();
    for (const path of ["/welcome", "/api/user/profile", "/api/nothing-here", "/static/nope.css"]) {
      const res = await guest.get(path);
      const id = res.headers.get("x-request-id") ?? "";
      assert.match(id, HEX32, `${path}: ${id}`);
      ids.add(id);
      if (res.json) assert.equal(res.json.requestId, id, `${path}: ${res.text}`);
    }
    assert.equal(ids.size, 4, "each request has its own id");
    // Refused by a middleware before any route: a cross-site post and an oversized body.
    const cross = await guest.post("/api/simple-login", { identifier: "x", password: "y" }, {
      headers: { origin: "https://evil.example" },
    });
    assert.equal(cross.status, 403);
    assert.equal(cross.json.requestId, cross.headers.get("x-request-id"));
    const big = await guest.post("/api/simple-login", { identifier: "x".repeat(70_000) });
    assert.equal(big.status, 413);
    assert.equal(big.json.requestId, big.headers.get("x-request-id"));
    // A request id sent by the caller is not taken as ours.
    const sent = await guest.get("/welcome", { headers: { "x-request-id": "forged-id" } });
    assert.match(sent.headers.get("x-request-id") ?? "", HEX32);
  } finally {
    await server.close();
  }
});

Deno.test("metrics: HTTP counts by route and status, latency, memory and event-loop lag", async () => {
  const server = await startServer();
  try {
    await server.hub.start();
    const guest = new Client(server);
    for (let i = 0; i < 3; i++) assert.equal((await guest.get("/welcome")).status, 200);
    assert.equal((await guest.get("/api/user/profile")).status, 401);
    await sleep(1200); // two lag samples
    const text = (await guest.get("/metrics")).text;
    assert.match(
      text,
      /^glimpse_http_requests_total\{method="GET",route="\/welcome",status="200"\} 3$/m,
    );
    assert.match(
      text,
      /^glimpse_http_requests_total\{method="GET",route="\/api\/user\/profile",status="401"\} 1$/m,
    );
    assert.match(text, /^glimpse_http_request_duration_ms_count\{route="\/welcome"\} 3$/m);
    assert.match(
      text,
      /^glimpse_http_request_duration_ms_bucket\{route="\/welcome",le="\+Inf"\} 3$/m,
    );
    const rss = Number(/^glimpse_process_resident_memory_bytes (\d+)$/m.exec(text)?.[1]);
    assert.ok(rss > 10_000_000, `rss ${rss}`);
    const lagCount = Number(/^glimpse_event_loop_lag_ms_count (\d+)$/m.exec(text)?.[1]);
    assert.ok(lagCount >= 1, `lag samples: ${lagCount}`);
    assert.match(text, /^glimpse_event_loop_lag_max_ms [\d.]+$/m);
    // Today's realtime figures are still there.
    assert.match(text, /^glimpse_sockets_open 0$/m);
  } finally {
    await server.close();
  }
});

Deno.test("main.ts writes JSON lines to stdout and tells a first-time developer what to do", async () => {
  const dir = await Deno.makeTempDir();
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../main.ts", import.meta.url).pathname],
    env: {
      APP_ENV: "development",
      KV_PATH: `${dir}/dev.kv`,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      ADMIN_EMAIL: "owner@example.test",
      ADMIN_PASSWORD: "first-run-pass-1",
      ICE_SERVERS: "[]",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  try {
    const deadline = Date.now() + 30_000;
    let up = false;
    while (!up && Date.now() < deadline) {
      up = await fetch(`http://127.0.0.1:${port}/welcome`).then(
        (r) => r.body?.cancel().then(() => r.ok),
        () => false,
      ) ?? false;
      if (!up) await sleep(200);
    }
    assert.ok(up, "main.ts responded");
  } finally {
    child.kill("SIGTERM");
  }
  const [out] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.status,
  ]);
  await Deno.remove(dir, { recursive: true });
  const lines = out.trim().split("\n").map((l) => JSON.parse(l));
  const msgs = lines.map((l) => l.msg as string);
  assert.ok(msgs.some((m) => m === 'Created the administrator account "admin" from ADMIN_EMAIL'));
  assert.ok(msgs.some((m) => m.includes(`http://localhost:${port}/dev/outbox`)), msgs.join("\n"));
  assert.ok(msgs.some((m) => m.includes(`KV_PATH=${dir}/dev.kv deno task invite 3`)));
  const req = lines.find((l) => l.msg === "request" && l.route === "/welcome" && l.status === 200);
  assert.ok(req, "the request's line");
  assert.ok(!out.includes("first-run-pass-1"), "the password is not logged");
});
