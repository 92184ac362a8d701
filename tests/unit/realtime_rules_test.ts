// Who may meet whom: the pure pairing rules over hand-made search tickets. Each location preference
// fits and does not fit, nearby is tested at 24 and 26 km between cell centres, language any vs
// one, never the same member, blocks and reports either way, recent partners only when nobody else
// fits, VIP first, then more shared hashtags, then longest waiting; the match topic and its
// '#exploring' default.
import { figuresFor } from "../../lib/server/realtime/waiting.ts";
import assert from "node:assert/strict";
import {
  accepts,
  bestCandidate,
  byWaiting,
  choosePairs,
  compatible,
  matchHashtag,
  sharedHashtags,
  type Ticket,
} from "../../lib/server/realtime/rules.ts";
import { distanceKm, NEARBY_KM } from "../../lib/server/geo/geocoder.ts";

/** Kilometres per degree of latitude on the sphere the geocoder uses. */
const KM_PER_DEGREE = distanceKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
const WARSAW_CELL = { lat: 52.2, lon: 21 };
/** A cell due north of Warsaw's, `km` away along the meridian. */
const northOfWarsaw = (km: number) => ({ lat: 52.2 + km / KM_PER_DEGREE, lon: 21 });

type TicketInit = Partial<Omit<Ticket, "pref" | "me">> & {
  pref?: Partial<Ticket["pref"]>;
  me?: Partial<Ticket["me"]>;
};

let seq = 0;
/** A ticket of a member in Warsaw, Poland, Europe, speaking English, accepting anyone. */
function ticket(init: TicketInit = {}): Ticket {
  seq++;
  const { pref, me, ...rest } = init;
  return {
    userId: `user-${seq}`,
    username: `member${seq}`,
    peerId: `peer-${seq}`.padEnd(21, "x"),
    instanceId: "instance-1",
    connId: `conn-${seq}`,
    enqueuedAt: 1_000_000 + seq,
    seenAt: 1_000_000 + seq,
    dailyLimit: -1,
    hashtags: ["adventure"],
    shownLocation: "Poland",
    vip: false,
    avoid: [],
    recent: [],
    ...rest,
    pref: { location: "global", language: "any", ...pref },
    me: {
      language: "en",
      city: "Warsaw",
      country: "Poland",
      continent: "Europe",
      cell: WARSAW_CELL,
      ...me,
    },
  };
}

const nowhere = { city: null, country: null, continent: null, cell: null };

// ---------------------------------------------------------------- location preferences

Deno.test("accepts: global takes anyone, even a member with no known place", () => {
  const a = ticket({ pref: { location: "global" } });
  assert.equal(accepts(a, ticket({ me: { country: "Japan", continent: "Asia" } })), true);
  assert.equal(accepts(a, ticket({ me: nowhere })), true);
});

Deno.test("accepts: continent preference fits the same continent only", () => {
  const a = ticket({ pref: { location: "continent", continent: "Europe" } });
  assert.equal(accepts(a, ticket({ me: { country: "Germany", continent: "Europe" } })), true);
  assert.equal(accepts(a, ticket({ me: { country: "Japan", continent: "Asia" } })), false);
  assert.equal(accepts(a, ticket({ me: nowhere })), false);
  // The preference names the continent, not the member's own.
  const wantsAsia = ticket({ pref: { location: "continent", continent: "Asia" } });
  assert.equal(accepts(wantsAsia, ticket()), false);
  assert.equal(accepts(wantsAsia, ticket({ me: { country: "Japan", continent: "Asia" } })), true);
});

Deno.test("accepts: country preference fits the chosen country only", () => {
  const a = ticket({ pref: { location: "country", country: "Poland" } });
  assert.equal(accepts(a, ticket({ me: { city: "Kraków", country: "Poland" } })), true);
  assert.equal(accepts(a, ticket({ me: { city: "Berlin", country: "Germany" } })), false);
  assert.equal(accepts(a, ticket({ me: nowhere })), false);
  const wantsGermany = ticket({ pref: { location: "country", country: "Germany" } });
  assert.equal(accepts(wantsGermany, ticket()), false);
});

Deno.test("accepts: city preference fits the member's own city in the same country", () => {
  const a = ticket({ pref: { location: "city" } });
  assert.equal(accepts(a, ticket()), true);
  assert.equal(accepts(a, ticket({ me: { city: "Kraków" } })), false);
  // Same city name, another country (Warsaw, Indiana).
  assert.equal(
    accepts(a, ticket({ me: { city: "Warsaw", country: "United States" } })),
    false,
  );
  assert.equal(accepts(a, ticket({ me: nowhere })), false);
  // Without a city of one's own, 'city' fits nobody.
  const noCity = ticket({ pref: { location: "city" }, me: { city: null } });
  assert.equal(accepts(noCity, ticket({ me: { city: null } })), false);
});

Deno.test("accepts: nearby fits cells 24 km apart and not 26 km apart", () => {
  const at24 = northOfWarsaw(24), at26 = northOfWarsaw(26);
  assert.ok(Math.abs(distanceKm(WARSAW_CELL, at24) - 24) < 0.01);
  assert.ok(Math.abs(distanceKm(WARSAW_CELL, at26) - 26) < 0.01);
  assert.equal(NEARBY_KM, 25);
  const a = ticket({ pref: { location: "nearby" } });
  assert.equal(accepts(a, ticket({ me: { cell: at24 } })), true);
  assert.equal(accepts(a, ticket({ me: { cell: at26 } })), false);
  assert.equal(accepts(a, ticket({ me: { cell: WARSAW_CELL } })), true);
  // No cell on either side: nobody is nearby.
  assert.equal(accepts(a, ticket({ me: { cell: null } })), false);
  assert.equal(
    accepts(ticket({ pref: { location: "nearby" }, me: { cell: null } }), ticket()),
    false,
  );
});

// ---------------------------------------------------------------- language

Deno.test("accepts: language preference 'any' takes every language, a specific one only itself", () => {
  const any = ticket({ pref: { language: "any" } });
  for (const language of ["en", "es", "fr", "de", "zh", "ja"]) {
    assert.equal(accepts(any, ticket({ me: { language } })), true, language);
  }
  const es = ticket({ pref: { language: "es" } });
  assert.equal(accepts(es, ticket({ me: { language: "es" } })), true);
  assert.equal(accepts(es, ticket({ me: { language: "en" } })), false);
  // Location fits but language does not: refused.
  const both = ticket({ pref: { location: "country", country: "Poland", language: "de" } });
  assert.equal(accepts(both, ticket({ me: { language: "en" } })), false);
  assert.equal(accepts(both, ticket({ me: { language: "de" } })), true);
});

// ---------------------------------------------------------------- compatible

Deno.test("compatible: both sides must accept each other", () => {
  const a = ticket();
  const b = ticket({ pref: { location: "country", country: "Germany" } });
  assert.equal(accepts(a, b), true);
  assert.equal(accepts(b, a), false);
  assert.equal(compatible(a, b), false);
  assert.equal(compatible(b, a), false);
  const c = ticket({ pref: { language: "fr" } });
  assert.equal(compatible(a, c), false, "a speaks English, c wants French");
  assert.equal(compatible(a, ticket()), true);
});

Deno.test("compatible: never the same member, even from two sockets", () => {
  const a = ticket({ userId: "same-user", connId: "conn-a", peerId: "a".repeat(21) });
  const b = ticket({ userId: "same-user", connId: "conn-b", peerId: "b".repeat(21) });
  assert.equal(compatible(a, b), false);
  assert.equal(compatible(a, a), false);
  assert.equal(bestCandidate(a, [b]), null);
});

Deno.test("compatible: blocked or reported either way round never meet", () => {
  const a = ticket();
  const b = ticket();
  assert.equal(compatible(a, b), true);
  const aAvoidsB = { ...a, avoid: [b.userId] };
  assert.equal(compatible(aAvoidsB, b), false);
  assert.equal(compatible(b, aAvoidsB), false);
  const bAvoidsA = { ...b, avoid: ["someone-else", a.userId] };
  assert.equal(compatible(a, bAvoidsA), false);
  assert.equal(compatible(bAvoidsA, a), false);
  assert.equal(bestCandidate(aAvoidsB, [b]), null);
  assert.equal(bestCandidate(a, [bAvoidsA]), null);
});

// ---------------------------------------------------------------- ranking

Deno.test("bestCandidate: null when nobody fits; incompatible candidates are skipped", () => {
  const me = ticket({ pref: { location: "country", country: "Poland" } });
  assert.equal(bestCandidate(me, []), null);
  const german = ticket({ me: { city: "Berlin", country: "Germany" }, vip: true });
  assert.equal(bestCandidate(me, [german]), null);
  const pole = ticket({ me: { city: "Gdańsk" } });
  assert.equal(bestCandidate(me, [german, pole])?.userId, pole.userId);
});

Deno.test("bestCandidate: a partner of the last 24 hours only when nobody else fits", () => {
  const old = ticket({ hashtags: ["cats", "dogs"], enqueuedAt: 1 });
  const fresh = ticket({ hashtags: ["golf"], enqueuedAt: 50 });
  const me = ticket({ hashtags: ["cats", "dogs"], recent: [old.userId], enqueuedAt: 100 });
  // Without the rule `old` wins on hashtags and on waiting time.
  assert.equal(bestCandidate({ ...me, recent: [] }, [old, fresh])?.userId, old.userId);
  assert.equal(bestCandidate(me, [old, fresh])?.userId, fresh.userId);
  // The partner's own memory counts too.
  const me2 = ticket({ hashtags: ["cats", "dogs"] });
  const remembers = { ...old, recent: [me2.userId] };
  assert.equal(bestCandidate(me2, [remembers, fresh])?.userId, fresh.userId);
  // Nobody else fits: the recent partner is better than nobody.
  assert.equal(bestCandidate(me, [old])?.userId, old.userId);
  const pickyFresh: Ticket = {
    ...fresh,
    pref: { location: "country", country: "Japan", language: "any" },
  };
  assert.equal(bestCandidate(me, [old, pickyFresh])?.userId, old.userId);
});

Deno.test("bestCandidate: VIP members first, over shared hashtags and waiting time", () => {
  const me = ticket({ hashtags: ["cats", "dogs", "art"] });
  const longWaiter = ticket({ hashtags: ["cats", "dogs", "art"], enqueuedAt: 1 });
  const vip = ticket({ hashtags: ["golf"], enqueuedAt: 9_999_999, vip: true });
  assert.equal(bestCandidate(me, [longWaiter, vip])?.userId, vip.userId);
  assert.equal(bestCandidate(me, [vip, longWaiter])?.userId, vip.userId);
  assert.equal(bestCandidate(me, [longWaiter])?.userId, longWaiter.userId);
});

Deno.test("bestCandidate: more shared hashtags first, then longest waiting", () => {
  const me = ticket({ hashtags: ["cats", "dogs", "art"] });
  const one = ticket({ hashtags: ["cats"], enqueuedAt: 10 });
  const two = ticket({ hashtags: ["dogs", "art", "golf"], enqueuedAt: 20 });
  const none = ticket({ hashtags: ["golf"], enqueuedAt: 5 });
  assert.deepEqual(sharedHashtags(me, two), ["dogs", "art"]);
  assert.equal(bestCandidate(me, [none, one, two])?.userId, two.userId);
  assert.equal(bestCandidate(me, [none, one])?.userId, one.userId);
  // Equal hashtags: the one who has waited longest.
  const early = ticket({ hashtags: ["cats"], enqueuedAt: 3 });
  const late = ticket({ hashtags: ["cats"], enqueuedAt: 7 });
  assert.equal(bestCandidate(me, [late, early])?.userId, early.userId);
  assert.equal(bestCandidate(me, [early, late])?.userId, early.userId);
  // Nothing shared at all: still the longest waiting.
  assert.equal(
    bestCandidate(ticket({ hashtags: ["x"] }), [late, none, early])?.userId,
    early.userId,
  );
  assert.equal(bestCandidate(ticket({ hashtags: ["x"] }), [late, none])?.userId, none.userId);
});

Deno.test("bestCandidate: open to any language, a member meets one who speaks theirs first", () => {
  const me = ticket({ hashtags: ["cats"], me: { language: "ja" } });
  const english = ticket({ hashtags: ["cats"], enqueuedAt: 1 });
  const japanese = ticket({ hashtags: [], enqueuedAt: 50, me: { language: "ja" } });
  assert.equal(bestCandidate(me, [english, japanese])?.userId, japanese.userId);
  // Nobody shares it: any language still does.
  assert.equal(bestCandidate(me, [english])?.userId, english.userId);
  // VIP members still come first.
  const vip = ticket({ vip: true, enqueuedAt: 99 });
  assert.equal(bestCandidate(me, [english, japanese, vip])?.userId, vip.userId);
});

// ---------------------------------------------------------------- the match topic

Deno.test("matchHashtag: a shared hashtag, else the partner's first, else #exploring", () => {
  const me = ticket({ hashtags: ["dogs", "cats"] });
  assert.equal(matchHashtag(me, ticket({ hashtags: ["art", "cats", "dogs"] })), "#dogs");
  assert.equal(matchHashtag(me, ticket({ hashtags: ["art", "music"] })), "#art");
  assert.equal(matchHashtag(me, ticket({ hashtags: [] })), "#exploring");
  assert.equal(matchHashtag(ticket({ hashtags: [] }), ticket({ hashtags: [] })), "#exploring");
  assert.equal(matchHashtag(ticket({ hashtags: [] }), ticket({ hashtags: ["food"] })), "#food");
});

/** The ranking written out plainly: every candidate scored, the largest score wins. */
function naiveBest(me: Ticket, pool: Ticket[]): Ticket | null {
  let best: Ticket | null = null;
  let bestKey: number[] | null = null;
  for (const t of pool) {
    if (!compatible(me, t)) continue;
    const fresh = !me.recent.includes(t.userId) && !t.recent.includes(me.userId);
    const key = [
      Number(fresh),
      Number(t.vip),
      Number(t.me.language === me.me.language),
      sharedHashtags(me, t).length,
      -t.enqueuedAt,
    ];
    const cmp = bestKey ? key.findIndex((v, i) => v !== bestKey![i]) : -1;
    const better = !bestKey ||
      (cmp >= 0 ? key[cmp] > bestKey[cmp] : t.userId < best!.userId);
    if (better) [best, bestKey] = [t, key];
  }
  return best;
}

Deno.test("bestCandidate: the early-stopping scan picks what scoring every candidate picks", () => {
  // A seeded generator, so a failure names a pool that can be replayed.
  let state = 42;
  const rand = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const tags = ["a", "b", "c", "d"];
  for (let round = 0; round < 500; round++) {
    const pool = Array.from({ length: 1 + rand(12) }, () =>
      ticket({
        hashtags: tags.filter(() => rand(2) === 0),
        vip: rand(5) === 0,
        enqueuedAt: 1000 + rand(4), // many equal waiting times: the `userId` decides
        me: { language: rand(4) === 0 ? "fr" : "en" },
        pref: { language: rand(6) === 0 ? "en" : "any" },
      }));
    const me = ticket({ hashtags: tags.filter(() => rand(2) === 0) });
    for (const t of pool) {
      if (rand(4) === 0) me.recent.push(t.userId);
      if (rand(8) === 0) t.avoid.push(me.userId);
    }
    assert.equal(
      bestCandidate(me, pool)?.userId ?? null,
      naiveBest(me, pool)?.userId ?? null,
      `round ${round}`,
    );
  }
});

// ---------------------------------------------------------------- choosing a pass's pairs

const entry = (t: Ticket) => ({ key: ["mm", "waiting", t.userId], value: t, versionstamp: null });

Deno.test("choosePairs: each member in at most one pair; the longest waiting chooses first", () => {
  const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(() => ticket());
  const all = [a, b, c, d, e].map(entry);
  // Every member here, in no particular order.
  const pairs = choosePairs([all[3], all[0], all[4], all[2], all[1]], all);
  assert.deepEqual(
    pairs.map(([x, y]) => [x.value.userId, y.value.userId]),
    [[a.userId, b.userId], [c.userId, d.userId]],
  );
  const seen = pairs.flat().map((x) => x.value.userId);
  assert.equal(new Set(seen).size, seen.length, "nobody twice");
});

Deno.test("choosePairs: a searcher elsewhere is a partner, never a chooser; VIP searchers first", () => {
  const remote = ticket({ instanceId: "instance-2" });
  const plain = ticket();
  const vip = ticket({ vip: true });
  const pairs = choosePairs([entry(plain), entry(vip)], [entry(remote), entry(plain), entry(vip)]);
  // The VIP member chooses first (though they came later) and takes the longest waiting fit.
  assert.deepEqual(pairs.map(([x, y]) => [x.value.userId, y.value.userId]), [
    [vip.userId, remote.userId],
  ]);
  // Alone with the remote searcher, a member of this instance pairs with them.
  assert.deepEqual(
    choosePairs([entry(plain)], [entry(remote), entry(plain)]).map(([x, y]) => [
      x.value.userId,
      y.value.userId,
    ]),
    [[plain.userId, remote.userId]],
  );
  // Nobody of this instance searching: no pairs, even with two remote searchers.
  assert.deepEqual(choosePairs([], [entry(remote), entry(ticket({ instanceId: "x" }))]), []);
});

Deno.test("choosePairs: members who may not meet stay unpaired", () => {
  const a = ticket({ pref: { language: "fr" } });
  const b = ticket();
  assert.deepEqual(choosePairs([entry(a), entry(b)], [entry(a), entry(b)]), []);
});

Deno.test("choosePairs: the pairs of choosing in turn, each from everyone still free", () => {
  // The reference: each chooser (VIP first, then longest waiting) takes bestCandidate among
  // the members not yet paired. choosePairs skips the paired head of the pool; same pairs.
  const reference = (mine: Ticket[], pool: Ticket[]) => {
    const order = [...mine].sort((x, y) => Number(y.vip) - Number(x.vip) || byWaiting(x, y));
    const taken = new Set<string>();
    const out: [string, string][] = [];
    for (const me of order) {
      if (taken.has(me.userId)) continue;
      const best = bestCandidate(me, pool.filter((t) => !taken.has(t.userId)));
      if (!best) continue;
      taken.add(me.userId).add(best.userId);
      out.push([me.userId, best.userId]);
    }
    return out;
  };
  let state = 7;
  const rand = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const tags = ["a", "b", "c"];
  for (let round = 0; round < 300; round++) {
    const pool = Array.from({ length: 1 + rand(40) }, () =>
      ticket({
        hashtags: tags.filter(() => rand(2) === 0),
        vip: rand(8) === 0,
        enqueuedAt: 1000 + rand(6),
        instanceId: rand(3) === 0 ? "instance-2" : "instance-1",
        me: { language: rand(4) === 0 ? "fr" : "en" },
        pref: { language: rand(5) === 0 ? "en" : rand(7) === 0 ? "fr" : "any" },
      }));
    for (const t of pool) {
      const other = pool[rand(pool.length)];
      if (rand(4) === 0) t.recent.push(other.userId);
      if (rand(10) === 0) t.avoid.push(other.userId);
    }
    const mine = pool.filter((t) => t.instanceId === "instance-1");
    const got = choosePairs(mine.map(entry), pool.map(entry))
      .map(([x, y]) => [x.value.userId, y.value.userId]);
    assert.deepEqual(got, reference(mine, pool), `round ${round}`);
  }
  // A burst of members who all fit: every one paired, oldest with next oldest.
  const burst = Array.from({ length: 2000 }, () => ticket({ hashtags: [] }));
  const pairs = choosePairs(burst.map(entry), burst.map(entry));
  assert.equal(pairs.length, 1000);
  pairs.forEach(([x, y], i) => {
    assert.equal(x.value.userId, burst[2 * i].userId);
    assert.equal(y.value.userId, burst[2 * i + 1].userId);
  });
});

// ---------------------------------------------------------------- the search screen's figures

Deno.test("figuresFor: searching, allowed by my filter, met now, and the widening offered", () => {
  const me = ticket({ pref: { location: "city" } });
  const krakow = { city: "Krakow", cell: null };
  const others = [
    // In Warsaw, wanting German speakers: my filter allows them, they refuse me.
    ticket({ pref: { language: "de" } }),
    // In Krakow, open to anyone: my city filter refuses them; Poland would meet them.
    ticket({ me: krakow }),
    // In Krakow, wanting Krakow: never met, widened or not.
    ticket({ me: krakow, pref: { location: "city" } }),
    // Blocked by me: never counted as allowed.
    ticket({ userId: "blocked" }),
  ];
  const blocking = { ...me, avoid: ["blocked"] };
  const f = figuresFor(blocking, [blocking, ...others], 0);
  assert.deepEqual(f, {
    searching: 4,
    allowed: 1,
    meetNow: 0,
    offer: { location: "country", country: "Poland" },
  });
  // Someone my city filter meets: no offer before 10 s, then the narrowest step that meets more.
  const mate = ticket();
  assert.equal(figuresFor(me, [me, mate, ...others], 9_999).offer, null);
  assert.deepEqual(figuresFor(me, [me, mate, ...others], 10_000).offer, {
    location: "country",
    country: "Poland",
  });
  // A partner's own filter holds: only the one refusing Warsaw → nothing to offer.
  assert.equal(figuresFor(me, [me, others[2]], 20_000).offer, null);
});

Deno.test("figuresFor: on a sample of a larger pool, the share allowed is scaled to the whole", () => {
  const me = ticket({ pref: { location: "city" } });
  const sample = [
    ...Array.from({ length: 10 }, () => ticket()),
    ...Array.from({ length: 10 }, () => ticket({ me: { city: "Krakow", cell: null } })),
  ];
  const f = figuresFor(me, sample, 0, 2_001);
  assert.equal(f.searching, 2_000);
  assert.equal(f.allowed, 1_000);
});
