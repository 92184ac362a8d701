// Which KV failures are the store refusing to write (answered 503), and which are bugs (500).
import assert from "node:assert/strict";
import { lastingRefusal, storageRefusal } from "../../kv/storage.ts";

Deno.test("storage refusal: SQLite's and the system's words, also as a cause", () => {
  assert.equal(storageRefusal(new TypeError("database or disk is full")), "full");
  assert.equal(storageRefusal(new Error("No space left on device (os error 28)")), "full");
  assert.equal(storageRefusal(new Error("attempt to write a readonly database")), "read_only");
  assert.equal(storageRefusal(new Error("database is locked")), "locked");
  assert.equal(storageRefusal(new Error("disk I/O error")), "io");
  const wrapped = new Error("saving the profile failed", {
    cause: new Error("database is locked"),
  });
  assert.equal(storageRefusal(wrapped), "locked");
  // A bug is not a refusal.
  assert.equal(storageRefusal(new TypeError("Cannot read properties of undefined")), null);
  assert.equal(storageRefusal("database or disk is full"), null, "only errors count");
  // A lock frees itself; a full disk or a read-only file waits for the operator.
  assert.equal(lastingRefusal(new Error("database is locked")), false);
  assert.equal(lastingRefusal(new Error("database or disk is full")), true);
  assert.equal(lastingRefusal(new Error("attempt to write a readonly database")), true);
  assert.equal(lastingRefusal(null), false);
});
