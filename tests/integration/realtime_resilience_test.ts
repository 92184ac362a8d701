// The hub under a failing KV write: the server never crashes or stalls, no searcher is lost, and a
// missed watch event never loses a message. Several KV handles on one SQLite file (the
// multi-instance test set-up) fail writes with 'database is locked' under load; these tests inject
// that one error at a chosen moment into a real server's KV handle and check that the server
// neither dies nor loses anyone or anything.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { closeAll, connectPeer, pairUp, search, withMembers } from "../helpers/realtime_members.ts";
import { sleep } from "../helpers/time.ts";
import type { Match } from "../../kv/matches.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const SEARCH_MS = 800;
const LOCKED = () => new TypeError("database is locked");

/** Records unhandled rejections while `fn` runs (and keeps them from ending the process). */
async function catchingUnhandled(fn: (seen: string[]) => Promise<void>) {
  const seen: string[] = [];
  const on = (e: PromiseRejectionEvent) => {
    e.preventDefault();
    seen.push(String(e.reason));
  };
  globalThis.addEventListener("unhandledrejection", on);
  try {
    await fn(seen);
  } finally {
    globalThis.removeEventListener("unhandledrejection", on);
  }
}

/** Replaces one method of the server's KV handle; returns the restore function. */
function patchKv(kv: Deno.Kv, name: "get" | "atomic" | "delete", impl: (orig: any) => any) {
  const k = kv as any;
  const orig = k[name].bind(kv);
  k[name] = impl(orig);
  return () => {
    delete k[name];
  };
}

Deno.test(
  "resilience: a KV error while a searcher's socket closes does not crash the server",
  opts,
  async () => {
    await catchingUnhandled(async (seen) => {
      await withMembers({ SEARCH_TIMEOUT_MS: String(SEARCH_MS) }, async (server, f) => {
        const p = await connectPeer(await f.create());
        const other = await connectPeer(await f.create());
        let restore = () => {};
        try {
          search(p);
          await p.ws.next("searching");
          // The next atomic write (the ticket's removal on close) fails once.
          restore = patchKv(server.kv, "atomic", (_orig) => () => {
            restore();
            throw LOCKED();
          });
          p.ws.close();
          await p.ws.waitClosed();
          await sleep(300);
          restore();
          assert.deepEqual(
            seen,
            [],
            "the socket close handler let a KV error escape as an unhandled rejection " +
              "(routes/ws.ts onclose → hub.close); Deno ends the process on those",
          );
          other.ws.send({ type: "ping" });
          await other.ws.next("pong");
        } finally {
          restore();
          closeAll(p, other);
        }
      });
    });
  },
);

Deno.test(
  "resilience: a KV error while telling a pair of their match loses neither member",
  opts,
  async () => {
    await catchingUnhandled(async () => {
      await withMembers({ SEARCH_TIMEOUT_MS: String(SEARCH_MS) }, async (server, f) => {
        const a = await connectPeer(await f.create());
        const b = await connectPeer(await f.create());
        let restore = () => {};
        try {
          search(a);
          await a.ws.next("searching");
          // The first read of a match record (delivering 'matched' after the pairing commit) fails.
          restore = patchKv(server.kv, "get", (orig) => (key: Deno.KvKey, o?: any) => {
            if (key[0] === "matches") {
              restore();
              return Promise.reject(LOCKED());
            }
            return orig(key, o);
          });
          search(b);
          // Each must hear how the search ended: a match, or at worst no_match_found.
          const outcome = async (p: typeof a) =>
            await Promise.race([
              p.ws.next("match_found", SEARCH_MS + 3000).then(() => "match_found"),
              p.ws.next("no_match_found", SEARCH_MS + 3000).then(() => "no_match_found"),
            ]).catch(() => "nothing");
          const [oa, ob] = await Promise.all([outcome(a), outcome(b)]);
          const live: Match[] = [];
          for await (const e of server.kv.list<Match>({ prefix: ["matches"] })) {
            if (e.value.status === "live") live.push(e.value);
          }
          assert.deepEqual(
            { a: oa, b: ob },
            { a: "match_found", b: "match_found" },
            `members lost after a failed delivery; live matches in KV: ${live.length}`,
          );
        } finally {
          restore();
          closeAll(a, b);
        }
      });
    });
  },
);

Deno.test("resilience: a KV error while draining the mailbox loses no message", opts, async () => {
  await catchingUnhandled(async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: String(SEARCH_MS) }, async (server, f) => {
      const a = await connectPeer(await f.create());
      const b = await connectPeer(await f.create());
      let restore = () => {};
      try {
        const [ma] = await pairUp(a, b);
        const match = (await server.kv.get<Match>(["matches", ma.matchId])).value!;
        const side = match.a.userId === b.member.id ? match.a : match.b;
        // Three signals for b land in this instance's mailbox in one commit (as from another
        // instance); the drain's first commit taking them out of the mailbox fails once.
        let takes = 0;
        restore = patchKv(server.kv, "atomic", (orig) => () => {
          const op = orig();
          let fromInbox = false;
          const del = op.delete.bind(op);
          op.delete = (key: Deno.KvKey) => {
            if (key[0] === "rt" && key[1] === "inbox") fromInbox = true;
            return del(key);
          };
          const commit = op.commit.bind(op);
          op.commit = () => {
            if (fromInbox && ++takes === 1) {
              restore();
              return Promise.reject(LOCKED());
            }
            return commit();
          };
          return op;
        });
        const now = Date.now();
        const op = server.kv.atomic();
        for (let i = 0; i < 3; i++) {
          const id = `0000000${i}-test`;
          op.set(["rt", "inbox", server.hub.instanceId, `${String(now).padStart(15, "0")}-${id}`], {
            id,
            sentAt: now,
            userId: b.member.id,
            connId: side.connId,
            payload: {
              type: "signal",
              from: a.peerId,
              signal: { type: "ice-candidate", candidate: { candidate: `candidate:${i}` } },
            },
          });
        }
        op.sum(["rt", "inbox_seq", server.hub.instanceId], 1n);
        assert.ok((await op.commit()).ok);
        const got: string[] = [];
        for (let i = 0; i < 3; i++) {
          const s = await b.ws.next("signal", 3000).catch(() => null);
          if (s) got.push(s.signal.candidate.candidate);
        }
        assert.deepEqual(got.sort(), ["candidate:0", "candidate:1", "candidate:2"]);
        assert.equal(takes, 1, "the failing take was tried");
        await sleep(300);
        assert.equal(b.ws.messages.filter((m) => m.type === "signal").length, 3, "each once");
      } finally {
        restore();
        closeAll(a, b);
      }
    });
  });
});

Deno.test(
  "resilience: a ticket put that finds the file busy through all its retries does not end the search",
  opts,
  async () => {
    await catchingUnhandled(async (seen) => {
      await withMembers({ SEARCH_TIMEOUT_MS: "5000" }, async (server, f) => {
        const a = await connectPeer(await f.create());
        const b = await connectPeer(await f.create());
        // Every commit that writes a ticket throws 'database is locked', 8 times (a put's every
        // retry), as when instances on one file lock each other out in a burst.
        let thrown = 0;
        const restore = patchKv(server.kv, "atomic", (orig) => () => {
          const op = orig();
          let ticket = false;
          const set = op.set.bind(op);
          op.set = (key: Deno.KvKey, value: unknown, o?: any) => {
            if (key[0] === "mm" && key[1] === "waiting") ticket = true;
            return set(key, value, o);
          };
          const commit = op.commit.bind(op);
          op.commit = () => {
            if (ticket && thrown < 8) {
              thrown++;
              return Promise.reject(LOCKED());
            }
            return commit();
          };
          return op;
        });
        try {
          search(a);
          await a.ws.next("searching");
          // Alone, a's search is held, then put: the put fails; the search is put again.
          const ticket = async () => (await server.kv.get(["mm", "waiting", a.member.id])).value;
          const end = Date.now() + 4000;
          while (!(await ticket()) && Date.now() < end) await sleep(50);
          assert.equal(thrown, 8, "the first put threw through all its retries");
          assert.ok(await ticket(), "a's ticket is in the pool after all");
          assert.deepEqual(a.ws.messages.filter((m) => m.type === "error"), [], "a heard no error");
          search(b);
          const [ma, mb] = await Promise.all([a.ws.next("match_found"), b.ws.next("match_found")]);
          assert.equal(ma.peerId, b.peerId);
          assert.equal(mb.peerId, a.peerId);
          assert.deepEqual(seen, []);
        } finally {
          restore();
          closeAll(a, b);
        }
      });
    });
  },
);
