// A full disk under the KV file, as an operator meets it: the KV on a 24 MB tmpfs, filled to the
// last byte while members use the site. Every refused write answers 503 with Retry-After and the
// member's language's text, the socket refuses a search it cannot store, /healthz says why,
// /metrics counts the refusals; pages that need no write still serve; once space is freed the
// same writes work with no restart, and nothing stored before is lost or half-written.
// Mounting needs root (the suite runs as root); elsewhere the test is skipped.
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { Client, kvInvitation, usernameOwner } from "../helpers/accounts.ts";
import {
  closeAll,
  closeServer,
  connectPeer,
  MemberFactory,
  pairUp,
  search,
} from "../helpers/realtime_members.ts";
import { createInvitations } from "../../kv/users.ts";
import live from "../../lib/shared/i18n/catalog/live/mod.ts";
import texts from "../../lib/shared/i18n/catalog/texts/mod.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const isRoot = Deno.uid?.() === 0;

async function run(cmd: string, ...args: string[]) {
  const out = await new Deno.Command(cmd, { args, stdout: "null", stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** Fills the file system under `dir` to its last byte: big writes, then pages, then bytes. */
async function fill(dir: string): Promise<string> {
  const path = `${dir}/filler`;
  const file = await Deno.open(path, { write: true, create: true });
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = new Uint8Array(size);
      try {
        for (;;) await file.write(chunk);
      } catch (err) {
        if (!(err instanceof Error) || !/No space left/.test(err.message)) throw err;
      }
    }
  } finally {
    file.close();
  }
  return path;
}

/** A labelled counter's value in a /metrics body (0 when absent). */
function counter(text: string, sample: string): number {
  const line = text.split("\n").find((l) => l.startsWith(sample + " "));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

const HTTP_FULL = 'glimpse_storage_refusals_total{via="http",reason="full"}';
const SOCKET_FULL = 'glimpse_storage_refusals_total{via="socket",reason="full"}';

Deno.test({
  name:
    "full disk: writes answer 503 with Retry-After in the member's language, and work again once space is freed",
  ignore: !isRoot,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "glimpse-full-disk-" });
    await run("mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", dir);
    const server = await startServer({ KV_PATH: `${dir}/glimpse.kv` });
    const peers = [];
    try {
      const members = await MemberFactory.forServer(server);
      const german = await members.create({ language: "de" });
      const [a, b] = await members.many(2);
      // Something stored before the disk fills.
      const before = await german.client.post("/api/filters", { hashtags: ["before"] });
      assert.equal(before.status, 200, before.text);
      const [code] = await createInvitations(server.kv, null, 1);
      const guest = new Client(server);
      const registration = {
        username: "fulldisk_joiner",
        email: "fulldisk_joiner@example.test",
        password: "secret-pass-1",
        invitationCode: code,
        ageConfirmed: true,
      };
      const pa = await connectPeer(a);
      const pb = await connectPeer(b);
      peers.push(pa, pb);

      const filler = await fill(dir);

      // /healthz says why; a page that needs no write still serves.
      const health = await guest.get("/healthz");
      assert.equal(health.status, 503);
      assert.match(health.json.kv, /database or disk is full/);
      assert.equal((await guest.get("/welcome")).status, 200, "a page that writes nothing");

      // A member's write: 503, Retry-After, the text in the member's language (German here).
      const refused = await german.client.post("/api/filters", { hashtags: ["during"] });
      assert.equal(refused.status, 503, refused.text);
      assert.ok(Number(refused.headers.get("retry-after")) > 0, "Retry-After in seconds");
      assert.equal(refused.json.message, texts.de.storageRefused);
      assert.equal(refused.json.error, texts.de.storageRefused);

      // A registration (several keys in one commit): refused whole, in the visitor's language.
      const refusedJoin = await guest.post("/api/register", registration, {
        headers: { "accept-language": "fr" },
      });
      assert.equal(refusedJoin.status, 503, refusedJoin.text);
      assert.equal(refusedJoin.json.message, texts.fr.storageRefused);
      assert.ok(Number(refusedJoin.headers.get("retry-after")) > 0);

      // A search that cannot be stored tells the member (the live page's text for the code).
      search(pa);
      const error = await pa.ws.next("error", 15_000);
      assert.equal(error.code, "storage");
      assert.equal(error.message, rtEnglish("storage"));
      assert.equal(error.message, live.en.rt_storage);

      const metrics = (await guest.get("/metrics")).text;
      assert.ok(counter(metrics, HTTP_FULL) >= 2, `http refusals counted:\n${metrics}`);
      assert.ok(counter(metrics, SOCKET_FULL) >= 1, `socket refusals counted:\n${metrics}`);

      // Space freed: the same writes work, with no restart.
      await Deno.remove(filler);
      assert.equal((await guest.get("/healthz")).status, 200);
      const saved = await german.client.post("/api/filters", { hashtags: ["after"] });
      assert.equal(saved.status, 200, saved.text);
      assert.deepEqual((await german.client.get("/api/filters")).json.hashtags, ["after"]);
      // Nothing of the refused registration was kept: the code, name and address are free.
      assert.equal((await kvInvitation(server.kv, code))?.usedBy ?? null, null);
      assert.equal(await usernameOwner(server.kv, registration.username), null);
      const joined = await guest.post("/api/register", registration);
      assert.equal(joined.status, 202, joined.text);
      // Searching works again: the two members meet.
      pa.ws.messages.length = 0;
      await pairUp(pa, pb, 10_000);
    } finally {
      closeAll(...peers);
      await closeServer(server, 5_000).catch(() => server.close());
      await run("umount", "-l", dir).catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
