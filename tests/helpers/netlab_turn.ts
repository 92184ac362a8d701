// coturn on the network lab's internet (helpers/netlab.ts): TURN over UDP and TCP on 3478 and TURN
// over TLS on 443, on the lab's relay address, with a certificate for that address signed by a test
// CA made here (browsers are told to trust it). The lab's addresses are documentation ranges,
// which the production configuration denies as peers: the lab's coturn runs on options of its own.
import type { Lab } from "./netlab.ts";
import { requireTurnserver } from "./turn.ts";
import { sleep } from "./time.ts";

export interface LabTurn {
  address: string;
  /** TURN_URLS for the app: UDP 3478, TCP 3478 and TLS 443. */
  urls: string[];
  /** The test CA's certificate (PEM) and its SPKI hash (base64 SHA-256), for the browser. */
  caCert: string;
  spki: string;
  log(): string;
  close(): Promise<void>;
}

async function run(cmd: string, args: string[], stdin?: string): Promise<string> {
  const child = new Deno.Command(cmd, {
    args,
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(stdin));
    await w.close();
  }
  const out = await child.output();
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}

/** A test CA and a certificate for `address` signed by it, in `dir`. */
async function makeCertificates(dir: string, address: string) {
  const ossl = (...args: string[]) => run("openssl", args);
  await ossl(
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    `${dir}/ca.key`,
    "-out",
    `${dir}/ca.pem`,
    "-days",
    "2",
    "-subj",
    "/CN=Glimpse lab CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign",
  );
  await ossl(
    "req",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    `${dir}/turn.key`,
    "-out",
    `${dir}/turn.csr`,
    "-subj",
    `/CN=${address}`,
  );
  await Deno.writeTextFile(
    `${dir}/ext.cnf`,
    `subjectAltName=IP:${address}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`,
  );
  await ossl(
    "x509",
    "-req",
    "-in",
    `${dir}/turn.csr`,
    "-CA",
    `${dir}/ca.pem`,
    "-CAkey",
    `${dir}/ca.key`,
    "-CAcreateserial",
    "-out",
    `${dir}/turn.pem`,
    "-days",
    "2",
    "-extfile",
    `${dir}/ext.cnf`,
  );
  // The leaf's public key hash, as Chromium's --ignore-certificate-errors-spki-list takes it.
  const der = await run("sh", [
    "-c",
    `openssl x509 -in ${dir}/turn.pem -pubkey -noout | openssl pkey -pubin -outform der | ` +
    "openssl dgst -sha256 -binary | base64",
  ]);
  return { spki: der.trim(), caCert: await Deno.readTextFile(`${dir}/ca.pem`) };
}

export async function startLabTurn(lab: Lab, secret: string): Promise<LabTurn> {
  const turnserver = requireTurnserver();
  const address = lab.turnAddress;
  const dir = await Deno.makeTempDir({ prefix: "glimpse_labturn_" });
  const { spki, caCert } = await makeCertificates(dir, address);
  let log = "";
  const child = new Deno.Command("ip", {
    args: [
      "netns",
      "exec",
      lab.inet,
      "timeout",
      "--kill-after=5",
      "600",
      turnserver,
      "-n",
      "--realm=glimpse.lab",
      "--use-auth-secret",
      `--static-auth-secret=${secret}`,
      "--fingerprint",
      "--no-dtls",
      "--no-cli",
      "--no-multicast-peers",
      "--no-tcp-relay",
      `--listening-ip=${address}`,
      `--relay-ip=${address}`,
      "--listening-port=3478",
      "--tls-listening-port=443",
      `--cert=${dir}/turn.pem`,
      `--pkey=${dir}/turn.key`,
      "--min-port=50000",
      "--max-port=50999",
      "--log-file=stdout",
      "--simple-log",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) log += decoder.decode(chunk);
  };
  const reading = Promise.all([read(child.stdout), read(child.stderr)]);
  // Ready when it listens on TCP 3478 and 443 and on UDP 3478.
  const until = Date.now() + 10_000;
  for (;;) {
    const tcp = await run("ip", ["netns", "exec", lab.inet, "ss", "-Hltn"]).catch(() => "");
    const udp = await run("ip", ["netns", "exec", lab.inet, "ss", "-Hlun"]).catch(() => "");
    if (
      tcp.includes(`${address}:3478`) && tcp.includes(`${address}:443`) &&
      udp.includes(`${address}:3478`)
    ) break;
    if (Date.now() > until) {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
      throw new Error(`coturn did not start in the lab: ${log}`);
    }
    await sleep(50);
  }
  return {
    address,
    urls: [
      `turn:${address}:3478`,
      `turn:${address}:3478?transport=tcp`,
      `turns:${address}:443?transport=tcp`,
    ],
    caCert,
    spki,
    log: () => log,
    async close() {
      // SIGTERM: `timeout` passes it on to coturn (a SIGKILL would leave coturn holding the pipes).
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
      await Promise.race([reading.catch(() => {}), sleep(2_000)]);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
