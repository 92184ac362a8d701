// The admin's member lists at scale, on a real server and KV: pages newest first through an opaque
// cursor, each member exactly once while others register meanwhile; search by exact or starting
// username or email, paged too; refused cursors and limits (400, clear text); deleted members
// leave the list and the count at once, and purged ones leave no entry; the count; and the
// one-time backfill of members stored before the index existed (at start-up, idempotent, safe
// when two run at once).
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import { assertError, Client, registerMember, signIn } from "../helpers/accounts.ts";
import { keys } from "../../kv/keys.ts";
import { createUserWithInvitation, updateUser } from "../../kv/users.ts";
import {
  backfillListIndex,
  countListed,
  LIST_BACKFILL_DONE,
  listKey,
} from "../../kv/user_lists.ts";
import { purgeAccount } from "../../lib/server/auth/deletion.ts";
import { retrying } from "../../kv/retry.ts";
import { newUserRecord, type UserRecord } from "../../lib/shared/auth/types.ts";
import { hashPassword } from "../../lib/server/auth/password.ts";
import { type AdminUser, type UsersPage } from "../../lib/shared/admin.ts";
import { encodeCursor, listAdminUsers, READS_PER_PAGE } from "../../lib/server/admin/user_list.ts";
import { english } from "../helpers/english.ts";

const ADMIN = { ADMIN_EMAIL: "lists@example.test", ADMIN_PASSWORD: "admin-pass-1" };

let sharedHash: Promise<string> | null = null;

/** Members made through the app's own writer (one shared password hash), oldest first. */
async function seed(
  kv: Deno.Kv,
  n: number,
  name: (i: number) => { username: string; email?: string },
): Promise<UserRecord[]> {
  sharedHash ??= hashPassword("seeded-pass-1");
  const passwordHash = await sharedHash;
  const out: UserRecord[] = [];
  for (let i = 0; i < n; i++) {
    const { username, email = `${username}@seed.test` } = name(i);
    const res = await createUserWithInvitation(
      kv,
      newUserRecord({ username, email, passwordHash }),
      null,
    );
    assert.ok(res.ok, `seeding ${username}`);
    out.push(res.user);
  }
  return out;
}

async function withAdmin(fn: (s: TestServer, admin: Client) => Promise<void>, env = {}) {
  const server = await startServer({ ...ADMIN, ...env });
  try {
    await fn(server, await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
  } finally {
    await server.close();
  }
}

async function page(admin: Client, query: string): Promise<UsersPage> {
  const res = await admin.get(`/api/admin/users${query}`);
  assert.equal(res.status, 200, res.text);
  return res.json;
}

/** Every page of a list, following the cursors; `between` runs before each next page. */
async function allPages(
  admin: Client,
  params: Record<string, string>,
  between: () => Promise<void> = async () => {},
): Promise<{ pages: AdminUser[][]; totals: number[] }> {
  const pages: AdminUser[][] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams(params);
    if (cursor) q.set("cursor", cursor);
    const p: UsersPage = await page(admin, `?${q}`);
    pages.push(p.users);
    totals.push(p.total);
    cursor = p.nextCursor;
    if (cursor) await between();
    assert.ok(pages.length < 1000, "the pages end");
  } while (cursor);
  return { pages, totals };
}

Deno.test("admin lists: every member exactly once across pages while others keep registering", async () => {
  await withAdmin(async (server, admin) => {
    const seeded = await seed(server.kv, 120, (i) => ({ username: `early_${i}` }));
    const before = (await page(admin, "?limit=100")).total;
    assert.equal(before, 121, "the 120 and the administrator");

    // Another task registers members (through the API, and straight through the writer) for as
    // long as the pages are read.
    let stop = false;
    const joined: string[] = [];
    const registering = (async () => {
      let i = 0;
      while (!stop) {
        if (i % 4 === 0) joined.push((await registerMember(server, { awaitMail: false })).id);
        else {joined.push(
            ...(await seed(server.kv, 1, () => ({ username: `late_${i}` }))).map((u) => u.id),
          );}
        i++;
      }
    })();
    let listed: AdminUser[] = [];
    let pages: AdminUser[][] = [];
    try {
      // Pages of 7; between two pages, at least one member joins (waited for, up to 5 s: a busy
      // machine registers slowly), so that members join in the middle of paging.
      ({ pages } = await allPages(admin, { limit: "7" }, async () => {
        const seen = joined.length;
        const end = Date.now() + 5_000;
        while (joined.length === seen && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 5));
        }
      }));
      listed = pages.flat();
    } finally {
      stop = true;
      await registering;
    }
    assert.ok(joined.length >= 5, `members joined while paging (${joined.length})`);
    for (const p of pages.slice(0, -1)) assert.equal(p.length, 7, "full pages until the last");

    const counts = new Map<string, number>();
    for (const u of listed) counts.set(u.id, (counts.get(u.id) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], "no member on two pages");
    for (const u of seeded) assert.equal(counts.get(u.id), 1, `${u.username} listed once`);
    // Newest first throughout.
    for (let i = 1; i < listed.length; i++) {
      assert.ok(listed[i - 1].createdAt >= listed[i].createdAt, "newest first");
    }
    // Once the registrations stop, the count is every member.
    const final = await page(admin, "?limit=1");
    assert.equal(final.total, 121 + joined.length);
    assert.equal(await countListed(server.kv), final.total);
  });
});

Deno.test("admin lists: pages of 50 by default, 100 at most; bad limits and cursors are 400", async () => {
  await withAdmin(async (server, admin) => {
    await seed(server.kv, 110, (i) => ({ username: `bulk_${i}` }));
    const first = await page(admin, "");
    assert.equal(first.users.length, 50);
    assert.equal(first.total, 111);
    assert.ok(first.nextCursor && /^[A-Za-z0-9_-]+$/.test(first.nextCursor), "an opaque cursor");
    const big = await page(admin, "?limit=100");
    assert.equal(big.users.length, 100);
    const { pages } = await allPages(admin, { limit: "100" });
    assert.deepEqual(pages.map((p) => p.length), [100, 11]);
    // The direct page's path responds the same.
    const direct = await admin.get("/api/admin/direct-users?limit=100");
    assert.deepEqual(direct.json, big);

    for (const limit of ["0", "101", "-1", "abc", "1.5", "1e2", ""]) {
      assertError(
        await admin.get(`/api/admin/users?limit=${limit}`),
        400,
        english("admin.badLimit"),
      );
    }
    const searchCursor = (await page(admin, "?q=bulk_1&limit=2")).nextCursor!;
    const bad = [
      "not a cursor!",
      "AAAA",
      btoa("{}"),
      encodeCursor({ k: "new", at: -5, id: "x" } as never),
      btoa(JSON.stringify({ k: "new", at: 1, id: "x", extra: 1 })).replace(/=+$/, ""),
      "x".repeat(1001),
      searchCursor, // a search's cursor without the search
    ];
    for (const cursor of bad) {
      assertError(
        await admin.get(`/api/admin/users?cursor=${encodeURIComponent(cursor)}`),
        400,
        english("admin.badCursor"),
      );
    }
    // A list's cursor in a search, and one search's cursor in another.
    assertError(
      await admin.get(`/api/admin/users?q=bulk&cursor=${first.nextCursor}`),
      400,
      english("admin.badCursor"),
    );
    assertError(
      await admin.get(`/api/admin/users?q=bulk_2&cursor=${searchCursor}`),
      400,
      english("admin.badCursor"),
    );
    // Nothing broke: the list still responds.
    assert.equal((await page(admin, "")).users.length, 50);
  });
});

Deno.test("admin lists: search by exact or starting username or email, paged, each once", async () => {
  await withAdmin(async (server, admin) => {
    const kv = server.kv;
    const [ann] = await seed(kv, 1, () => ({ username: "ann", email: "Ann.Other@Mail.test" }));
    // Twelve 'anna…' members; the even ones have an email starting with 'anna' too.
    const annas = await seed(kv, 12, (i) => ({
      username: `anna_${String(i).padStart(2, "0")}`,
      email: i % 2 ? `x${i}@mail.test` : `anna.mail${i}@mail.test`,
    }));
    // Emails starting with 'ann' whose usernames do not.
    const byMail = await seed(kv, 3, (i) => ({ username: `zed_${i}`, email: `ann${i}@box.test` }));
    await seed(kv, 5, (i) => ({ username: `bob_ann_${i}`, email: `bob${i}@ann.test` }));

    const ids = async (q: string, limit = 100) => {
      const { pages } = await allPages(admin, { q, limit: String(limit) });
      return pages.flat().map((u) => u.username);
    };
    // Exact username (any case), exact email (any case).
    assert.deepEqual((await ids("ANN_")).length, 0, "no username starts with 'ann_'");
    assert.deepEqual(await ids("anna_03"), ["anna_03"]);
    assert.deepEqual(await ids("ann.other@mail.TEST"), ["ann"]);
    assert.deepEqual(await ids("zed_1"), ["zed_1"]);
    // How a username begins: in the index's order, the exact one first, then the emails.
    const ann3 = await ids("ann");
    assert.deepEqual(ann3, [
      "ann",
      ...annas.map((u) => u.username),
      ...byMail.map((u) => u.username),
    ]);
    assert.equal(new Set(ann3).size, ann3.length, "a member matching twice is listed once");
    // Paged: the same members, in pages of 5, each once.
    const paged = await allPages(admin, { q: "ann", limit: "5" });
    assert.deepEqual(paged.pages.map((p) => p.length), [5, 5, 5, 1]);
    assert.deepEqual(paged.pages.flat().map((u) => u.username), ann3);
    assert.ok(paged.totals.every((t) => t === 22), "total: every member, searched or not");
    // A page that ends exactly where the usernames end goes on with the emails.
    const atBoundary = await allPages(admin, { q: "ann", limit: "13" });
    assert.deepEqual(atBoundary.pages.map((p) => p.length), [13, 3]);
    // How an email begins.
    assert.deepEqual(await ids("ann2@"), ["zed_2"]);
    // Not inside a name: 'ann' inside 'bob_ann_…' and '@ann.test' is not found.
    assert.deepEqual(await ids("_ann"), []);
    assert.deepEqual(await ids("ann.test"), []);
    // The search text is trimmed.
    assert.deepEqual(await ids("  anna_1"), ["anna_10", "anna_11"]);
    assert.equal(ann.username, "ann");
  });
});

Deno.test("admin lists: a request reads a bounded stretch, even where a search skips members", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // Usernames that begin their emails: every email matches the search too, and is skipped
    // there (listed with the usernames already).
    const members = await seed(kv, 120, (i) => ({
      username: `same_${String(i).padStart(3, "0")}`,
      email: `same_${String(i).padStart(3, "0")}@mail.test`,
    }));
    let reads = 0;
    const counted = new Proxy(kv, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "getMany") {
          return (list: Deno.KvKey[]) => {
            reads += list.length;
            return target.getMany(list);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const limit = 10;
    const seen: string[] = [];
    const perRequest: number[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      reads = 0;
      const page: UsersPage = await listAdminUsers(counted, { q: "same_", cursor, limit });
      perRequest.push(reads);
      sizes.push(page.users.length);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(seen, members.map((u) => u.id), "each once, in the usernames' order");
    assert.ok(
      Math.max(...perRequest) <= limit * READS_PER_PAGE,
      `records read per request: ${perRequest.join(", ")}`,
    );
    // The emails' stretch, all skipped, comes back as pages with nothing in them but a cursor.
    assert.deepEqual(sizes.slice(0, 12), Array(12).fill(10));
    assert.ok(sizes.slice(12).every((n) => n === 0), `page sizes ${sizes.join(", ")}`);
  } finally {
    kv.close();
  }
});

Deno.test("admin lists: a deleted member leaves the list and the count at once; a purge leaves no entry", async () => {
  await withAdmin(async (server, admin) => {
    const kv = server.kv;
    const [keep, gone] = await seed(kv, 2, (i) => ({ username: `del_${i}` }));
    assert.equal((await page(admin, "")).total, 3);
    const res = await admin.delete(`/api/admin/users/${gone.id}`);
    assert.equal(res.status, 200, res.text);
    const after = await page(admin, "");
    assert.equal(after.total, 2);
    assert.deepEqual(after.users.map((u) => u.id).includes(gone.id), false, "not listed");
    assert.ok(after.users.some((u) => u.id === keep.id));
    assert.deepEqual((await page(admin, "?q=del_")).users.map((u) => u.id), [keep.id]);
    assert.equal((await kv.get(listKey(gone))).value, null, "its entry went with the deletion");

    // The purge removes the record; the count stays right.
    await purgeAccount(kv, gone.id);
    assert.equal((await kv.get(keys.user(gone.id))).value, null);
    assert.equal(await countListed(kv), 2);

    // A member deleted while listed by an older writer (entry still there) loses it at purge.
    const [old] = await seed(kv, 1, () => ({ username: "old_entry" }));
    await kv.set(keys.user(old.id), { ...old, deletedAt: new Date().toISOString() });
    assert.equal(await countListed(kv), 3);
    assert.ok(!(await page(admin, "")).users.some((u) => u.id === old.id), "skipped when listed");
    await purgeAccount(kv, old.id);
    assert.equal((await kv.get(listKey(old))).value, null);
    assert.equal(await countListed(kv), 2);
  });
});

/** Writes members the way the app did before the list index: record and unique indexes only. */
async function seedUnindexed(kv: Deno.Kv, n: number, prefix: string): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for (let i = 0; i < n; i++) {
    const u = newUserRecord({
      username: `${prefix}${i}`,
      email: `${prefix}${i}@old.test`,
      passwordHash: "unused",
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    });
    const res = await kv.atomic()
      .set(keys.user(u.id), u)
      .set(keys.userByUsername(u.username), u.id)
      .set(keys.userByEmail(u.email), u.id)
      .commit();
    assert.ok(res.ok);
    out.push(u);
  }
  return out;
}

async function indexEntries(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list<string>({ prefix: keys.usersByCreatedPrefix() })) {
    out.push(e.value);
  }
  return out;
}

Deno.test("admin lists: members stored before the index are added once, at start-up", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/before.kv`;
  try {
    const kv = await Deno.openKv(path);
    const old = await seedUnindexed(kv, 130, "old_");
    const deleted = newUserRecord({
      username: "old_deleted",
      email: "old_deleted@old.test",
      passwordHash: "unused",
      deletedAt: new Date().toISOString(),
    });
    await kv.set(keys.user(deleted.id), deleted);
    kv.close();

    // A server on that KV lists them all, newest first, and counts them (the administrator too).
    await withAdmin(async (server, admin) => {
      const { pages, totals } = await allPages(admin, { limit: "100" });
      const listed = pages.flat();
      assert.equal(listed.length, 131);
      assert.equal(totals[0], 131);
      assert.ok(!listed.some((u) => u.id === deleted.id), "a deleted member is not added");
      assert.deepEqual(
        listed.slice(1, 4).map((u) => u.username),
        ["old_129", "old_128", "old_127"],
        "after the administrator, the old members newest first",
      );
      assert.ok(old.every((u) => listed.some((l) => l.id === u.id)));
      assert.ok((await server.kv.get(keys.meta(LIST_BACKFILL_DONE))).value, "marked done");
    }, { KV_PATH: path });

    // A second start adds nobody (the meta key), and neither does a run without it.
    await withAdmin(async (server) => {
      assert.equal(await backfillListIndex(server.kv), 0);
      await server.kv.delete(keys.meta(LIST_BACKFILL_DONE));
      assert.equal(await backfillListIndex(server.kv), 0, "entries present: nothing to add");
      assert.equal(await countListed(server.kv), 131);
      assert.equal((await indexEntries(server.kv)).length, 131);
    }, { KV_PATH: path });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("admin lists: backfills at once, on three handles, while members change, add each once", async () => {
  const dir = await Deno.makeTempDir();
  const handles = await Promise.all([0, 1, 2].map(() => Deno.openKv(`${dir}/race.kv`)));
  const kv = handles[0];
  try {
    const old = await seedUnindexed(kv, 180, "race_");
    // Every record changes while the backfills run, so their batched commits fail and each
    // member is added on its own, checked again.
    let changing = true;
    const changes = (async () => {
      for (let round = 0; changing && round < 20; round++) {
        for (const u of old) {
          if (!changing) break;
          await retrying(() =>
            updateUser(handles[2], u.id, (r) => ({ ...r, bio: `round ${round}` }))
          );
        }
      }
    })();
    const added = await Promise.all(handles.map((h) => backfillListIndex(h)));
    changing = false;
    await changes;
    // (A batch that met a locked file after adding some members one by one is tried again and
    // finds those listed, so the runs' own tallies may fall short. What is stored must be exact.)
    assert.ok(added.reduce((a, b) => a + b, 0) <= 180, `added ${added.join(" + ")}`);
    assert.ok((await kv.get(keys.meta(LIST_BACKFILL_DONE))).value, "marked done");
    assert.equal(await countListed(kv), 180);
    const entries = await indexEntries(kv);
    assert.equal(entries.length, 180);
    assert.deepEqual(entries.sort(), old.map((u) => u.id).sort());
    // A member deleted before a later run is not added; the count follows the entries.
    await kv.delete(keys.meta(LIST_BACKFILL_DONE));
    const [late] = await seedUnindexed(kv, 1, "late_");
    await kv.set(keys.user(late.id), { ...late, deletedAt: new Date().toISOString() });
    assert.equal(await backfillListIndex(kv), 0);
    assert.equal(await countListed(kv), 180);
  } finally {
    for (const h of handles) h.close();
    await Deno.remove(dir, { recursive: true });
  }
});
