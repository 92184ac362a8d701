// /dev/outbox (development only) lists the mails the outbox kept, sign-in and reset links
// included: it is served to a caller on this machine and to nobody else, even with the default
// HOSTNAME 0.0.0.0 (listening on every interface) and whatever the caller writes in its headers.
import assert from "node:assert/strict";
import { freePort, startServerProcess, withServer } from "../helpers/server.ts";
import { mailsTo, registerMember } from "../helpers/accounts.ts";

/** This machine's own first non-loopback IPv4 address, if it has one. */
const ownAddress = Deno.networkInterfaces().find((i) =>
  i.family === "IPv4" && !i.address.startsWith("127.")
)?.address;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, html: await res.text() };
}

Deno.test({
  name: "outbox: served on loopback, 404 to a caller on another address (HOSTNAME 0.0.0.0)",
  ignore: !ownAddress,
  async fn() {
    const dir = await Deno.makeTempDir();
    const port = freePort();
    const server = await startServerProcess(`${dir}/app.kv`, port, { HOSTNAME: "0.0.0.0" });
    try {
      const member = await registerMember(server, { verified: false });
      const [mail] = await mailsTo(server.kv, member.email);
      const link = /https?:\/\/\S+verify-email\?token=\S+/.exec(mail.text)?.[0];
      assert.ok(link, "the verification mail holds its link");
      const token = new URL(link).searchParams.get("token")!;

      const local = await get(`http://127.0.0.1:${port}/dev/outbox`);
      assert.equal(local.status, 200);
      assert.ok(local.html.includes(token), "the developer on this machine sees the link");

      // The same server reached on this machine's network address: the socket's remote address
      // is that address, not loopback.
      const remote = await get(`http://${ownAddress}:${port}/dev/outbox`);
      assert.equal(remote.status, 404);
      assert.ok(!remote.html.includes(token), "no link for another address");
      assert.ok(!remote.html.includes(member.email));
      const claims = await get(`http://${ownAddress}:${port}/dev/outbox`, {
        "x-forwarded-for": "127.0.0.1",
        "x-real-ip": "127.0.0.1",
      });
      assert.equal(claims.status, 404, "headers claiming loopback change nothing");
      assert.ok(!claims.html.includes(token));
    } finally {
      await server.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("outbox: a request a proxy on this machine passed on from elsewhere gets 404", async () => {
  for (const trustProxy of ["0", "1"]) {
    await withServer(async (server) => {
      const url = server.url + "/dev/outbox";
      assert.equal((await get(url)).status, 200, `TRUST_PROXY=${trustProxy}: loopback`);
      const passed = await get(url, { "x-forwarded-for": "203.0.113.7" });
      assert.equal(passed.status, 404, `TRUST_PROXY=${trustProxy}: passed on`);
      const forged = await get(url, { "x-forwarded-for": "127.0.0.1, 203.0.113.7" });
      assert.equal(forged.status, 404, `TRUST_PROXY=${trustProxy}: a forged left entry`);
    }, { TRUST_PROXY: trustProxy });
  }
});
