// The start-up line names the KV it opened: a file, memory, a KV Connect origin (never the URL's
// path or query), or Deno Deploy's managed KV, which has no path to print.
import assert from "node:assert/strict";
import { kvLabel } from "../../lib/server/observe/first_run.ts";

Deno.test("first run: the start-up line names every kind of KV", () => {
  assert.equal(kvLabel("./data/glimpse.kv"), "./data/glimpse.kv");
  assert.equal(kvLabel(":memory:"), ":memory:");
  assert.equal(kvLabel(""), "Deno Deploy's managed KV");
  assert.equal(
    kvLabel("https://api.deno.com/databases/0123-abcd/connect"),
    "KV Connect at https://api.deno.com",
  );
});
