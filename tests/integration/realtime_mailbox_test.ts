// Instance mailboxes in bulk: many messages for other instances go in few commits, each
// mailbox's messages in the order sent, none lost, and no commit past KV's limits. On the
// receiving side, a watch event's messages are handled without a read, once each, in the
// sender's order.
import assert from "node:assert/strict";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import { inbox, postMany } from "../../kv/mailbox.ts";
import { type Delivery, Mailbox } from "../../lib/server/realtime/mailbox.ts";
import type { Core } from "../../lib/server/realtime/core.ts";
import type { ServerOutbound } from "../../lib/shared/realtime/protocol.ts";
import { eventually, sleep } from "../helpers/time.ts";

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

// ---------- the receiving side: a watch event's messages handled without reading the mailbox

/** A sender's and a receiver's mailbox on one KV file, each with a handle of its own. */
async function twoInstances(
  fn: (o: {
    sender: Mailbox;
    receiverKv: Deno.Kv;
    got: Delivery[];
    /** Holds every list of the receiver's handle (its drain's reads) until `release`. */
    holdLists: () => { release: () => void };
  }) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  const senderKv = await openKv(`${dir}/m.kv`);
  const receiverKv = await openKv(`${dir}/m.kv`);
  const core = (kv: Deno.Kv, instanceId: string) =>
    ({ kv, instanceId, stopped: false, conns: new Map() }) as unknown as Core;
  const got: Delivery[] = [];
  const receiver = new Mailbox(core(receiverKv, "i-receiver"), (msg) => {
    got.push(msg);
    return Promise.resolve();
  });
  const sender = new Mailbox(core(senderKv, "i-sender"), () => Promise.resolve());
  const list = receiverKv.list.bind(receiverKv);
  const holdLists = () => {
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    receiverKv.list = ((...args: Parameters<Deno.Kv["list"]>) => {
      const it = list(...args);
      const next = it.next.bind(it);
      it.next = async () => {
        await held;
        return await next();
      };
      return it;
    }) as Deno.Kv["list"];
    return { release };
  };
  receiver.start();
  try {
    await fn({ sender, receiverKv, got, holdLists });
  } finally {
    await sender.stop();
    await receiver.stop();
    senderKv.close();
    receiverKv.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const to = { instanceId: "i-receiver", connId: "c1", userId: "u1" };

Deno.test("mailbox: a watch event's messages are handled before any read of the mailbox", async () => {
  await twoInstances(async ({ sender, got, holdLists }) => {
    await sleep(100); // the receiver's first drain is done
    const lists = holdLists();
    try {
      // Every read of the mailbox is held: what arrives comes with the watch events. Each is
      // awaited before the next is sent (a loaded machine may read two commits' changes as one
      // event, whose first message then waits for the drain: the next test's case).
      for (const n of [1, 2, 3]) {
        await sender.deliver(to, {
          payload: { type: "searching" } as ServerOutbound,
          matchId: `m${n}`,
        });
        await eventually(() => got.length === n, 10_000);
      }
      assert.deepEqual(got.map((m) => m.matchId), ["m1", "m2", "m3"]);
    } finally {
      lists.release();
    }
    // The drain then takes them out without handling them again.
    await sleep(1_300);
    assert.equal(got.length, 3, "each handled once");
  });
});

Deno.test("mailbox: after a message the watch never carried, the next waits for the drain, in order", async () => {
  await twoInstances(async ({ sender, receiverKv, got }) => {
    await sleep(100);
    // A message written straight into the mailbox, as if its watch event had collapsed into a
    // later one: only the drain finds it.
    const now = Date.now();
    const first: Delivery = { ...to, id: "000000000001-i-sender", sentAt: now, matchId: "m1" };
    await receiverKv.set(
      keys.rtInbox("i-receiver", `${String(now).padStart(15, "0")}-${first.id}`),
      first,
    );
    // The sender's own next message names it as its previous one.
    (sender as unknown as { sent: number }).sent = 1;
    (sender as unknown as { lastTo: Map<string, string> }).lastTo.set("i-receiver", first.id);
    await sender.deliver(to, { matchId: "m2" });
    await eventually(() => got.length === 2, 5_000);
    assert.deepEqual(got.map((m) => m.matchId), ["m1", "m2"], "the sender's order holds");
    await sleep(1_300);
    assert.equal(got.length, 2, "each handled once");
    assert.equal((await inbox(receiverKv, "i-receiver")).length, 0, "both taken out");
  });
});
