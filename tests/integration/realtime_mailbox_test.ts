// Instance mailboxes in bulk: many messages for other instances go in few commits, each
// mailbox's messages in the order sent, none lost, and no commit past KV's limits.
import assert from "node:assert/strict";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import { inbox, postMany } from "../../kv/mailbox.ts";

interface Msg {
  id: string;
  sentAt: number;
  n: number;
  body?: string;
}

function countCommits(kv: Deno.Kv) {
  const realAtomic = kv.atomic.bind(kv);
  const seen = { commits: 0 };
  // deno-lint-ignore no-explicit-any
  (kv as any).atomic = () => {
    const op = realAtomic();
    const realCommit = op.commit.bind(op);
    op.commit = () => {
      seen.commits++;
      return realCommit();
    };
    return op;
  };
  return seen;
}

Deno.test("mailbox: 1,000 messages for two instances take 3 commits, each mailbox in order", async () => {
  const kv = await openKv(":memory:");
  try {
    const at = Date.now();
    const posts = Array.from({ length: 1000 }, (_, n) => ({
      instanceId: n % 2 ? "i-odd" : "i-even",
      msg: { id: `${String(n).padStart(12, "0")}-sender`, sentAt: at, n },
    }));
    const seen = countCommits(kv);
    await postMany<Msg>(kv, posts);
    assert.equal(seen.commits, 3);
    for (const [instanceId, parity] of [["i-even", 0], ["i-odd", 1]] as const) {
      const got = (await inbox<Msg>(kv, instanceId)).map((e) => e.value.n);
      assert.deepEqual(got, posts.filter((p) => p.msg.n % 2 === parity).map((p) => p.msg.n));
      // The counter each receiver watches moved with every commit that brought it messages.
      const signal = await kv.get<Deno.KvU64>(keys.rtInboxSignal(instanceId));
      assert.equal(signal.value?.value, 3n);
    }
  } finally {
    kv.close();
  }
});

Deno.test("mailbox: large messages are split by size, never past KV's 800 KiB a commit", async () => {
  const kv = await openKv(":memory:");
  try {
    const at = Date.now();
    // 60 messages of ~20 KB: ~1.2 MB in all, more than one commit may write.
    const body = "x".repeat(20_000);
    const posts = Array.from({ length: 60 }, (_, n) => ({
      instanceId: "i-big",
      msg: { id: `${String(n).padStart(12, "0")}-sender`, sentAt: at, n, body },
    }));
    const seen = countCommits(kv);
    await postMany<Msg>(kv, posts);
    assert.ok(seen.commits >= 2, `${seen.commits} commits`);
    const got = (await inbox<Msg>(kv, "i-big")).map((e) => e.value.n);
    assert.deepEqual(got, posts.map((p) => p.msg.n));
  } finally {
    kv.close();
  }
});
