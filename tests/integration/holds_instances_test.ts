// A safety hold across instances: the reports reach one instance while the reported member's
// socket, live call or search, is on another (two Deno Worker instances on one KV file). The hold
// still ends the call at once (the held member hears on_hold, the partner that the session ended)
// and stops a search, through the mailbox of the instance that holds the socket.
import assert from "node:assert/strict";
import { type Instance, startInstances } from "../helpers/instances.ts";
import {
  closeAll,
  connectPeer,
  MemberFactory,
  pairUp,
  type Peer,
  retryLocked,
  search,
  SHARED_SESSION_SECRET,
  toleratingKvLocks,
} from "../helpers/realtime_members.ts";
import { sleep } from "../helpers/time.ts";
import { getUser } from "../../kv/users.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const ENV = {
  SESSION_SECRET: SHARED_SESSION_SECRET,
  HEARTBEAT_MS: "300",
  RECONNECT_GRACE_MS: "600",
  SEARCH_TIMEOUT_MS: "10000",
  MATCH_DURATION_MS: "30000",
};

async function withTwo(fn: (kv: Deno.Kv, at: (i: number) => Promise<Peer>) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/holds.kv`;
  const kv = await Deno.openKv(kvPath);
  let instances: Instance[] = [];
  try {
    instances = await startInstances(2, kvPath, ENV);
    const factory = await MemberFactory.forKv(kv, instances[0].url);
    const at = async (i: number) => {
      const m = await factory.create({}, instances[i].url);
      return await connectPeer(m, instances[i].url);
    };
    await toleratingKvLocks(() => fn(kv, at));
  } finally {
    await sleep(300);
    await Promise.all(instances.map((inst) => Promise.race([inst.stop(), sleep(3000)])));
    for (const inst of instances) inst.kill();
    kv.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

async function meet(x: Peer, y: Peer) {
  await pairUp(x, y);
  x.ws.send({ type: "end_session" });
  await y.ws.next("session_ended");
}

const report = (reporter: Peer, partner: Peer) =>
  reporter.member.client.post("/api/report", {
    reportReason: "minor",
    additionalDetails: "",
    partnerPeerId: partner.peerId,
  });

Deno.test(
  "holds across instances: a live call and a search on another instance end",
  opts,
  () =>
    withTwo(async (kv, at) => {
      // Reporters on instance 0 (their reports go there); the reported member and partner on 1.
      const [r1, r2, r3] = [await at(0), await at(0), await at(0)];
      const b = await at(1), c = await at(1), e = await at(1);
      try {
        await meet(r1, b);
        await meet(r2, b);
        assert.equal((await report(r1, b)).status, 201);
        await pairUp(b, c);
        assert.equal((await report(r2, b)).status, 201);
        assert.equal((await b.ws.next("error", 5000)).code, "on_hold");
        assert.equal((await c.ws.next("session_ended", 5000)).reason, "signed_out");
        assert.ok((await retryLocked(() => getUser(kv, b.member.id)))?.hold);

        // A second member on hold while searching on instance 1: the search stops.
        await meet(r3, e);
        await meet(r2, e);
        assert.equal((await report(r3, e)).status, 201);
        search(e);
        await e.ws.next("searching");
        assert.equal((await report(r2, e)).status, 201);
        assert.equal((await e.ws.next("error", 5000)).code, "on_hold");
      } finally {
        closeAll(r1, r2, r3, b, c, e);
      }
    }),
);
