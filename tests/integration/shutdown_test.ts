// A stop by SIGTERM (a deploy or a restart), on the real server process: it exits 0 and leaves
// nothing behind that other instances would take for alive: its searcher's ticket and its
// presence record are gone from KV, and the searcher's socket is closed, so the page reconnects.
import assert from "node:assert/strict";
import { freePort, startServerProcess } from "../helpers/server.ts";
import {
  closeAll,
  connectPeer,
  MemberFactory,
  type Peer,
  retryLocked,
  search,
  SHARED_SESSION_SECRET,
} from "../helpers/realtime_members.ts";
import { eventually } from "../helpers/time.ts";
import { instanceBeats } from "../../kv/instances.ts";
import { getTicket } from "../../kv/tickets.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

/** The instances with a liveness key (a clean stop deletes its own at once). */
async function instancesIn(kv: Deno.Kv): Promise<number> {
  return (await instanceBeats(kv)).size;
}

Deno.test(
  "shutdown: SIGTERM withdraws the instance's searcher and its presence, then exits 0",
  opts,
  async () => {
    const dir = await Deno.makeTempDir();
    const server = await startServerProcess(`${dir}/app.kv`, freePort(), {
      SESSION_SECRET: SHARED_SESSION_SECRET,
      SEARCH_TIMEOUT_MS: "60000",
    });
    let peer: Peer | null = null;
    try {
      const factory = await MemberFactory.forKv(server.kv, server.url);
      peer = await connectPeer(await factory.create());
      search(peer);
      await peer.ws.next("searching");
      const ticket = () => retryLocked(() => getTicket(server.kv, peer!.member.id));
      assert.ok(
        await eventually(async () => (await ticket()).value !== null, 5_000),
        "the searcher's ticket is in the pool",
      );
      assert.equal(await retryLocked(() => instancesIn(server.kv)), 1, "the instance is present");

      const began = performance.now();
      const status = await server.signal("SIGTERM");
      console.log(`  stopped and exited in ${(performance.now() - began).toFixed(0)} ms`);
      assert.equal(status.code, 0, `a clean exit: ${JSON.stringify(status)}`);
      assert.equal((await retryLocked(ticket)).value, null, "the ticket left with the instance");
      assert.equal(await retryLocked(() => instancesIn(server.kv)), 0, "no presence record");
      assert.ok(await eventually(() => peer!.ws.closed !== null, 2_000), "the socket is closed");
    } finally {
      closeAll(peer);
      await server.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);
