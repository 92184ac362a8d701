// Requests the app can never serve get a 4xx and one log line, never a 500 with a stack: unknown
// methods 405 (with Allow), a GET or HEAD with a body 400, an over-long address 414, an avatar
// id that cannot be a member's 404.
import assert from "node:assert/strict";
import { rawRequest, type TestServer, withServer } from "../helpers/server.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import type { LogEntry } from "../../lib/shared/log.ts";
import { TARGET_MAX } from "../../lib/server/http/request_shape.ts";

/** Writes `text` on a fresh connection and returns the status line's code and the head. */
async function rawText(
  server: TestServer,
  text: string,
): Promise<{ status: number; head: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  try {
    await conn.write(new TextEncoder().encode(text));
    let out = "";
    const buf = new Uint8Array(64 * 1024);
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      out += new TextDecoder().decode(buf.subarray(0, n));
    }
    const head = out.split("\r\n\r\n")[0].toLowerCase();
    return { status: Number(head.split(" ")[1]), head };
  } finally {
    try {
      conn.close();
    } catch {
      // closed by the server
    }
  }
}

function requestIdOf(head: string): string {
  const id = /^x-request-id: (\w+)$/m.exec(head)?.[1];
  assert.ok(id, `no request id in\n${head}`);
  return id;
}

Deno.test("refusals: unknown methods, bodies on GET/HEAD and long addresses are 4xx, logged once without a stack", async () => {
  const logs: LogEntry[] = [];
  await withServer(
    async (server) => {
      const before = await kvDump(server.kv);
      /** Asserts the response's status and that its request left exactly one log line, no error. */
      const refused = (name: string, res: { status: number; head: string }, status: number) => {
        assert.equal(res.status, status, `${name}: ${res.status}\n${res.head}`);
        const id = requestIdOf(res.head);
        const lines = logs.filter((e) => e.requestId === id);
        assert.equal(lines.length, 1, `${name}: ${JSON.stringify(lines)}`);
        assert.equal(lines[0].level, "info", name);
        assert.equal(lines[0].status, status, name);
        assert.ok(!("stack" in lines[0]), name);
      };

      for (const method of ["TRACE", "TRACK", "PROPFIND", "get", "BREW"]) {
        const page = await rawRequest(server, "/", { method });
        refused(`${method} /`, page, 405);
        assert.match(page.head, /^allow: get, head, post, put, patch, delete, options$/m);
        assert.match(page.body, /This method is not allowed\./);
        const api = await rawRequest(server, "/api/user/profile", { method });
        refused(`${method} /api/user/profile`, api, 405);
        assert.match(api.body, /"error":"This method is not allowed\."/);
      }

      for (const method of ["GET", "HEAD"]) {
        for (const path of ["/", "/auth", "/api/filters", "/api/subscription/tiers"]) {
          const res = await rawRequest(server, path, {
            method,
            body: '{"a":1}',
            headers: { "content-type": "application/json" },
          });
          refused(`${method} ${path} with a body`, res, 400);
          if (method === "GET" && path.startsWith("/api/")) {
            assert.match(res.body, /"error":"A GET or HEAD request cannot have a body\."/);
          }
        }
      }
      const chunked = await rawText(
        server,
        "GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\ntransfer-encoding: chunked\r\n\r\n" +
          "5\r\nhello\r\n0\r\n\r\n",
      );
      refused("GET / with a chunked body", chunked, 400);

      const longAvatar = await rawRequest(server, "/avatars/" + "a".repeat(4000));
      refused("a 4,000-character avatar path", longAvatar, 414);
      assert.match(longAvatar.body, /The address is too long\./);
      const longQuery = await rawRequest(server, "/auth?x=" + "b".repeat(TARGET_MAX));
      refused("a long query", longQuery, 414);
      // Under the limit, an id no member can have is simply not found.
      const oddAvatar = await rawRequest(server, "/avatars/" + "a".repeat(2030));
      refused("an avatar id no member has", oddAvatar, 404);
      refused("an avatar id with a dot", await rawRequest(server, "/avatars/a.b"), 404);

      assert.deepEqual(await kvDump(server.kv), before, "nothing stored changed");

      // What still works: a GET with `Content-Length: 0`, a long address within the limit.
      const empty = await rawRequest(server, "/auth", { headers: { "content-length": "0" } });
      assert.equal(empty.status, 200);
      const within = await rawRequest(server, "/auth?x=" + "c".repeat(TARGET_MAX - 10));
      assert.equal(within.status, 200);

      // Invented methods count as OTHER in /metrics, so callers cannot add series to it.
      const metrics = await (await fetch(server.url + "/metrics")).text();
      assert.match(metrics, /method="OTHER"/);
      assert.ok(!/method="(TRACE|BREW|get)"/.test(metrics), "no invented method labels");
    },
    { REQUEST_LOG: "on" },
    { log: (e) => void logs.push(e) },
  );
  assert.ok(
    !logs.some((e) => e.level === "error"),
    JSON.stringify(logs.filter((e) => e.level === "error")),
  );
});
