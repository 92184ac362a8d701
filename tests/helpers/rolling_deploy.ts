// A rolling deploy under load, as bench/rolling_deploy.ts prints it and
// tests/integration/faults_rolling_deploy_test.ts runs a small one: instances (processes) on one
// KV, members connected through a load balancer (searching, in calls, idle) with their pages'
// socket behaviour, HTTP requests going on throughout; each instance in turn is taken out of
// rotation, stopped (SIGTERM, its exit awaited) and started again. What a member or an operator
// would notice is counted.
import { Fleet } from "./fleet.ts";
import { PageStandIn } from "./page_standin.ts";
import { MemberFactory, type QuickMember } from "./realtime_members.ts";
import { PROCESS_SESSION_SECRET } from "./server.ts";
import { getMatch } from "../../kv/matches.ts";
import { getTicket } from "../../kv/tickets.ts";
import { instanceBeats } from "../../kv/instances.ts";
import { eventually } from "./time.ts";

export interface RollingOptions {
  instances: number;
  /** Members searching for a partner no one fits (they search all through the deploy). */
  searching: number;
  /** Members in calls (paired before the deploy; even). */
  calling: number;
  /** Members connected and doing nothing but browsing (HTTP). */
  idle: number;
  /** Members who press Start during the deploy, in pairs, as each restart begins (even). */
  arriving: number;
  /** Requests under way at once throughout. */
  httpConcurrency?: number;
  env?: Record<string, string>;
  /** Told of each step as it happens (the bench prints them). */
  progress?: (line: string) => void;
}

export interface RollingResult {
  members: number;
  restarts: { exitCode: number; ms: number }[];
  /** Requests answered, 4xx and 5xx among them, requests that got no answer (the first errors). */
  http: {
    requests: number;
    status4xx: number;
    status5xx: number;
    failed: number;
    errors: string[];
  };
  /** Searchers who ended neither matched nor still searching on a running instance. */
  searchesLost: number;
  /**
   * Arrivals (who pressed Start during the deploy) still searching at its end: one at most, or
   * two of them searching missed each other.
   */
  arrivalsUnmatched: number;
  /** Calls made before the deploy that did not outlive it. */
  callsEnded: number;
  /** Members who saw anything beyond a reconnecting notice (and what, for the first few). */
  sawMore: number;
  seen: string[];
  reconnects: number;
  /** Members whose socket was dropped by a restart. */
  membersReconnected: number;
}

const LONG = String(30 * 60_000);

export async function rollingDeploy(opts: RollingOptions): Promise<RollingResult> {
  const say = opts.progress ?? (() => {});
  const dir = await Deno.makeTempDir({ prefix: "glimpse-rolling-" });
  const fleet = await Fleet.start(opts.instances, `${dir}/glimpse.kv`, {
    SEARCH_TIMEOUT_MS: LONG,
    MATCH_DURATION_MS: LONG,
    ...opts.env,
  });
  const pages: PageStandIn[] = [];
  const stopLoad = { stop: false };
  try {
    const factory = await MemberFactory.forKv(fleet.kv, fleet.urls[0], PROCESS_SESSION_SECRET);
    const make = async (n: number): Promise<QuickMember[]> => {
      const out: QuickMember[] = [];
      // A few at a time: several processes on one SQLite file lock each other out.
      for (let i = 0; i < n; i += 10) out.push(...await factory.many(Math.min(10, n - i)));
      return out;
    };
    const page = (m: QuickMember) => {
      const p = new PageStandIn(m, () => fleet.pick());
      pages.push(p);
      p.connect();
      return p;
    };
    const searchers = await make(opts.searching);
    const callers = await make(opts.calling);
    const idle = await make(opts.idle);
    const arrivals = await make(opts.arriving);
    // The searchers look for Japanese speakers only; every member speaks English.
    for (const m of searchers) {
      const url = fleet.pick();
      const res = await fetch(`${url}/api/filters`, {
        method: "POST",
        headers: { cookie: m.cookie, origin: url, "content-type": "application/json" },
        body: JSON.stringify({ languagePreference: "ja" }),
      });
      if (!res.ok) throw new Error(`filters of ${m.username}: ${res.status} ${await res.text()}`);
    }
    const searcherPages = searchers.map(page);
    const callerPages = callers.map(page);
    const idlePages = [...idle, ...arrivals].map(page);
    const arrivalPages = idlePages.slice(idle.length);
    const all = () => pages.every((p) => p.open && p.peerId);
    await Promise.all(pages.map((p) => p.until(() => p.open && p.peerId !== null, 60_000)));
    say(`${pages.length} members connected to ${opts.instances} instances`);
    for (const p of searcherPages) p.search();
    for (const p of callerPages) p.search();
    await Promise.all(callerPages.map((p) => p.until(() => p.phase === "matched", 60_000)));
    const calls = new Set(callerPages.map((p) => p.matchId!));
    say(`${calls.size} calls live, ${searcherPages.length} searching`);

    // HTTP throughout: each member's profile read, and filters saved (a write).
    const http = { requests: 0, status4xx: 0, status5xx: 0, failed: 0, errors: [] as string[] };
    const members = [...searchers, ...callers, ...idle, ...arrivals];
    let next = 0;
    const worker = async () => {
      while (!stopLoad.stop) {
        const m = members[next++ % members.length];
        const write = next % 4 === 0;
        try {
          const res = await fleet.fetch(write ? "/api/filters" : "/api/user/profile", (origin) => ({
            method: write ? "POST" : "GET",
            headers: {
              cookie: m.cookie,
              origin,
              ...(write ? { "content-type": "application/json" } : {}),
            },
            body: write ? JSON.stringify({ hashtags: [`t${next % 7}`] }) : undefined,
          }));
          http.requests++;
          if (res.status >= 500) http.status5xx++;
          else if (res.status >= 400) http.status4xx++;
        } catch (err) {
          http.failed++;
          if (http.errors.length < 5) http.errors.push(String(err));
        }
      }
    };
    const load = Array.from({ length: opts.httpConcurrency ?? 4 }, worker);

    const restarts: RollingResult["restarts"] = [];
    for (let i = 0; i < opts.instances; i++) {
      // Arrivals press Start, in pairs, as the restart begins.
      const per = 2 * Math.ceil(arrivalPages.length / opts.instances / 2);
      for (const p of arrivalPages.slice(i * per, (i + 1) * per)) p.search();
      const began = performance.now();
      const exitCode = await fleet.restart(i);
      restarts.push({ exitCode, ms: Math.round(performance.now() - began) });
      // The next restart waits until every page is back (an operator waits for health).
      if (!await eventually(all, 60_000)) throw new Error("the pages did not come back in 60 s");
      say(`instance ${i + 1} restarted in ${restarts.at(-1)!.ms} ms (exit ${exitCode})`);
    }
    // The arrivals meet each other (pairs may mix across restarts: one may be left searching).
    const unpaired = () => arrivalPages.filter((p) => p.phase !== "matched").length;
    await eventually(() => unpaired() <= 1, 30_000);
    stopLoad.stop = true;
    await Promise.all(load);

    // What is true now: the searchers still search (their tickets on a running instance), the
    // calls are live, the arrivals met someone.
    // A search started again after the last restart is written a moment after the page is
    // back: the searchers are judged once theirs are (or after 15 s).
    const lost = async () => {
      const running = await instanceBeats(fleet.kv);
      const out: string[] = [];
      for (const p of [...searcherPages, ...arrivalPages]) {
        if (p.phase === "matched") continue;
        const ticket = (await getTicket(fleet.kv, p.member.id)).value;
        if (p.phase === "searching" && ticket && running.has(ticket.instanceId)) continue;
        const where = !ticket
          ? "no ticket"
          : running.has(ticket.instanceId)
          ? "a ticket"
          : "a ticket of a stopped instance";
        out.push(`${p.member.username}: page ${p.phase}, ${where}`);
      }
      return out;
    };
    await eventually(async () => (await lost()).length === 0, 15_000);
    const lostSearches = await lost();
    const searchesLost = lostSearches.length;
    let callsEnded = 0;
    for (const id of calls) {
      if ((await getMatch(fleet.kv, id)).value?.status !== "live") callsEnded++;
    }
    callsEnded += callerPages.filter((p) => !calls.has(p.matchId!)).length / 2;
    const seen = pages.flatMap((p) => p.seen.map((s) => `${p.member.username}: ${s}`));
    seen.push(...lostSearches.map((l) => `search lost: ${l}`));
    return {
      members: pages.length,
      restarts,
      http,
      searchesLost,
      arrivalsUnmatched: arrivalPages.filter((p) => p.phase !== "matched").length,
      callsEnded,
      sawMore: pages.filter((p) => p.seen.length > 0).length,
      seen: seen.slice(0, 10),
      reconnects: pages.reduce((n, p) => n + p.reconnects, 0),
      membersReconnected: pages.filter((p) => p.reconnects > 0).length,
    };
  } finally {
    stopLoad.stop = true;
    for (const p of pages) p.close();
    await fleet.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
