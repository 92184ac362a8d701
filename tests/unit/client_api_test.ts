// The browser's API helper against a real local HTTP server: JSON in and out, the server's
// error text, forms, same-origin paths only, and the one errorMessage for every failure.
import assert from "node:assert/strict";
import {
  ApiError,
  apiRequest,
  errorMessage,
  GENERIC_ERROR,
  getJson,
  postJson,
  statusOf,
} from "../../lib/client/api.ts";

interface Seen {
  method: string;
  path: string;
  type: string | null;
  body: string;
}

/** Serves a few responses on a free port; page-relative paths are resolved against it. */
async function withServer(fn: (seen: Seen[]) => Promise<void>) {
  const seen: Seen[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const url = new URL(req.url);
    seen.push({
      method: req.method,
      path: url.pathname + url.search,
      type: req.headers.get("content-type"),
      body: await req.text(),
    });
    switch (url.pathname) {
      case "/echo":
        return Response.json({ ok: true, method: req.method });
      case "/empty":
        return new Response(null, { status: 204 });
      case "/refused":
        return Response.json({ error: "Invalid username or password" }, { status: 401 });
      case "/told":
        return Response.json({ message: "Please verify first" }, { status: 403 });
      case "/broken":
        return new Response("<h1>oops</h1>", { status: 502 });
      default:
        return Response.json({ error: "Not found" }, { status: 404 });
    }
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === "string" ? new URL(input, base) : input, init);
  try {
    await fn(seen);
  } finally {
    globalThis.fetch = realFetch;
    await server.shutdown();
  }
}

Deno.test("api: getJson and postJson send JSON and return the response's JSON", async () => {
  await withServer(async (seen) => {
    assert.deepEqual(await getJson("/echo?x=1"), { ok: true, method: "GET" });
    assert.deepEqual(await postJson("/echo", { a: 1 }), { ok: true, method: "POST" });
    assert.equal(await apiRequest("DELETE", "/empty"), null, "an empty response is null");
    assert.deepEqual(seen.map((s) => [s.method, s.path, s.type, s.body]), [
      ["GET", "/echo?x=1", null, ""],
      ["POST", "/echo", "application/json", '{"a":1}'],
      ["DELETE", "/empty", null, ""],
    ]);
  });
});

Deno.test("api: a form goes as multipart, not as JSON", async () => {
  await withServer(async (seen) => {
    const form = new FormData();
    form.append("avatar", new Blob(["x"], { type: "image/webp" }), "avatar.webp");
    await postJson("/echo", form);
    assert.match(seen[0].type ?? "", /^multipart\/form-data; boundary=/);
    assert.match(seen[0].body, /name="avatar"; filename="avatar.webp"/);
  });
});

Deno.test("api: a refusal throws the server's text, which errorMessage shows", async () => {
  await withServer(async () => {
    const refused = await postJson("/refused", {}).catch((e) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 401);
    assert.equal(refused.message, "Invalid username or password");
    assert.equal(statusOf(refused), 401);
    assert.equal(errorMessage(refused), "Invalid username or password");
    assert.equal(errorMessage(refused, "Login failed"), "Invalid username or password");
    // A `message` field is the server's text too.
    const told = await getJson("/told").catch((e) => e);
    assert.equal(errorMessage(told), "Please verify first");
  });
});

Deno.test("api: a response without a text: 'Request failed with status N', shown as the fallback", async () => {
  await withServer(async () => {
    const broken = await getJson("/broken").catch((e) => e);
    assert.ok(broken instanceof ApiError);
    assert.equal(broken.message, "Request failed with status 502");
    assert.equal(errorMessage(broken), GENERIC_ERROR);
    assert.equal(
      errorMessage(broken, "Failed to get location names"),
      "Failed to get location names",
    );
  });
});

Deno.test("api: a network failure or any other error shows the fallback", () => {
  assert.equal(GENERIC_ERROR, "Something went wrong. Please try again.");
  assert.equal(errorMessage(new TypeError("Failed to fetch")), GENERIC_ERROR);
  assert.equal(errorMessage(new Error("internal detail"), ""), "");
  assert.equal(errorMessage("a string"), GENERIC_ERROR);
  assert.equal(statusOf(new TypeError("Failed to fetch")), null);
});

Deno.test("api: only paths on this origin are called", async () => {
  for (const path of ["https://evil.example/api", "//evil.example/api", "api/relative"]) {
    await assert.rejects(() => getJson(path), /not a same-origin path/);
  }
});
