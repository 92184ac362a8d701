// Compression: pages, JSON, scripts and styles go out brotli- or gzip-compressed by what the
// caller accepts (between two it takes alike, gzip for bytes compressed per request, brotli for
// bytes compressed once), the same bytes once decoded; the content-hashed build files come from the
// copies made at build time; small responses, HEAD, and the socket's upgrade are untouched. Read
// with node:http, which (unlike fetch) hands over the bytes as they travelled.
import assert from "node:assert/strict";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { join } from "node:path";
import { Hono } from "hono";
import { withServer } from "../helpers/server.ts";
import { Client, registerMember } from "../helpers/accounts.ts";
import { WsClient } from "../helpers/realtime.ts";
import { chooseEncoding, compression, MIN_BYTES } from "../../lib/server/http/compress.ts";
import { BUILD_DIR } from "../../lib/server/build/assets.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Uint8Array;
}

function raw(url: string, headers: Record<string, string>, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on("data", (c: Uint8Array) => chunks.push(c));
      res.on("end", () => {
        const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of chunks) bytes.set(c, (at += c.length) - c.length);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(r: Raw): Uint8Array {
  const enc = r.headers["content-encoding"];
  if (enc === "br") return new Uint8Array(brotliDecompressSync(r.bytes));
  if (enc === "gzip") return new Uint8Array(gunzipSync(r.bytes));
  assert.equal(enc, undefined, `unexpected encoding ${enc}`);
  return r.bytes;
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);

Deno.test("compression: pages, scripts and styles by Accept-Encoding, the same once decoded", async () => {
  await withServer(async (server) => {
    const member = await registerMember(server);
    const cookie = `glimpse_session=${member.client.session}`;
    const welcome = text((await raw(`${server.url}/welcome`, {})).bytes);
    const auth = text((await raw(`${server.url}/auth`, {})).bytes);
    const script = /<script type="module" src="(\/build\/[^"]+\.js)"/.exec(auth)?.[1];
    const style = /<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/.exec(welcome)?.[1];
    assert.ok(script && style, "the page names its script and stylesheet");
    // Offered both, as browsers do: what is compressed once (a guest's kept page, the build's
    // copies) goes out as brotli, what is compressed per request (a member's page, the service
    // worker) as gzip, made in a fraction of brotli's time.
    for (
      const [path, headers, both] of [
        ["/welcome", {}, "br"],
        ["/", { cookie }, "gzip"],
        ["/sw.js", {}, "gzip"],
        [script, {}, "br"],
        [style, {}, "br"],
      ] as [string, Record<string, string>, "br" | "gzip"][]
    ) {
      const plain = await raw(server.url + path, headers);
      assert.equal(plain.status, 200, path);
      assert.equal(
        plain.headers["content-encoding"],
        undefined,
        `${path}: identity when not asked`,
      );
      assert.ok(plain.bytes.length >= MIN_BYTES, `${path}: ${plain.bytes.length} bytes`);
      for (
        const [accept, expected] of [
          ["gzip, deflate, br", both],
          ["br", "br"],
          ["gzip", "gzip"],
          ["br;q=0, gzip", "gzip"],
          ["identity", undefined],
        ] as const
      ) {
        const r = await raw(server.url + path, { ...headers, "accept-encoding": accept });
        assert.equal(r.status, 200);
        assert.equal(r.headers["content-encoding"], expected, `${path} with ${accept}`);
        assert.match(String(r.headers["vary"]), /Accept-Encoding/i, `${path}: Vary`);
        assert.ok(r.headers["content-type"], `${path}: keeps its type`);
        const decoded = decode(r);
        if (path.startsWith("/build/")) {
          assert.deepEqual(decoded, plain.bytes, `${path}: same bytes`);
        } else {
          // Pages carry per-request values (nonces, ids): compare their shape.
          assert.equal(text(decoded).slice(0, 15), text(plain.bytes).slice(0, 15));
          assert.ok(Math.abs(decoded.length - plain.bytes.length) < 200, path);
        }
        if (expected) {
          assert.ok(r.bytes.length < plain.bytes.length * 0.6, `${path}: ${r.bytes.length}`);
        }
        if (expected && !path.startsWith("/build/")) {
          // Compressed in memory: it goes out with its length, not chunked.
          assert.equal(Number(r.headers["content-length"]), r.bytes.length, `${path}: length`);
        }
      }
    }
    // The build's copy is what goes out for a content-hashed file.
    const br = await raw(server.url + script, { "accept-encoding": "br" });
    assert.deepEqual(br.bytes, await Deno.readFile(join(BUILD_DIR, script.slice(7) + ".br")));
    // A face model's wasm (the largest download of all) goes out compressed too.
    const wasm = server.assets.privacy.wasm;
    const w = await raw(server.url + wasm, { "accept-encoding": "gzip, br" });
    assert.equal(w.headers["content-encoding"], "br");
    assert.ok(w.bytes.length < (await Deno.stat(join(BUILD_DIR, wasm.slice(7)))).size * 0.5);
  });
});

Deno.test("compression: small responses, HEAD and the socket's upgrade are untouched", async () => {
  await withServer(async (server) => {
    const small = await raw(`${server.url}/healthz`, { "accept-encoding": "br, gzip" });
    assert.equal(small.status, 200);
    assert.equal(small.headers["content-encoding"], undefined);
    assert.ok(small.bytes.length < MIN_BYTES);
    const head = await raw(`${server.url}/welcome`, { "accept-encoding": "br" }, "HEAD");
    assert.equal(head.status, 200);
    assert.equal(head.bytes.length, 0);
    const member = await registerMember(server);
    const ws = await WsClient.connect(server.url, `glimpse_session=${member.client.session}`);
    ws.socket.close();
    // An API error in JSON is compressed as any JSON would be, and still carries its request id.
    const err = await new Client(server).get("/api/user/profile", {
      headers: { "accept-encoding": "gzip" },
    });
    assert.equal(err.status, 401);
    assert.equal(err.json.requestId, err.headers.get("x-request-id"));
  });
});

Deno.test("compression: large JSON is compressed; Accept-Encoding is read with its weights", async () => {
  const app = new Hono();
  app.use("*", compression());
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `member ${i}` })) };
  app.get("/big", (c) => c.json(big));
  app.get("/stream", (c) =>
    c.body(new ReadableStream({ start: (ctl) => ctl.close() }), 200, {
      "content-type": "text/event-stream",
    }));
  const res = await app.request("/big", { headers: { "accept-encoding": "br" } });
  assert.equal(res.headers.get("content-encoding"), "br");
  assert.equal(res.headers.get("content-type"), "application/json");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual(JSON.parse(text(brotliDecompressSync(bytes))), big);
  const both = await app.request("/big", { headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(both.headers.get("content-encoding"), "gzip");
  assert.deepEqual(JSON.parse(text(gunzipSync(new Uint8Array(await both.arrayBuffer())))), big);
  const stream = await app.request("/stream", { headers: { "accept-encoding": "br" } });
  assert.equal(stream.headers.get("content-encoding"), null, "event streams are not buffered");

  // Per request, gzip where the caller takes it as readily as brotli; bytes kept, brotli.
  assert.equal(chooseEncoding("gzip, deflate, br, zstd"), "gzip");
  assert.equal(chooseEncoding("gzip, deflate, br, zstd", true), "br");
  assert.equal(chooseEncoding("br"), "br");
  assert.equal(chooseEncoding("br, gzip;q=0.9"), "br");
  assert.equal(chooseEncoding("gzip;q=1, br;q=0.5"), "gzip");
  assert.equal(chooseEncoding("gzip;q=1, br;q=0.5", true), "gzip");
  assert.equal(chooseEncoding("br;q=0, gzip", true), "gzip");
  assert.equal(chooseEncoding("*"), "gzip");
  assert.equal(chooseEncoding("*", true), "br");
  assert.equal(chooseEncoding("*;q=0"), null);
  assert.equal(chooseEncoding("identity"), null);
  assert.equal(chooseEncoding(undefined), null);
});

Deno.test("compression: JSON is told small by its text, by bytes not characters", async () => {
  const app = new Hono();
  app.use("*", compression());
  // Under MIN_BYTES characters: ASCII under MIN_BYTES bytes, and 'é' (2 bytes) and '€' (3 bytes)
  // past it; at MIN_BYTES characters and more, whatever the characters.
  const ascii = { text: "a".repeat(MIN_BYTES - 20) };
  const twoByte = { text: "é".repeat(Math.ceil(MIN_BYTES / 2)) };
  const threeByte = { text: "€".repeat(Math.ceil(MIN_BYTES / 3)) };
  const long = { text: "b".repeat(MIN_BYTES) };
  app.get("/ascii", (c) => c.json(ascii));
  app.get("/two", (c) => c.json(twoByte));
  app.get("/three", (c) => c.json(threeByte, 201, { "x-extra": "kept" }));
  app.get("/long", (c) => c.json(long));
  app.get("/none", (c) => c.json(undefined));
  // A JSON response made another way, and a c.json answer replaced after it was made.
  app.get("/made", () => Response.json(long));
  app.get("/replaced", async (c) => {
    c.json(ascii);
    return await Promise.resolve(c.json(long));
  });
  for (
    const [path, body, compressed] of [
      ["/ascii", ascii, false],
      ["/two", twoByte, true],
      ["/three", threeByte, true],
      ["/long", long, true],
      ["/made", long, true],
      ["/replaced", long, true],
    ] as [string, unknown, boolean][]
  ) {
    const res = await app.request(path, { headers: { "accept-encoding": "gzip" } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.equal(res.headers.get("content-encoding"), compressed ? "gzip" : null, path);
    assert.equal(res.headers.get("vary"), "Accept-Encoding", path);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/, path);
    assert.deepEqual(JSON.parse(text(compressed ? gunzipSync(bytes) : bytes)), body, path);
  }
  const three = await app.request("/three", { headers: { "accept-encoding": "gzip" } });
  assert.equal(three.status, 201);
  assert.equal(three.headers.get("x-extra"), "kept");
  const none = await app.request("/none", { headers: { "accept-encoding": "gzip" } });
  assert.equal(none.headers.get("content-encoding"), null);
  assert.equal((await none.arrayBuffer()).byteLength, 0);
});
