// The production coturn configuration in docs/ run by the real coturn (on loopback, with a
// throw-away certificate): it loads without a complaint, takes every denied range, answers TLS,
// and refuses to relay to a loopback peer with "403 Forbidden IP", where the relay
// tests' own coturn (with --allow-loopback-peers) relays the same traffic.
import assert from "node:assert/strict";
import { INSTALL_COTURN, startTurn, type TurnServer } from "../helpers/turn.ts";

const CONF = new URL("../../docs/coturn/turnserver.conf", import.meta.url).pathname;
const SECRET = "coturn-config-test-secret-0123456789";

/** A self-signed certificate for localhost, made with openssl. */
async function selfSigned(dir: string): Promise<{ cert: string; pkey: string; pem: string }> {
  const cert = `${dir}/cert.pem`, pkey = `${dir}/key.pem`;
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("openssl", {
      args: [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        pkey,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
        "-addext",
        "basicConstraints=critical,CA:FALSE",
        "-addext",
        "extendedKeyUsage=serverAuth",
      ],
      stdout: "null",
      stderr: "piped",
    }).output();
  } catch {
    throw new Error("openssl is not installed; install it with: apt-get install -y openssl");
  }
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return { cert, pkey, pem: await Deno.readTextFile(cert) };
}

/** turnutils_uclient (part of coturn): two clients relaying to each other through `turn`. */
async function relayBetweenClients(turn: TurnServer): Promise<{ ok: boolean; output: string }> {
  const out = await new Deno.Command("timeout", {
    args: [
      "20",
      "turnutils_uclient",
      "-y", // client to client: each one's peer is the other's relay address (127.0.0.1)
      "-n",
      "3",
      "-W",
      SECRET,
      "-p",
      String(turn.port),
      "127.0.0.1",
    ],
    stdout: "piped",
    stderr: "piped",
  }).output().catch(() => {
    throw new Error(`turnutils_uclient is missing; install coturn: ${INSTALL_COTURN}`);
  });
  const output = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { ok: out.success, output };
}

Deno.test({
  name:
    "coturn config: the production file loads in coturn, serves TLS, and refuses loopback peers",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "glimpse_coturn_conf_" });
    const tls = await selfSigned(dir);
    const turn = await startTurn({ secret: SECRET, configFile: CONF, tls, lifetimeS: 120 });
    try {
      // Every option understood, every range taken.
      const log = turn.log();
      assert.doesNotMatch(log, /Bad configuration format|Wrong address format|ERROR/, log);
      const ranges = (await Deno.readTextFile(CONF)).split("\n")
        .filter((l) => l.startsWith("denied-peer-ip=")).map((l) =>
          l.slice("denied-peer-ip=".length)
        );
      assert.ok(ranges.length >= 15, `${ranges.length} denied ranges`);
      for (const r of ranges) assert.ok(log.includes(`Black listing: ${r}`), `coturn took ${r}`);
      assert.match(log, /--no-tcp-relay: TCP relay endpoints are not allowed/);

      // The TLS listener answers with the configured certificate.
      const conn = await Deno.connectTls({
        hostname: "localhost",
        port: turn.tlsPort!,
        caCerts: [tls.pem],
      });
      const hs = await conn.handshake();
      conn.close();
      assert.ok(hs !== undefined, "TLS handshake");
      // A relay to a loopback peer is refused.
      const refused = await relayBetweenClients(turn);
      assert.equal(refused.ok, false, refused.output);
      assert.match(refused.output, /403 \(Forbidden IP\)/);
    } finally {
      await turn.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }

    // The relay tests' coturn (loopback allowed) relays the same traffic: the refusal above is
    // the configuration's, not the tool's.
    const loopback = await startTurn({ secret: SECRET, lifetimeS: 60 });
    try {
      const relayed = await relayBetweenClients(loopback);
      assert.ok(relayed.ok, relayed.output);
      assert.match(relayed.output, /tot_recv_msgs=\d*[1-9]/);
    } finally {
      await loopback.stop();
    }
  },
});
