// /viral and /leaderboard at scale, over HTTP against a real server on a KV file: p50 and p99 with
// 1,000, 10,000 and 100,000 members who all have referral figures (points this week, this month
// and all time, spread over many values). Members and their figures are written straight into KV
// in batched commits through the same writers as the events (the record and its indexes, the
// members' list and count, the members per country, the ranking index and the points tallies of
// kv/referrals.ts). The server is started again on the grown file, as after a deployment.
// Figures only: nothing here passes or fails on time.
import { startServer } from "../tests/helpers/server.ts";
import { SESSION_COOKIE, signIn } from "../tests/helpers/accounts.ts";
import { keys } from "../kv/keys.ts";
import { listNewMember } from "../kv/user_lists.ts";
import { keepFor, moveCountry, moveRank, NO_FIGURES } from "../kv/referrals.ts";
import type { Figures } from "../lib/shared/referrals/board.ts";
import { newUserRecord } from "../lib/shared/auth/types.ts";
import { bucketsAt } from "../lib/shared/referrals/rules.ts";
import { timingLine } from "./stats.ts";

const ADMIN = { ADMIN_EMAIL: "bench-admin@example.test", ADMIN_PASSWORD: "bench-admin-pass-1" };
const SIZES = [1_000, 10_000, 100_000];
const RUNS = 200;
/** Members a seeding commit writes: about 20 mutations and one check each (KV: 1,000 and 100). */
const SEED_BATCH = 40;
const COUNTRIES = ["Poland", "Japan", "Brazil", "Portugal", "Kenya", "Canada", "India", "Chile"];

const name = (i: number) => `member_${String(i).padStart(6, "0")}`;

/** Writes members [from, to) with figures in this week's, this month's and the all-time bucket. */
async function seed(kv: Deno.Kv, from: number, to: number) {
  const now = Date.now();
  const buckets = bucketsAt(now);
  for (let start = from; start < to; start += SEED_BATCH) {
    const op = kv.atomic();
    for (let i = start; i < Math.min(to, start + SEED_BATCH); i++) {
      const user = newUserRecord({
        username: name(i),
        email: `${name(i)}@bench.example.test`,
        passwordHash: "bench-no-sign-in",
        location: i % 5 ? `Town ${i % 97}, ${COUNTRIES[i % COUNTRIES.length]}` : "",
      });
      op.set(keys.user(user.id), user)
        .set(keys.userByUsername(user.username), user.id)
        .set(keys.userByEmail(user.email), user.id);
      listNewMember(op, user);
      moveCountry(op, null, user);
      const spread = (i * 7919) % 100_003;
      const points = [spread % 60, spread % 400, spread % 2_500];
      buckets.forEach(({ bucket }, b) => {
        const f: Figures = {
          ...NO_FIGURES,
          referrals: Math.floor(points[b] / 40),
          sessions: points[b] % 10,
          points: points[b],
          at: now - (i % 1000),
        };
        op.set(keys.refFigures(user.id, bucket), f, keepFor(bucket));
        moveRank(op, bucket, user.id, NO_FIGURES, f);
      });
    }
    const res = await op.commit();
    if (!res.ok) throw new Error(`seeding members ${start}… failed`);
  }
}

const line = (label: string, samples: number[]) => timingLine(label, samples, 36);

/**
 * Gives the viewer (the administrator) figures in the middle of the field, so that /viral works out
 * a rank in each period (the hundreds above, then the exact tallies of their hundred).
 */
async function middleOfTheField(kv: Deno.Kv) {
  const id = (await kv.get<string>(keys.userByEmail(ADMIN.ADMIN_EMAIL))).value!;
  if ((await kv.get(keys.refFigures(id, "all"))).value) return; // a server started before
  const now = Date.now();
  const op = kv.atomic();
  bucketsAt(now).forEach(({ bucket }, b) => {
    const key = keys.refFigures(id, bucket);
    const f: Figures = { ...NO_FIGURES, points: [30, 250, 1_250][b], at: now };
    op.set(key, f, keepFor(bucket));
    moveRank(op, bucket, id, NO_FIGURES, f);
  });
  await op.commit();
}

/** Timed page requests as the signed-in administrator, ranked mid-field in every period. */
async function measure(path: string, members: number) {
  const server = await startServer({ ...ADMIN, KV_PATH: path });
  try {
    await middleOfTheField(server.kv);
    const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const cookie = `${SESSION_COOKIE}=${admin.session}`;
    const get = async (page: string) => {
      const t = performance.now();
      const res = await fetch(server.url + page, { headers: { cookie } });
      const body = await res.text();
      const ms = performance.now() - t;
      if (!res.ok) throw new Error(`GET ${page}: ${res.status}`);
      return { ms, body };
    };
    const runs = async (page: string) => {
      for (let i = 0; i < 20; i++) await get(page);
      const out: number[] = [];
      for (let i = 0; i < RUNS; i++) out.push((await get(page)).ms);
      return out;
    };
    const count = members.toLocaleString("en-US");
    const top = (await get("/leaderboard?period=all")).body.match(/rank-name">([^<]+)/)?.[1];
    const mine = (await get("/viral")).body.match(/Rank<\/dt><dd>([^<]+)/)?.[1];
    console.log(`  ${count} members (the all-time #1: ${top}; the viewer: ${mine})`);
    console.log(line(`/viral`, await runs("/viral")));
    console.log(line(`/leaderboard (this week)`, await runs("/leaderboard")));
    console.log(line(`/leaderboard?period=all`, await runs("/leaderboard?period=all")));
  } finally {
    await server.close();
  }
}

export async function benchReferrals() {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/referrals.kv`;
  try {
    console.log("Referral pages (HTTP, file KV, signed in; every member has figures)");
    let seeded = 0;
    for (const size of SIZES) {
      const kv = await Deno.openKv(path);
      const t = performance.now();
      await seed(kv, seeded, size);
      kv.close();
      console.log(
        `  seeded ${(size - seeded).toLocaleString("en-US")} more in ${
          ((performance.now() - t) / 1000).toFixed(1)
        } s`,
      );
      seeded = size;
      await measure(path, size);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) await benchReferrals();
