// Backup and restore of the KV file, as an operator runs them (docs/deploy.md): the real server in
// a process of its own on a KV file, `glimpse backup` taken while members and other writers keep
// writing, the server stopped, the file wiped, `glimpse restore`, the server started again — and
// the members sign in with their passwords and find their profiles. Refusals: a restore while the
// server runs, and a file that is not a KV snapshot, both leave the KV file as it was.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { freePort, type ProcessServer, startServerProcess } from "../helpers/server.ts";
import {
  allUsers,
  Client,
  emailOwner,
  type Member,
  registerMember,
  signIn,
  usernameOwner,
} from "../helpers/accounts.ts";
import { createInvitations } from "../../kv/users.ts";

const ENTRY = new URL("../../scripts/glimpse.ts", import.meta.url).pathname;

/** Runs `glimpse <args>` as `deno task backup/restore` do, from another working directory. */
async function glimpse(kvPath: string, cwd: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ENTRY, ...args],
    cwd,
    env: { KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text };
}

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function exists(path: string) {
  return await Deno.stat(path).then(() => true, () => false);
}

async function listDir(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  return names.sort();
}

/** Runs a write of this process again while the server holds SQLite's write lock. */
async function retryLocked<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= 50 || !String(err).includes("database is locked")) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

Deno.test({
  name: "backup while the server writes, wipe, restore: members sign in and find their data",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "glimpse-backup-" });
    const elsewhere = await Deno.makeTempDir({ prefix: "glimpse-cwd-" });
    const kvPath = `${dir}/data/glimpse.kv`;
    const snapshot = `${dir}/backups/glimpse-1.kv`;
    let server: ProcessServer | null = await startServerProcess(kvPath, freePort());
    try {
      // Every invitation this test uses, made up front: this process writes to the file only now,
      // while the server beats (two processes writing one SQLite file can find it locked).
      const codes: string[] = [];
      while (codes.length < 202) {
        codes.push(...await retryLocked(() => createInvitations(server!.kv, null, 1)));
      }
      const members: Member[] = [];
      for (const code of codes.splice(0, 2)) {
        members.push(await registerMember(server, { invitationCode: code }));
      }
      const bios = members.map((m) => `Bio of ${m.username}, kept across a restore`);
      for (const [i, m] of members.entries()) {
        const res = await m.client.patch("/api/user/profile", { bio: bios[i] });
        assert.equal(res.status, 200, res.text);
      }

      // The server writes while the backup runs: members keep registering (each registration one
      // commit of the record, its username and email indexes and the invitation) and a member
      // keeps editing their profile. The backup must hold each of those commits whole.
      let writing = true;
      const joined: string[] = [];
      const registering = (async () => {
        for (const code of codes) {
          if (!writing) break;
          const m = await registerMember(server!, { invitationCode: code, awaitMail: false });
          joined.push(m.id);
        }
      })();
      const editing = (async () => {
        let n = 0;
        while (writing) {
          const res = await members[0].client.patch("/api/user/profile", {
            displayName: `Busy ${n++}`,
          });
          assert.equal(res.status, 200, res.text);
        }
      })();
      while (joined.length < 5) await new Promise((r) => setTimeout(r, 10));
      const backup = await glimpse(kvPath, elsewhere, "backup", snapshot);
      const joinedBefore = joined.length;
      await new Promise((r) => setTimeout(r, 300));
      writing = false;
      await Promise.all([registering, editing]);
      assert.equal(backup.code, 0, backup.text);
      assert.match(backup.text, /^Backed up .+glimpse\.kv to .+glimpse-1\.kv: \d+ keys, \d+ KB/);
      assert.ok(joined.length > joinedBefore, "registrations went on after the backup");

      const snap = new DatabaseSync(snapshot, { readOnly: true });
      assert.equal(
        (snap.prepare("PRAGMA integrity_check").get() as Record<string, string>)
          .integrity_check,
        "ok",
      );
      snap.close();

      // A restore while the server runs is refused, and changes nothing.
      const busy = await glimpse(kvPath, elsewhere, "restore", snapshot);
      assert.equal(busy.code, 1, busy.text);
      assert.match(
        busy.text,
        /^Restore refused: A Glimpse server is running on .+; stop it first \(systemctl stop glimpse\), then restore\./,
      );
      assert.deepEqual(await listDir(`${dir}/data`), [
        "glimpse.kv",
        "glimpse.kv-shm",
        "glimpse.kv-wal",
      ]);
      await signIn(server, members[1].username, members[1].password);

      await server.close();
      server = null;

      // Not a snapshot: refused with the reason, the KV file byte for byte as it was.
      const before = await sha256(kvPath);
      const text = `${dir}/notes.txt`;
      await Deno.writeTextFile(text, "SQLite format 3 — or so it says\n".repeat(20));
      const otherDb = `${dir}/other.sqlite`;
      const other = new DatabaseSync(otherDb);
      other.exec("CREATE TABLE people (name TEXT)");
      other.close();
      for (
        const [file, reason] of [
          [text, `${text} is not a KV snapshot (not an SQLite database)`],
          [otherDb, `${otherDb} is an SQLite database but not a KV snapshot (no data_version, kv,`],
          [`${dir}/missing.kv`, `${dir}/missing.kv does not exist`],
        ]
      ) {
        const refused = await glimpse(kvPath, elsewhere, "restore", file);
        assert.equal(refused.code, 1, refused.text);
        assert.ok(refused.text.startsWith(`Restore refused: ${reason}`), refused.text);
        assert.equal(await sha256(kvPath), before, "the KV file is untouched");
        assert.ok(
          (await listDir(`${dir}/data`)).every((n) => !n.includes("before-restore")),
          "nothing was moved aside",
        );
      }

      // Backups never overwrite.
      const again = await glimpse(kvPath, elsewhere, "backup", snapshot);
      assert.equal(again.code, 1);
      assert.match(again.text, /^Backup refused: .+glimpse-1\.kv already exists; name a new file/);

      // Wipe, restore, start again.
      for (const f of await listDir(`${dir}/data`)) await Deno.remove(`${dir}/data/${f}`);
      const restored = await glimpse(kvPath, elsewhere, "restore", snapshot);
      assert.equal(restored.code, 0, restored.text);
      assert.match(restored.text, /^Restored .+glimpse\.kv from .+glimpse-1\.kv: \d+ keys/);
      assert.ok(await exists(kvPath));

      server = await startServerProcess(kvPath, freePort());
      for (const [i, m] of members.entries()) {
        const client = await signIn(server, m.email, m.password);
        const profile = await client.get("/api/user/profile");
        assert.equal(profile.status, 200, profile.text);
        assert.equal(profile.json.username, m.username);
        assert.equal(profile.json.email, m.email);
        assert.equal(profile.json.bio, bios[i]);
        assert.equal(profile.json.emailVerified, true);
      }
      // The accounts are the restored ones, passwords and all: a wrong one is still refused.
      const wrong = await new Client(server).post("/api/simple-login", {
        identifier: members[0].username,
        password: "not-the-password-1",
      });
      assert.equal(wrong.status, 401, wrong.text);
      // The snapshot is one moment: some of the members who joined during the backup, each with
      // both indexes, none half-written.
      const users = (await allUsers(server.kv)).filter((u) => joined.includes(u.id));
      assert.ok(
        users.length >= 5 && users.length < joined.length,
        `the snapshot was taken mid-run (${users.length} of ${joined.length} who joined)`,
      );
      for (const u of users) {
        assert.equal(await usernameOwner(server.kv, u.username), u.id);
        assert.equal(await emailOwner(server.kv, u.email), u.id);
      }
      let indexed = 0;
      for await (const e of server.kv.list<string>({ prefix: ["users_by_username"] })) {
        if (joined.includes(e.value)) indexed++;
      }
      assert.equal(indexed, users.length, "no username index without its member");
    } finally {
      await server?.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
      await Deno.remove(elsewhere, { recursive: true }).catch(() => {});
    }
  },
});
