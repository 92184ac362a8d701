// Two instances on one KV whose clocks disagree: the second runs under libfaketime 10 s and 4 s
// behind, then 4 s and 10 s ahead of the first (instances as processes, so that the shift
// applies). Either way members on the two instances meet across them, their call relays signals
// and lasts its whole length (a partner is never taken for gone, no clock ends it early), an
// administrator signed in on either instance works on the other, nothing answers 500, and the
// operator sees how far apart the clocks are (/metrics).
import assert from "node:assert/strict";
import {
  freePort,
  PROCESS_SESSION_SECRET,
  type ProcessServer,
  startServerProcess,
} from "../helpers/server.ts";
import {
  closeAll,
  connectPeer,
  MemberFactory,
  metric,
  search,
} from "../helpers/realtime_members.ts";
import { skewedClockEnv } from "../helpers/faketime.ts";
import { Client } from "../helpers/accounts.ts";

const MATCH_MS = 6_000;
const ADMIN = { ADMIN_EMAIL: "skew-admin@example.test", ADMIN_PASSWORD: "skew-admin-pass-1" };
const ENV = {
  ...ADMIN,
  RATE_LIMITS: "on",
  MATCH_DURATION_MS: String(MATCH_MS),
  SEARCH_TIMEOUT_MS: "20000",
  // A partner taken for gone would be let go within 2 s, well inside the call.
  HEARTBEAT_MS: "1000",
  RECONNECT_GRACE_MS: "1000",
};

async function signInAdmin(server: ProcessServer): Promise<Client> {
  const client = new Client(server);
  const res = await client.post("/api/simple-login", {
    identifier: ADMIN.ADMIN_EMAIL,
    password: ADMIN.ADMIN_PASSWORD,
  });
  assert.equal(res.status, 200, `sign-in on ${server.url}: ${res.text}`);
  return client;
}

Deno.test({
  name: "clock skew: instances 10 s and 4 s behind or ahead match, call and serve across",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir({ prefix: "glimpse-skew-" });
    const kvPath = `${dir}/glimpse.kv`;
    const steady = await startServerProcess(kvPath, freePort(), ENV);
    try {
      const members = await MemberFactory.forKv(steady.kv, steady.url, PROCESS_SESSION_SECRET);
      for (const offset of [-10, -4, 4, 10]) {
        await t.step(`${offset > 0 ? "+" : ""}${offset} s`, async () => {
          const skewed = await startServerProcess(kvPath, freePort(), {
            ...ENV,
            ...skewedClockEnv(offset),
          });
          const peers = [];
          try {
            // Sessions made on this machine's clock are valid on the skewed instance's socket.
            const a = await connectPeer(await members.create({}, steady.url));
            const b = await connectPeer(await members.create({}, skewed.url));
            peers.push(a, b);
            search(a);
            search(b);
            // Processes on one file reach each other only through the mailbox re-read, once a
            // second each way: a pairing whose confirmation misses its 2 s is undone and made
            // again, with one clock as with two (the bound: 20 s).
            // When each side heard (this process's clock).
            const heard = (ws: typeof a.ws, type: string, ms: number) =>
              ws.next(type, ms).then((m) => ({ m, at: Date.now() }));
            const [fa, fb] = await Promise.all([
              heard(a.ws, "match_found", 20_000),
              heard(b.ws, "match_found", 20_000),
            ]);
            assert.equal(fa.m.peerId, b.peerId, "a meets b across the instances");
            assert.equal(fb.m.peerId, a.peerId, "b meets a across the instances");
            // The call carries signals both ways across the instances.
            const offer = { type: "offer", sdp: "v=0\r\n" };
            a.ws.send({ type: "signal", to: b.peerId, signal: offer });
            assert.deepEqual((await b.ws.next("signal")).signal, offer);
            const answer = { type: "answer", sdp: "v=0\r\n" };
            b.ws.send({ type: "signal", to: a.peerId, signal: answer });
            assert.deepEqual((await a.ws.next("signal")).signal, answer);
            // The call ends at its time, for both, and not before: no instance takes the other
            // for gone (that would end it within 2 s as partner_disconnected), and no clock ends
            // it early (by the 4 or 10 s the clocks differ). From the first side told of the
            // match to the last told of its end: the messages' own delays (a second or so
            // between processes) are well inside the 2 s allowed.
            const [ea, eb] = await Promise.all([
              heard(a.ws, "session_ended", MATCH_MS + 20_000),
              heard(b.ws, "session_ended", MATCH_MS + 20_000),
            ]);
            assert.equal(ea.m.reason, "timeout", JSON.stringify(ea.m));
            assert.equal(eb.m.reason, "timeout", JSON.stringify(eb.m));
            const lasted = Math.max(ea.at, eb.at) - Math.min(fa.at, fb.at);
            assert.ok(lasted >= MATCH_MS - 2_000, `the call lasted ${lasted} ms of ${MATCH_MS}`);
            assert.deepEqual(
              [...a.ws.messages, ...b.ws.messages].filter((m) => m.type === "error"),
              [],
              "no error on either side",
            );

            // The operator sees how far apart the clocks are.
            const metrics = await (await fetch(`${steady.url}/metrics`)).text();
            const seen = metric(metrics, "glimpse_clock_offset_max_ms");
            assert.ok(
              seen !== null && Math.abs(seen - Math.abs(offset) * 1000) <= 1_500,
              `glimpse_clock_offset_max_ms ${seen} for ${offset} s`,
            );

            // An administrator signed in on either instance creates invitations on both.
            for (const [from, to] of [[steady, skewed], [skewed, steady], [skewed, skewed]]) {
              const admin = await signInAdmin(from);
              const res = await new Client(to).request("POST", "/api/admin/invitations", {
                json: { count: 1 },
                headers: { cookie: `glimpse_session=${admin.session}`, origin: to.url },
              });
              assert.equal(
                res.status,
                201,
                `signed in on one, invitations on the other: ${res.text}`,
              );
            }
          } finally {
            closeAll(...peers);
            await skewed.close();
          }
        });
      }
    } finally {
      await steady.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
