// Deno KV's queue exists only on a local KV: over KV Connect (denokv, Deno Deploy's KV from
// outside) a commit carrying a message fails, and Deno Deploy has no queues at all. There Glimpse
// sends its messages through a job table in KV (kv/queue.ts). Here the KV is local, the job table
// is switched on, and Deno's queue is made to fail exactly as KV Connect's does, so any use of it
// breaks the test: account mail goes out (after a failed send, on retry), a deleted account is
// purged when its delay is up, and two instances on one KV handle each message once.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { awaitMails, Client, kvUser, linkIn, registerMember } from "../helpers/accounts.ts";
import { until } from "../helpers/time.ts";
import { OutboxSender } from "../../lib/server/email/mod.ts";
import { FlakySender } from "../helpers/flaky_sender.ts";
import { markDeleted } from "../../kv/deletion.ts";
import { enableJobTable, enqueue, listenQueue } from "../../kv/queue.ts";
import { hasNativeQueue } from "../../kv/queue.ts";

const KV_CONNECT = "Enqueue operations are not supported in KV Connect";

/** Deno's queue fails from now on as KV Connect's does; returns the undo. */
function withoutNativeQueue(): () => void {
  const atomic = Deno.AtomicOperation.prototype;
  const kv = Deno.Kv.prototype;
  const saved = { atomic: atomic.enqueue, enqueue: kv.enqueue, listen: kv.listenQueue };
  atomic.enqueue = () => {
    throw new TypeError(KV_CONNECT);
  };
  kv.enqueue = () => Promise.reject(new TypeError(KV_CONNECT));
  kv.listenQueue = () => Promise.reject(new TypeError("queues are not supported"));
  return () => {
    atomic.enqueue = saved.atomic;
    kv.enqueue = saved.enqueue;
    kv.listenQueue = saved.listen;
  };
}

Deno.test("job table: chosen for KV Connect and Deno Deploy's KV, not for a local one", () => {
  assert.equal(hasNativeQueue("./data/glimpse.kv"), true);
  assert.equal(hasNativeQueue(":memory:"), true);
  assert.equal(hasNativeQueue("https://kv.example.com"), false);
  assert.equal(hasNativeQueue("http://10.0.0.5:4512"), false);
  assert.equal(hasNativeQueue(""), false, "KV_PATH unset on Deno Deploy");
});

Deno.test({
  name: "job table: mail is sent and retried, a deleted account is purged, no native queue used",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const restore = withoutNativeQueue();
    const flaky = new FlakySender(1);
    try {
      await withServer(
        async (server) => {
          flaky.real = new OutboxSender(server.kv, "Glimpse <no-reply@example.test>", false);
          // The registration's commit carries the verification mail: with Deno's queue it would
          // fail here as over KV Connect.
          const m = await registerMember(server, { verified: false });
          const [mail] = await awaitMails(server.kv, m.email);
          assert.equal(flaky.failuresLeft, 0, "the first send failed and was retried");
          const res = await new Client(server).get(linkIn(mail, "/verify-email?token="));
          assert.equal(res.status, 303);
          assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);

          // Deletion schedules the purge 1.5 s ahead: not before, but soon after.
          assert.ok(await markDeleted(server.kv, m.id, 1_500));
          await new Promise((r) => setTimeout(r, 700));
          assert.ok(await kvUser(server.kv, m.id), "not purged before its time");
          await until("the purge", () => kvUser(server.kv, m.id), (u) => u === null, 8_000, 100);

          // Nothing is left in the table once handled (a job is settled just after its work, which
          // a busy machine may let the check see first).
          const jobsLeft = async () => {
            let left = 0;
            for await (const _ of server.kv.list({ prefix: ["jobs"] })) left++;
            return left;
          };
          await until("the job table to be empty", jobsLeft, (left) => left === 0, 5_000, 50);
        },
        {},
        { email: flaky, jobTable: true },
      );
    } finally {
      restore();
    }
  },
});

Deno.test({
  name: "job table: two instances on one KV handle every message once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "glimpse-jobs-" });
    const path = `${dir}/jobs.kv`;
    const a = await Deno.openKv(path);
    const b = await Deno.openKv(path);
    enableJobTable(a);
    enableJobTable(b);
    const seen: { by: string; n: number }[] = [];
    let failedOnce = false;
    const handler = (by: string) => async (msg: unknown) => {
      const n = (msg as { n: number }).n;
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      // One message fails its first delivery: it comes back once, after the first retry delay.
      if (n === 7 && !failedOnce) {
        failedOnce = true;
        throw new Error("handler hiccup");
      }
      seen.push({ by, n });
    };
    const listening = [listenQueue(a, handler("a")), listenQueue(b, handler("b"))];
    try {
      for (let n = 0; n < 60; n++) await enqueue(n % 2 ? a : b, { n });
      await until("every message handled", () => Promise.resolve(seen.length), (k) => k >= 60);
      await new Promise((r) => setTimeout(r, 1_200));
      const counts = new Map<number, number>();
      for (const { n } of seen) counts.set(n, (counts.get(n) ?? 0) + 1);
      assert.equal(counts.size, 60);
      assert.ok([...counts.values()].every((c) => c === 1), "each handled once");
      assert.ok(failedOnce);
      assert.ok(new Set(seen.map((s) => s.by)).size === 2, "both instances took messages");
    } finally {
      a.close();
      b.close();
      await Promise.all(listening);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
