// The validation wrapper on a small Hono app with the same error mapping as the real one: a
// schema's own text reaches the caller, anything else the route's fallback; bodies that are not
// of the declared type or do not parse are refused; the size limit holds before anything is read.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { isFormPost, validate } from "../../lib/server/http/validate.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { carried, said } from "../../lib/shared/i18n/said.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { english } from "../helpers/english.ts";

// The schema's own texts are named messages carried in zod's strings; a plain text in a schema
// (not a message) counts as no text of its own.
const PICK = said("admin.banReasonRequired");
const AT_MOST = said("auth.longBio", { max: 5 });
const schema = z.object({
  status: z.enum(["open", "closed"], { error: carried(PICK) }),
  note: z.string().max(5, carried(AT_MOST)).default(""),
  plain: z.string().max(1, "A text, not a message.").optional(),
}).strict();

function testApp(reached: string[]) {
  const app = new Hono();
  app.post("/json", validate("json", schema, { maxBytes: 200 }), (c) => {
    reached.push("json");
    return c.json(c.req.valid("json"));
  });
  app.post("/report", validate("json", schema, { fallback: said("live.reasonRequired") }), (c) => {
    reached.push("report");
    return c.json(c.req.valid("json"));
  });
  app.get(
    "/items/:id",
    validate("param", z.object({ id: z.string().regex(/^\d+$/) }), {
      fallback: said("admin.userNotFound"),
      status: 404,
    }),
    (c) => c.json({ id: Number(c.req.valid("param").id) }),
  );
  app.post(
    "/either",
    validate("form", schema, { when: isFormPost }),
    validate("json", schema, { when: (c) => !isFormPost(c) }),
    (c) => c.json(isFormPost(c) ? c.req.valid("form") : c.req.valid("json")),
  );
  app.onError((err, c) => {
    if (err instanceof AppError) return c.json({ error: sayIn("en", err.said!) }, err.status);
    throw err;
  });
  return app;
}

const post = (app: Hono, path: string, body: BodyInit, type = "application/json") =>
  app.request(path, { method: "POST", body, headers: type ? { "content-type": type } : {} });

Deno.test("validate: the schema's own texts reach the caller", async () => {
  const reached: string[] = [];
  const app = testApp(reached);
  for (
    const [body, text] of [
      [{ status: "maybe" }, english("admin.banReasonRequired")],
      [{}, english("admin.banReasonRequired")],
      [{ status: "open", note: "too long" }, english("auth.longBio", { max: 5 })],
    ] as const
  ) {
    const res = await post(app, "/json", JSON.stringify(body));
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: text });
  }
  assert.deepEqual(reached, [], "the handler never ran");
  const ok = await post(app, "/json", JSON.stringify({ status: "open" }));
  assert.deepEqual(await ok.json(), { status: "open", note: "" });
});

Deno.test("validate: problems the schema has no text for get the fallback", async () => {
  const reached: string[] = [];
  const app = testApp(reached);
  const cases: [string, BodyInit, string][] = [
    ["/json", JSON.stringify({ status: "open", extra: 1 }), "Invalid request body"],
    ["/json", JSON.stringify({ status: "open", plain: "xx" }), "Invalid request body"],
    ["/json", JSON.stringify({ status: "open", note: 5 }), "Invalid request body"],
    ["/json", JSON.stringify(["open"]), "Invalid request body"],
    ["/json", '{"status": "op', "Invalid request body"],
    ["/json", "", "Invalid request body"],
    ["/report", '{"status": "op', english("live.reasonRequired")],
    ["/report", JSON.stringify({ status: "open", extra: 1 }), english("live.reasonRequired")],
  ];
  for (const [path, body, text] of cases) {
    const res = await post(app, path, body);
    assert.equal(res.status, 400, `${path} ${body}`);
    assert.deepEqual(await res.json(), { error: text });
  }
  // JSON sent with another declared type is not read.
  for (const type of ["text/plain", ""]) {
    const res = await post(app, "/json", JSON.stringify({ status: "open" }), type);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: "Invalid request body" });
  }
  assert.deepEqual(reached, []);
});

Deno.test("validate: the size limit holds before the body is parsed", async () => {
  const reached: string[] = [];
  const app = testApp(reached);
  const big = JSON.stringify({ status: "open", note: "x".repeat(500) });
  const res = await post(app, "/json", big);
  assert.equal(res.status, 413);
  assert.deepEqual(await res.json(), { error: "The request is too large." });
  const streamed = await post(
    app,
    "/json",
    ReadableStream.from([new TextEncoder().encode(big)]),
  );
  assert.equal(streamed.status, 413);
  assert.deepEqual(reached, []);
});

Deno.test("validate: a path parameter that names nothing returns 404 with the route's text", async () => {
  const app = testApp([]);
  const res = await app.request("/items/abc");
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), { error: english("admin.userNotFound") });
  assert.deepEqual(await (await app.request("/items/42")).json(), { id: 42 });
});

Deno.test("validate: one route may take a form or JSON, each validated by its own schema", async () => {
  const app = testApp([]);
  const form = await post(
    app,
    "/either",
    new URLSearchParams({ status: "closed" }),
    "application/x-www-form-urlencoded",
  );
  assert.deepEqual(await form.json(), { status: "closed", note: "" });
  const json = await post(app, "/either", JSON.stringify({ status: "open" }));
  assert.deepEqual(await json.json(), { status: "open", note: "" });
  const bad = await post(
    app,
    "/either",
    new URLSearchParams({ status: "x" }),
    "application/x-www-form-urlencoded",
  );
  assert.deepEqual(await bad.json(), { error: english("admin.banReasonRequired") });
});
