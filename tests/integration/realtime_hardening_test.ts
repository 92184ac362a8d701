// What one member's socket may not do to others, and how long it outlives its session: every way
// a session ends closes its open sockets (4401) within 2 s on any instance, and a search re-checks
// the session; hashtags over /ws are the filters API's, with a daily cap on distinct ones; an
// oversized message or a stream of refused ones closes the socket; a member holds at most three
// sockets (the oldest is replaced); filter changes have a budget; refusals are counted in
// /metrics and logged once per socket.
import assert from "node:assert/strict";
import { type Instance, startInstances } from "../helpers/instances.ts";
import {
  closeAll,
  connectPeer,
  MemberFactory,
  pairUp,
  search,
  SHARED_SESSION_SECRET,
  withMembers,
} from "../helpers/realtime_members.ts";
import { WsClient } from "../helpers/realtime.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { keys } from "../../kv/keys.ts";
import { dayKey } from "../../kv/hashtags.ts";
import { Client } from "../helpers/accounts.ts";
import { MAX_DAILY_HASHTAGS, MAX_HASHTAG_LENGTH } from "../../lib/shared/filters.ts";
import { english } from "../helpers/english.ts";
import { rtEnglish } from "../helpers/rt_english.ts";
import { setProcessSink } from "../../lib/shared/log.ts";
import { LOCALE_COOKIE } from "../../lib/shared/i18n/locales.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { RT_MESSAGE } from "../../lib/shared/realtime/texts.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
/** The password of every member the factory makes. */
const SHARED_PASSWORD = "realtime-shared-password";
const ENV = { MATCH_DURATION_MS: "30000", SEARCH_TIMEOUT_MS: "3000" };

/** The closes a signed-out socket gets, and how long it took from `since`. */
async function signedOut(ws: WsClient, since: number) {
  const closed = await ws.waitClosed(4000);
  const ms = performance.now() - since;
  assert.equal(closed.code, 4401, "closed as signed out");
  assert.equal(ws.messages.at(-1)?.message, rtEnglish("not_authenticated"));
  return ms;
}

async function hashtagUses(kv: Deno.Kv): Promise<string[]> {
  const out = new Set<string>();
  for await (const e of kv.list({ prefix: ["hashtag_use", dayKey()] })) out.add(String(e.key[3]));
  return [...out];
}

Deno.test("ws: a refusal is said in the socket's language, by the same code", opts, async () => {
  await withMembers(ENV, async (server, f) => {
    // A guest's socket takes the page's language (here its cookie).
    const guest = await WsClient.connect(server.url, `${LOCALE_COOKIE}=de`);
    const refused = await guest.next("error");
    assert.equal(refused.code, "not_authenticated");
    assert.equal(refused.message, sayIn("de", RT_MESSAGE.not_authenticated));
    assert.notEqual(refused.message, rtEnglish("not_authenticated"));
    // A member's, their profile's language; a refusal with a {placeholder} has its value.
    const a = await connectPeer(await f.create({ language: "ja" }));
    const b = await connectPeer(await f.create());
    try {
      const [ja, en] = await Promise.all([a, b].map((peer) => {
        search(peer, { hashtags: ["bad tag!"] });
        return peer.ws.next("error");
      }));
      assert.deepEqual([ja.code, en.code], ["bad_hashtag", "bad_hashtag"]);
      assert.equal(ja.message, sayIn("ja", RT_MESSAGE.bad_hashtag));
      assert.ok(ja.message.includes(String(MAX_HASHTAG_LENGTH)), ja.message);
      assert.equal(en.message, rtEnglish("bad_hashtag"));
      assert.notEqual(ja.message, en.message);
    } finally {
      closeAll(a, b);
    }
  });
});

Deno.test("signed out: logging out closes that device's open socket within 2 s", opts, async () => {
  await withMembers(ENV, async (_server, f) => {
    const [am, bm] = await f.many(2);
    const a = await connectPeer(am), b = await connectPeer(bm);
    try {
      search(a);
      await a.ws.next("searching");
      const t = performance.now();
      const res = await am.client.post("/api/logout");
      assert.equal(res.status, 200);
      assert.ok(await signedOut(a.ws, t) < 2000, "closed within 2 s");
      // Its search ended with it: another member searching finds no one.
      search(b);
      assert.equal((await b.ws.next("no_match_found", 5000)).code, "no_match");
      assert.equal(b.ws.messages.some((m) => m.type === "match_found"), false);
    } finally {
      closeAll(a, b);
    }
  });
});

Deno.test(
  "signed out: a password change closes the other devices' sockets and ends their live match; this device's stays",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const [am, bm] = await f.many(2);
      // A second device: the member signs in again, a session of its own.
      const device = new Client(server);
      const login = await device.post("/api/simple-login", {
        identifier: am.username,
        password: SHARED_PASSWORD,
      });
      assert.equal(login.status, 200);
      const other = await connectPeer(am);
      const cookie = [...device.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const here = await connectPeer({ ...am, cookie });
      const b = await connectPeer(bm);
      try {
        await pairUp(other, b);
        const t = performance.now();
        const res = await device.post("/api/user/password", {
          currentPassword: SHARED_PASSWORD,
          newPassword: "another-long-password-1",
        });
        assert.equal(res.status, 200);
        const ms = await signedOut(other.ws, t);
        assert.ok(ms < 2000, `closed in ${ms} ms`);
        // The partner hears at once that the call ended, without waiting for a reconnection.
        assert.equal((await b.ws.next("session_ended", 2000)).reason, "signed_out");
        // The device that changed the password goes on.
        here.ws.send({ type: "ping" });
        await here.ws.next("pong");
        assert.equal(here.ws.closed, null);
      } finally {
        closeAll(other, here, b);
      }
    });
  },
);

Deno.test(
  "signed out: deleting the account, by the member or by an administrator, closes its sockets",
  opts,
  async () => {
    const admin = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-12" };
    await withMembers({ ...ENV, ...admin }, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        let t = performance.now();
        assert.equal((await am.client.request("DELETE", "/api/delete-account")).status, 200);
        assert.ok(await signedOut(a.ws, t) < 2000);
        const chief = new Client(server);
        const login = await chief.post("/api/simple-login", {
          identifier: admin.ADMIN_EMAIL,
          password: admin.ADMIN_PASSWORD,
        });
        assert.equal(login.status, 200, login.text);
        t = performance.now();
        const res = await chief.request("DELETE", `/api/admin/users/${bm.id}`);
        assert.equal(res.status, 200, res.text);
        assert.ok(await signedOut(b.ws, t) < 2000);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "signed out: a search re-checks the session (one ended without the instance hearing of it)",
  opts,
  async () => {
    // Re-read when a heartbeat has passed since the session was last known alive.
    await withMembers({ ...ENV, HEARTBEAT_MS: "300" }, async (server, f) => {
      const am = await f.create();
      const a = await connectPeer(am);
      try {
        // The session record goes, but no end is listed: only the search's own check sees it.
        for await (const e of server.kv.list({ prefix: keys.userSessionsPrefix(am.id) })) {
          await server.kv.delete(keys.session(String(e.key[2])));
        }
        await sleep(1500);
        assert.equal(a.ws.closed, null, "nothing told the instance");
        search(a);
        await signedOut(a.ws, performance.now());
        // Its search went no further: another member searching finds no one.
        const b = await connectPeer(await f.create());
        try {
          search(b);
          assert.equal((await b.ws.next("no_match_found", 5000)).code, "no_match");
        } finally {
          closeAll(b);
        }
      } finally {
        closeAll(a);
      }
    });
  },
);

Deno.test(
  "signed out: a sign-out on one instance closes the member's socket on another within 2 s",
  opts,
  async () => {
    const dir = await Deno.makeTempDir();
    const kvPath = `${dir}/cluster.kv`;
    const kv = await Deno.openKv(kvPath);
    let instances: Instance[] = [];
    try {
      instances = await startInstances(2, kvPath, {
        ...ENV,
        SESSION_SECRET: SHARED_SESSION_SECRET,
      });
      const f = await MemberFactory.forKv(kv, instances[0].url);
      const am = await f.create();
      const far = await connectPeer(am, instances[1].url);
      try {
        const t = performance.now();
        const res = await am.client.post("/api/logout");
        assert.equal(res.status, 200);
        const ms = await signedOut(far.ws, t);
        assert.ok(ms < 2000, `closed in ${ms} ms`);
      } finally {
        closeAll(far);
      }
    } finally {
      await sleep(300);
      await Promise.all(instances.map((inst) => Promise.race([inst.stop(), sleep(3000)])));
      for (const inst of instances) inst.kill();
      kv.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);

Deno.test(
  "ws hashtags: a hostile hashtag is refused with the filters' text and never counted",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const a = await connectPeer(await f.create());
      try {
        for (const tag of ["<img src=x onerror=alert(1)>", "a".repeat(31), "x y\u0000z", "🙂"]) {
          search(a, { hashtags: [tag] });
          const err = await a.ws.next("error");
          assert.equal(err.code, "bad_hashtag");
          assert.equal(err.message, english("profile.badHashtag", { max: MAX_HASHTAG_LENGTH }));
        }
        // Too many in one search, like the filters API.
        search(a, { hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`) });
        assert.equal((await a.ws.next("error")).code, "bad_hashtag");
        // Typed forms are normalised as the filters API does: "#Travel " is "travel".
        search(a, { hashtags: ["#Travel ", "travel"] });
        await a.ws.next("searching");
        await eventually(async () => (await hashtagUses(server.kv)).includes("travel"), 3000);
        assert.deepEqual(await hashtagUses(server.kv), ["travel"]);
        assert.equal(a.ws.messages.filter((m) => m.type === "searching").length, 1);
      } finally {
        closeAll(a);
      }
    });
  },
);

Deno.test(
  `ws hashtags: at most ${MAX_DAILY_HASHTAGS} distinct hashtags a member a day; used ones still work`,
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const am = await f.create();
      const a = await connectPeer(am);
      const tags = (from: number) => Array.from({ length: 30 }, (_, i) => `t${from + i}`);
      try {
        search(a, { hashtags: tags(0) });
        await a.ws.next("searching");
        a.ws.send({ type: "end_session" });
        search(a, { hashtags: tags(30) });
        await a.ws.next("searching");
        // One more distinct tag is over the cap: refused, nothing counted, no search.
        search(a, { hashtags: ["t0", "t60"] });
        const err = await a.ws.next("error");
        assert.equal(err.code, "hashtag_limit");
        assert.equal(err.message, rtEnglish("hashtag_limit"));
        // Another socket of the member is held to the same day's cap.
        const again = await connectPeer(am);
        try {
          search(again, { hashtags: ["brandnew"] });
          assert.equal((await again.ws.next("error")).code, "hashtag_limit");
          search(again, { hashtags: ["t5", "t59"] });
          await again.ws.next("searching");
          // The suggested hashtags are outside the cap.
          again.ws.send({ type: "end_session" });
          search(again, { hashtags: ["food", "art"] });
          await eventually(
            () => again.ws.messages.filter((m) => m.type === "searching").length === 2,
            3000,
          );
        } finally {
          closeAll(again);
        }
        await sleep(1200);
        const counted = await hashtagUses(server.kv);
        assert.equal(counted.filter((t) => /^t\d+$/.test(t)).length, MAX_DAILY_HASHTAGS);
        assert.equal(counted.includes("t60") || counted.includes("brandnew"), false);
      } finally {
        closeAll(a);
      }
    });
  },
);

Deno.test("ws limits: a stream of refused messages closes the socket (1008)", opts, async () => {
  await withMembers(ENV, async (server, f) => {
    const a = await connectPeer(await f.create());
    const warnings: string[] = [];
    const restore = setProcessSink((e) => {
      if (e.level === "warn") warnings.push(JSON.stringify(e));
    });
    try {
      // The twenty-first refused message closes it (sending on after that is cut off).
      for (let i = 0; i < 21; i++) a.ws.send("{not json");
      assert.equal((await a.ws.waitClosed()).code, 1008);
      const res = await fetch(server.url + "/metrics");
      const text = await res.text();
      const line = text.split("\n").find((l) =>
        l.startsWith('glimpse_ws_refused_total{reason="malformed"}')
      );
      assert.ok(line && Number(line.split(" ")[1]) >= 21, `counted: ${line}`);
      // Logged once for the socket, not once a message.
      assert.equal(warnings.filter((w) => w.includes("malformed")).length, 1);
    } finally {
      restore();
      closeAll(a);
    }
  });
});

Deno.test(
  "ws limits: a member's fourth socket replaces their oldest (4409); other members keep theirs",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const [am, bm] = await f.many(2);
      const b = await connectPeer(bm);
      const mine = [];
      try {
        for (let i = 0; i < 3; i++) mine.push(await connectPeer(am));
        mine.push(await connectPeer(am));
        const closed = await mine[0].ws.waitClosed();
        assert.equal(closed.code, 4409);
        assert.equal(mine[0].ws.messages.at(-1)?.code, "replaced");
        for (const p of [...mine.slice(1), b]) {
          p.ws.send({ type: "ping" });
          await p.ws.next("pong");
          assert.equal(p.ws.closed, null);
        }
        // Many more: the member never holds more than three.
        const more = await Promise.all(
          Array.from({ length: 12 }, () => WsClient.connect(server.url, am.cookie)),
        );
        mine.push(...more.map((ws) => ({ ws })));
        await eventually(() => server.hub.metrics.socketsOpen === 4, 3000); // three + b
      } finally {
        closeAll(...mine.map((p) => p.ws), b);
      }
    });
  },
);

Deno.test(
  "ws limits: filter changes over the budget are refused and not written",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const am = await f.create();
      const a = await connectPeer(am);
      try {
        const before = (await server.kv.get(keys.filters(am.id))).versionstamp;
        const stamps = new Set<string | null>([before]);
        for (let i = 0; i < 20; i++) {
          a.ws.send({ type: "set_filters", filters: { hashtags: [`f${i}`] } });
        }
        const err = await a.ws.next("error");
        assert.equal(err.code, "set_filters_limit");
        assert.equal(err.message, rtEnglish("set_filters_limit"));
        a.ws.send({ type: "ping" });
        await a.ws.next("pong");
        stamps.add((await server.kv.get(keys.filters(am.id))).versionstamp);
        const saved = await server.kv.get<{ hashtags: string[] }>(keys.filters(am.id));
        // The first five were written; the sixth and later were not.
        assert.deepEqual(saved.value?.hashtags, ["f4"]);
      } finally {
        closeAll(a);
      }
    });
  },
);
