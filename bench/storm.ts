// /healthz while the server is stormed, served by the real app (main.ts in a process of its own, on
// a KV file, request log and rate limits on as in production, behind one proxy): a probe process
// asks /healthz one request after another, and its p50 / p99 / max are printed for the server at
// rest and during each storm, with the storm's responses by status:
// - sign-ins: 300 clients, each from an address of its own, sending a wrong sign-in for an
//   account that does not exist once a second (each costs a password hash), responded to with 401 or,
//   past the hash gate's queue, 503;
// - heavy pages: 200 clients of one signed-in administrator, each asking /leaderboard,
//   /map-discovery or /admin/users once a second (2,000 members online in six continents, with a
//   week of hashtags), responded to with 200 or, past the member's read limit, 429.
// Figures only: nothing here passes or fails on time. `deno run -A bench/storm.ts [seconds]`
import { freePort, startServerProcess } from "../tests/helpers/server.ts";
import { signIn } from "../tests/helpers/accounts.ts";
import { retryLocked } from "../tests/helpers/realtime_members.ts";
import { sleep } from "../tests/helpers/time.ts";
import { quantile } from "./stats.ts";
import { touchPresence } from "../kv/filters.ts";
import { countHashtagUses } from "../kv/hashtags.ts";

const ADMIN = { ADMIN_EMAIL: "storm-admin@example.test", ADMIN_PASSWORD: "storm-admin-pass-1" };
const SIGN_IN_CONNECTIONS = 300;
const PAGE_CONNECTIONS = 200;
const HEAVY_PAGES = ["/leaderboard", "/map-discovery", "/admin/users"];
/** Members the map counts online during the page storm. */
const ONLINE = 2000;

/**
 * /healthz asked one request after another for `seconds` by a process of its own (so that the
 * storm's client, busy in this one, does not delay it); the latencies, ms.
 */
async function probe(url: string, seconds: number): Promise<number[]> {
  const code = `
    const end = performance.now() + ${seconds * 1000};
    const out = [];
    while (performance.now() < end) {
      const t = performance.now();
      const res = await fetch("${url}/healthz");
      await res.arrayBuffer();
      out.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
    console.log(JSON.stringify(out));`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", code],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/**
 * `connections` clients for `seconds`, each sending `request(i)` once a second (or, when a response
 * takes longer, as soon as it is read): the responses by status.
 */
async function storm(
  connections: number,
  seconds: number,
  request: (i: number, k: number, client: Deno.HttpClient) => Promise<Response>,
): Promise<Map<number | string, number>> {
  const statuses = new Map<number | string, number>();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(Array.from({ length: connections }, async (_, k) => {
    const client = Deno.createHttpClient({});
    // Spread over the first second, as clients that started apart.
    await sleep((k / connections) * 1000);
    while (performance.now() < end) {
      const sent = performance.now();
      let status: number | string;
      try {
        const res = await request(n++, k, client);
        await res.arrayBuffer();
        status = res.status;
      } catch (err) {
        status = `failed (${err instanceof Error ? err.message.slice(0, 60) : err})`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await sleep(Math.max(0, 1000 - (performance.now() - sent)));
    }
    client.close();
  }));
  return statuses;
}

function healthLine(label: string, samples: number[]) {
  const f = (q: number) => `${quantile(samples, q).toFixed(1)} ms`.padStart(10);
  return `  ${label.padEnd(30)} /healthz p50 ${f(0.5)}  p99 ${f(0.99)}  max ${f(1)}  ` +
    `(${samples.length} probes)`;
}

const responsesLine = (statuses: Map<number | string, number>, seconds: number) =>
  "    answers: " + [...statuses].sort().map(([s, n]) => `${s} ×${n}`).join(", ") +
  ` (${([...statuses.values()].reduce((a, b) => a + b, 0) / seconds).toFixed(0)} req/s)`;

/**
 * Members online on the map (presence in six continents) and a week of their hashtags, as the map
 * and the leaderboard's 'Online now' count them; written beside the server process on its KV file
 * (tried again while SQLite is busy).
 */
async function seedOnline(kv: Deno.Kv) {
  const continents = ["Europe", "Asia", "Africa", "North America", "South America", "Oceania"];
  const uses = [];
  for (let i = 0; i < ONLINE; i++) {
    const userId = `storm-member-${i}`, continent = continents[i % continents.length];
    await retryLocked(() => touchPresence(kv, userId, continent));
    uses.push({ userId, continent, hashtags: [`tag${i % 40}`, `topic${i % 7}`] });
  }
  for (let d = 0; d < 7; d++) {
    await countHashtagUses(kv, uses, retryLocked, Date.now() - d * 86400_000);
  }
}

/** Runs `work` for `seconds` while probing /healthz; prints both. */
async function during(
  url: string,
  label: string,
  seconds: number,
  work: () => Promise<Map<number | string, number>>,
) {
  const [health, statuses] = await Promise.all([probe(url, seconds), work()]);
  console.log(healthLine(label, health));
  console.log(responsesLine(statuses, seconds));
}

export async function benchStorm(seconds = 10) {
  const dir = await Deno.makeTempDir();
  // Rate limits on, behind one proxy, as in production: each sign-in client has an address.
  const server = await startServerProcess(`${dir}/storm.kv`, freePort(), {
    REQUEST_LOG: "on",
    RATE_LIMITS: "on",
    TRUST_PROXY: "1",
    ...ADMIN,
  });
  try {
    await seedOnline(server.kv);
    const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const cookie = `glimpse_session=${admin.session}`;
    console.log(
      `\n/healthz under storms, ${seconds} s each (client and server share this machine's ` +
        `${navigator.hardwareConcurrency} cores; each client sends at most one request a second):`,
    );
    console.log(healthLine("at rest", await probe(server.url, 2)));

    await during(
      server.url,
      `${SIGN_IN_CONNECTIONS} sign-in clients`,
      seconds,
      () =>
        storm(
          SIGN_IN_CONNECTIONS,
          seconds,
          (i, k, client) =>
            fetch(`${server.url}/api/simple-login`, {
              method: "POST",
              client,
              headers: {
                "content-type": "application/json",
                "x-forwarded-for": `10.0.${k >> 8}.${k & 255}`,
              },
              body: JSON.stringify({ identifier: `nobody_${i}`, password: "wrong-password-1" }),
            }),
        ),
    );
    await during(
      server.url,
      `${PAGE_CONNECTIONS} heavy page clients`,
      seconds,
      () =>
        storm(
          PAGE_CONNECTIONS,
          seconds,
          (i, _k, client) =>
            fetch(`${server.url}${HEAVY_PAGES[i % HEAVY_PAGES.length]}`, {
              client,
              headers: { cookie },
            }),
        ),
    );
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) await benchStorm(Number(Deno.args[0] ?? 10));
