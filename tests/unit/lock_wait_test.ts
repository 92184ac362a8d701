// A write refused for a local KV file's lock is tried again; any other failure goes on at once.
import assert from "node:assert/strict";
import { waitForLocks, whileLocked } from "../../kv/lock_wait.ts";

Deno.test("lock wait: a write refused for the lock is tried again until it lands", async () => {
  let tries = 0;
  const result = await whileLocked(() => {
    tries++;
    if (tries < 3) return Promise.reject(new TypeError("database is locked"));
    return Promise.resolve("landed");
  });
  assert.equal(result, "landed");
  assert.equal(tries, 3);
});

Deno.test("lock wait: another failure, or a lock that stays, goes on", async () => {
  let tries = 0;
  await assert.rejects(
    () =>
      whileLocked(() => {
        tries++;
        return Promise.reject(new TypeError("database or disk is full"));
      }),
    /disk is full/,
  );
  assert.equal(tries, 1, "a full disk is not tried again here");
  tries = 0;
  await assert.rejects(
    () =>
      whileLocked(() => {
        tries++;
        return Promise.reject(new TypeError("database is locked"));
      }),
    /locked/,
  );
  assert.equal(tries, 12, "a lock that stays is given up after 12 tries");
});

Deno.test("lock wait: a KV's commits, sets, deletes and enqueues wait for the lock", async () => {
  // A stand-in for a KV whose every write is refused for the lock once, then lands.
  const landed: string[] = [];
  const flaky = (what: string) => {
    let refused = false;
    return () => {
      if (!refused) {
        refused = true;
        return Promise.reject(new TypeError("database is locked"));
      }
      landed.push(what);
      return Promise.resolve({ ok: true, versionstamp: "1" });
    };
  };
  const commit = flaky("commit");
  const fake = {
    atomic: () => ({ commit }),
    set: flaky("set"),
    delete: flaky("delete"),
    enqueue: flaky("enqueue"),
  };
  const kv = waitForLocks(fake as unknown as Deno.Kv);
  assert.equal((await kv.atomic().commit()).ok, true);
  await kv.set(["a"], 1);
  await kv.delete(["a"]);
  await kv.enqueue("m");
  assert.deepEqual(landed, ["commit", "set", "delete", "enqueue"], "each landed once");
});
