// "Hide my IP address from partners": the profile switch (on for a member who never chose, a PATCH
// stores the choice, a bad value stores nothing) and what match_found tells each member's browser
// over real sockets: "relay" (gather and send relay candidates only) for a member who hides their
// address, "all" for one who does not, "all" for everyone where no relay is configured, and
// "relay" for everyone where the site sends every call through its relay.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  type MemberFactory,
  pairUp,
  type QuickMember,
  withMembers,
} from "../helpers/realtime_members.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const TURN = {
  TURN_URLS: "turn:127.0.0.1:3478",
  TURN_SECRET: "hide-ip-test-secret-0123456789abcdef",
  MATCH_DURATION_MS: "30000",
};

async function setHideIp(m: QuickMember, value: boolean) {
  const res = await m.client.patch("/api/user/profile", { hideIpAddress: value });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.hideIpAddress, value);
}

/** What /profile tells its island about hiding the member's IP address. */
async function ipRelayOnPage(m: QuickMember): Promise<unknown> {
  const page = await m.client.get("/profile");
  assert.equal(page.status, 200);
  const found = /"ipRelay":(\{[^}]*\})/.exec(page.text.replaceAll("&quot;", '"'));
  assert.ok(found, "the profile island's props name ipRelay");
  return JSON.parse(found[1]);
}

/** Pairs a and b; each one's match_found transport policy. */
async function policies(a: QuickMember, b: QuickMember): Promise<[string, string]> {
  const [pa, pb] = [await connectPeer(a), await connectPeer(b)];
  try {
    const [ma, mb] = await pairUp(pa, pb);
    // Ended at once, so that the next match between them need not wait for this one.
    pa.ws.send({ type: "end_session" });
    await pb.ws.next("session_ended");
    return [ma.iceTransportPolicy, mb.iceTransportPolicy];
  } finally {
    closeAll(pa, pb);
  }
}

/** Two fresh members: `hider` never chose (the default), `open` turned the switch off. */
async function hiderAndOpen(members: MemberFactory) {
  const [hider, open] = await members.many(2);
  await setHideIp(open, false);
  return { hider, open };
}

Deno.test("hide IP: on for a member who never chose; a PATCH stores the choice", opts, async () => {
  await withMembers(TURN, async (server, members) => {
    const m = await members.create();
    const stored = async () => (await server.kv.get<UserRecord>(["users", m.id])).value!;
    assert.equal((await stored()).hideIpAddress, undefined, "not chosen yet");
    assert.equal((await m.client.get("/api/user/profile")).json.hideIpAddress, null);
    // The profile page is told the switch is available and on by default.
    assert.deepEqual(await ipRelayOnPage(m), { available: true, byDefault: true, always: false });

    await setHideIp(m, false);
    assert.equal((await stored()).hideIpAddress, false);
    assert.equal((await m.client.get("/api/user/profile")).json.hideIpAddress, false);
    await setHideIp(m, true);
    assert.equal((await stored()).hideIpAddress, true);

    // A bad value is refused and stores nothing.
    const before = await kvDump(server.kv);
    for (const bad of ["off", null, 1]) {
      const res = await m.client.patch("/api/user/profile", { hideIpAddress: bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    assert.deepEqual(await kvDump(server.kv), before);
  });
});

Deno.test(
  "hide IP: match_found says relay to the member who hides their address, all to the other",
  opts,
  async () => {
    await withMembers(TURN, async (_server, members) => {
      const { hider, open } = await hiderAndOpen(members);
      assert.deepEqual(await policies(hider, open), ["relay", "all"]);
      // Turned on explicitly, and off again: the next match follows the choice.
      await setHideIp(open, true);
      assert.deepEqual(await policies(hider, open), ["relay", "relay"]);
      await setHideIp(hider, false);
      await setHideIp(open, false);
      assert.deepEqual(await policies(hider, open), ["all", "all"]);
    });
  },
);

Deno.test(
  "hide IP: with HIDE_IP_DEFAULT=false only a member who chose it hides",
  opts,
  async () => {
    await withMembers({ ...TURN, HIDE_IP_DEFAULT: "false" }, async (_server, members) => {
      const [chose, never] = await members.many(2);
      await setHideIp(chose, true);
      assert.deepEqual(await policies(chose, never), ["relay", "all"]);
    });
  },
);

Deno.test("hide IP: without a relay configured, calls go as before (all)", opts, async () => {
  await withMembers({ MATCH_DURATION_MS: "30000" }, async (_server, members) => {
    const [a, b] = await members.many(2);
    await setHideIp(b, true);
    assert.deepEqual(await policies(a, b), ["all", "all"]);
    assert.deepEqual(await ipRelayOnPage(a), { available: false, byDefault: true, always: false });
  });
});

Deno.test(
  "hide IP: ICE_TRANSPORT_POLICY=relay still sends everyone through the relay",
  opts,
  async () => {
    await withMembers({ ...TURN, ICE_TRANSPORT_POLICY: "relay" }, async (_server, members) => {
      const { hider, open } = await hiderAndOpen(members);
      assert.deepEqual(await policies(hider, open), ["relay", "relay"]);
      assert.deepEqual(await ipRelayOnPage(open), {
        available: true,
        byDefault: true,
        always: true,
      });
    });
  },
);
