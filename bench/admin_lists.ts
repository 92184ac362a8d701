// The admin's member list at scale, over HTTP against a real server on a KV file: the first page,
// a deep page (following the cursors page after page), exact username and email searches and
// prefix searches, with 1,000 members and then with 100,000; and how much slower the first page
// got. Members are written straight into KV in batched commits (one password hash shared by all)
// through the same writers as registration (record, username and email indexes, and the list
// entry and count of kv/user_lists.ts). The server is started again on the grown file, as after a
// deployment (closing the file also folds SQLite's write-ahead log of the bulk load into it).
// Figures only: nothing here passes or fails on time.
import { startServer } from "../tests/helpers/server.ts";
import { SESSION_COOKIE, signIn } from "../tests/helpers/accounts.ts";
import { keys } from "../kv/keys.ts";
import { listNewMember } from "../kv/user_lists.ts";
import { hashPassword } from "../lib/server/auth/password.ts";
import { newUserRecord } from "../lib/shared/auth/types.ts";
import type { UsersPage } from "../lib/shared/admin.ts";
import { quantile, timingLine } from "./stats.ts";

const ADMIN = { ADMIN_EMAIL: "bench-admin@example.test", ADMIN_PASSWORD: "bench-admin-pass-1" };
const SMALL = 1_000;
const LARGE = 100_000;
const RUNS = 200;
const DEEP_PAGES = 1_000;
/** Members a seeding commit writes: the list entry's check each, and KV allows 100 a commit. */
const SEED_BATCH = 100;

const name = (i: number) => `member_${String(i).padStart(6, "0")}`;
const mail = (i: number) => `${name(i)}@bench.example.test`;

/**
 * Writes members [from, to) in batched commits; their creation times rise with i. The names are
 * new by construction (a fresh file), so only the list entry is checked.
 */
async function seed(kv: Deno.Kv, from: number, to: number, passwordHash: string) {
  const base = Date.UTC(2025, 0, 1);
  for (let start = from; start < to; start += SEED_BATCH) {
    const op = kv.atomic();
    for (let i = start; i < Math.min(to, start + SEED_BATCH); i++) {
      const user = newUserRecord({
        username: name(i),
        email: mail(i),
        passwordHash,
        createdAt: new Date(base + i * 1000).toISOString(),
        location: i % 3 ? "Warsaw, Poland" : "",
      });
      op.set(keys.user(user.id), user)
        .set(keys.userByUsername(user.username), user.id)
        .set(keys.userByEmail(user.email), user.id);
      listNewMember(op, user);
    }
    const res = await op.commit();
    if (!res.ok) throw new Error(`seeding members ${start}… failed`);
  }
}

const line = (label: string, samples: number[]) => timingLine(label, samples, 34);

/** A server on the KV file with the administrator signed in, and a timed list request. */
async function serve(path: string) {
  const server = await startServer({ ...ADMIN, KV_PATH: path });
  const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const cookie = `${SESSION_COOKIE}=${admin.session}`;

  /** One list request: its time and its response. */
  const get = async (query: string): Promise<[number, UsersPage]> => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/admin/users${query}`, { headers: { cookie } });
    const body = await res.json();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`GET /api/admin/users${query}: ${res.status}`);
    return [ms, body];
  };
  /** `n` timed requests after twenty untimed ones. */
  const runs = async (query: (i: number) => string, n = RUNS) => {
    for (let i = 0; i < 20; i++) await get(query(i));
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await get(query(i)))[0]);
    return out;
  };
  return { server, get, runs };
}

export async function benchAdminLists() {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/admin-lists.kv`;
  try {
    const passwordHash = await hashPassword("bench-member-pass");
    const small = await serve(path);
    let t = performance.now();
    await seed(small.server.kv, 0, SMALL, passwordHash);
    const smallSeed = performance.now() - t;
    const firstSmall = await small.runs(() => "");
    await small.server.close();

    const kv = await Deno.openKv(path);
    t = performance.now();
    await seed(kv, SMALL, LARGE, passwordHash);
    const largeSeed = performance.now() - t;
    kv.close();

    const { server, get, runs } = await serve(path);
    try {
      const firstLarge = await runs(() => "");
      const [, first] = await get("");

      // Deep: follow the cursors from the first page to page DEEP_PAGES.
      const deep: number[] = [];
      let cursor = first.nextCursor;
      t = performance.now();
      for (let page = 2; page <= DEEP_PAGES && cursor; page++) {
        const [ms, body] = await get(`?cursor=${cursor}`);
        deep.push(ms);
        if (page === DEEP_PAGES) cursor = body.users[0]?.username ?? null;
        else cursor = body.nextCursor;
      }
      const walk = performance.now() - t;

      const pick = (i: number) => (i * 7919) % LARGE;
      const exactName = await runs((i) => `?q=${name(pick(i))}`);
      const exactMail = await runs((i) => `?q=${encodeURIComponent(mail(pick(i)))}`);
      // 'member_0123' begins 100 usernames (member_012300…member_012399).
      const narrowQuery = (i: number) => `?q=${name(pick(i)).slice(0, 11)}&limit=100`;
      const narrow = await runs(narrowQuery);
      const [, narrowPage] = await get(narrowQuery(1));
      // 'member_0' begins every seeded username: a full page of 50 from the range, no scan.
      const broad = await runs(() => "?q=member_0");
      const [, broadPage] = await get("?q=member_0");

      const count = (n: number) => n.toLocaleString("en-US");
      console.log(
        `Admin users list (HTTP, file KV; pages of 50; seeded ${count(SMALL)} in ${
          (smallSeed / 1000).toFixed(1)
        } s, then to ${count(LARGE)} in ${(largeSeed / 1000).toFixed(1)} s)`,
      );
      console.log(line(`first page, ${count(SMALL)} members`, firstSmall));
      console.log(line(`first page, ${count(LARGE)} members`, firstLarge));
      console.log(line(`pages 2–${DEEP_PAGES} by cursor`, deep));
      console.log(
        line(`pages ${DEEP_PAGES - 99}–${DEEP_PAGES} by cursor`, deep.slice(-100)) +
          `  (walk ${(walk / 1000).toFixed(1)} s; page ${DEEP_PAGES} starts at ${cursor})`,
      );
      console.log(line("exact username", exactName));
      console.log(line("exact email", exactMail));
      console.log(line(`prefix, ${narrowPage.users.length} matches, page of 100`, narrow));
      console.log(
        line("prefix, a page of 50 of 100,000", broad) +
          `  (${broadPage.users.length} shown, more: ${broadPage.nextCursor !== null})`,
      );
      console.log(
        `  first page at ${count(LARGE)} ÷ at ${count(SMALL)} (p50): ${
          (quantile(firstLarge, 0.5) / quantile(firstSmall, 0.5)).toFixed(2)
        }; total reported: ${count(first.total)}`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) await benchAdminLists();
