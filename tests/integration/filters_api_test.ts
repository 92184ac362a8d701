// Filters, location and regions over HTTP against the real app: sign-in required, the defaults, partial and concurrent updates,
// bad values refused with nothing stored, offline reverse geocoding that keeps only names and a
// coarse cell (never the coordinates, in KV or in the logs), and the map's real region figures.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { assertError, Client, kvUser, registerMember } from "../helpers/accounts.ts";
import { english } from "../helpers/english.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { said } from "../../lib/shared/i18n/said.ts";
import { updateUser } from "../../kv/users.ts";

const NOT_AUTHENTICATED = "User not authenticated";
const INVALID_BODY = "Invalid request body";
const NO_NAMES = "Could not get location names";
const BAD_COORDINATES = "Location unavailable";

const WARSAW = { latitude: 52.2297, longitude: 21.0122 };
const TOKYO = { latitude: 35.6762, longitude: 139.6503 };
const MID_OCEAN = { latitude: 30, longitude: -40 };

/** JSON that survives Deno.KvU64 (bigint) and byte arrays. */
function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v) => {
    if (v instanceof Deno.KvU64) return `u64:${v.value}`;
    if (typeof v === "bigint") return v.toString();
    if (v instanceof Uint8Array) return `bytes:${v.length}`;
    return v;
  });
}

/** Every KV entry (key, value, versionstamp) as one line each. */
async function kvDump(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    out.push(stringify({ key: e.key, value: e.value, v: e.versionstamp }));
  }
  return out;
}

/** The stored entries that filters, locations and hashtag use live in. */
async function filterState(kv: Deno.Kv): Promise<string[]> {
  const lines = await kvDump(kv);
  return lines.filter((l) => /^\{"key":\["(filters|locations|hashtag_use|users|presence)"/.test(l));
}

interface RegionJson {
  id: string;
  name: string;
  x: number;
  y: number;
  users: number;
  hashtags: string[];
}

async function regions(client: Client): Promise<Map<string, RegionJson>> {
  const res = await client.get("/api/regions");
  assert.equal(res.status, 200, res.text);
  return new Map((res.json as RegionJson[]).map((r) => [r.name, r]));
}

// ---------------------------------------------------------------- sign-in required

Deno.test("filters API: every route needs a session (401)", async () => {
  await withServer(async (server) => {
    const guest = new Client(server);
    assertError(await guest.get("/api/filters"), 401, NOT_AUTHENTICATED);
    assertError(await guest.post("/api/filters", { hashtags: ["yoga"] }), 401, NOT_AUTHENTICATED);
    assertError(await guest.post("/api/location", WARSAW), 401, NOT_AUTHENTICATED);
    assertError(await guest.get("/api/regions"), 401, NOT_AUTHENTICATED);
    // A made-up session cookie is no session either.
    guest.cookies.set("glimpse_session", "not-a-real-session");
    assertError(await guest.get("/api/filters"), 401, NOT_AUTHENTICATED);
    assertError(await guest.post("/api/location", WARSAW), 401, NOT_AUTHENTICATED);
    // Nothing was written for the guest.
    const state = await filterState(server.kv);
    assert.deepEqual(state.filter((l) => !l.startsWith('{"key":["users"')), []);
  });
});

Deno.test("filters API: the protected pages send guests to /auth", async () => {
  await withServer(async (server) => {
    const guest = new Client(server);
    for (const path of ["/filters", "/hashtags", "/map-discovery"]) {
      const res = await guest.get(path);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get("location"), "/auth", path);
    }
  });
});

// ---------------------------------------------------------------- defaults and partial updates

Deno.test("filters API: ?flash hands 'Filters saved' to the next page, in its language", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const saved = await m.client.post("/api/filters?flash=1", { hashtags: ["yoga"] });
    assert.equal(saved.status, 200, saved.text);
    const home = await m.client.get("/");
    assert.equal([...home.text.matchAll(/class="toast toast-/g)].length, 1, "one toast");
    assert.ok(home.text.includes(english("profile.filtersSaved")), "its title");
    assert.ok(home.text.includes(english("profile.filtersSavedDescription")), "its text");
    // The same toast for a member who reads German says the German text.
    await updateUser(server.kv, m.id, (u) => ({ ...u, language: "de" }));
    await m.client.post("/api/filters?flash=1", { hashtags: ["yoga"] });
    const german = await m.client.get("/");
    assert.ok(german.text.includes('<html lang="de">'), "a German page");
    assert.ok(german.text.includes(sayIn("de", said("profile.filtersSaved"))), "in German");
    assert.ok(!german.text.includes(english("profile.filtersSaved")), "not in English");
  });
});

Deno.test("filters API: GET gives the defaults for a new member", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const res = await m.client.get("/api/filters");
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.hashtags, ["adventure"]);
    assert.equal(res.json.locationPreference, "global");
    assert.equal(res.json.languagePreference, "any");
    assert.deepEqual(res.json.ageRange, [18, 99]);
    assert.equal(res.json.gender, "any");
    assert.equal(res.json.countryPreference, undefined);
    assert.equal(res.json.continentPreference, undefined);
  });
});

Deno.test("filters API: partial updates change only the fields given, and persist", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const first = await m.client.post("/api/filters", { hashtags: [" #Street Food ", "yoga"] });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.json.hashtags, ["streetfood", "yoga"], "normalised by the server");
    assert.equal(first.json.languagePreference, "any");

    const second = await m.client.post("/api/filters", { languagePreference: "ja" });
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(second.json.hashtags, ["streetfood", "yoga"], "the first update stays");
    assert.equal(second.json.languagePreference, "ja");

    const got = await m.client.get("/api/filters");
    assert.deepEqual(got.json.hashtags, ["streetfood", "yoga"]);
    assert.equal(got.json.languagePreference, "ja");
    assert.equal(got.json.locationPreference, "global");
    assert.deepEqual(got.json.ageRange, [18, 99]);

    // Filters are per member: another member still has the defaults.
    const other = await registerMember(server);
    assert.deepEqual((await other.client.get("/api/filters")).json.hashtags, ["adventure"]);
  });
});

Deno.test("filters API: country and continent defaults; only the chosen one is kept", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const country = await m.client.post("/api/filters", { locationPreference: "country" });
    assert.equal(country.status, 200, country.text);
    assert.equal(country.json.countryPreference, "United States");
    assert.equal(country.json.continentPreference, undefined);

    const poland = await m.client.post("/api/filters", { countryPreference: "Poland" });
    assert.equal(poland.json.countryPreference, "Poland");

    const continent = await m.client.post("/api/filters", { locationPreference: "continent" });
    assert.equal(continent.json.continentPreference, "Europe");
    assert.equal(continent.json.countryPreference, undefined, "the country is dropped");

    const asia = await m.client.post("/api/filters", {
      locationPreference: "continent",
      continentPreference: "Asia",
      countryPreference: "Japan",
    });
    assert.equal(asia.json.continentPreference, "Asia");
    assert.equal(asia.json.countryPreference, undefined);

    const global = await m.client.post("/api/filters", { locationPreference: "global" });
    assert.equal(global.json.continentPreference, undefined);
    assert.equal(global.json.countryPreference, undefined);
    const stored = await m.client.get("/api/filters");
    assert.equal(stored.json.locationPreference, "global");
    assert.equal(stored.json.continentPreference, undefined);
  });
});

Deno.test("filters API: concurrent partial updates of different fields both land", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const langs = ["fr", "de", "es", "zh", "ja"] as const;
    for (let round = 0; round < langs.length; round++) {
      const tags = [`round${round}`, "yoga"];
      const [a, b, c] = await Promise.all([
        m.client.post("/api/filters", { languagePreference: langs[round] }),
        m.client.post("/api/filters", { hashtags: tags }),
        m.client.post("/api/filters", { location: `Place ${round}` }),
      ]);
      assert.deepEqual([a.status, b.status, c.status], [200, 200, 200]);
      const got = (await m.client.get("/api/filters")).json;
      assert.equal(got.languagePreference, langs[round], `round ${round}`);
      assert.deepEqual(got.hashtags, tags, `round ${round}`);
      assert.equal(got.location, `Place ${round}`, `round ${round}`);
    }
  });
});

// Filters carry ageRange [18,99]; POST accepts a new range and responds with it,
// so a later GET must give it back.
Deno.test("filters API: a saved ageRange persists", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const res = await m.client.post("/api/filters", { ageRange: [20, 60] });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.ageRange, [20, 60]);
    const got = await m.client.get("/api/filters");
    assert.deepEqual(got.json.ageRange, [20, 60], "GET /api/filters after saving [20, 60]");
  });
});

// ---------------------------------------------------------------- bad values

Deno.test("filters API: bad values are 400 with a clear message and nothing changes", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const saved = await m.client.post("/api/filters", {
      hashtags: ["travel"],
      locationPreference: "country",
      countryPreference: "Poland",
    });
    assert.equal(saved.status, 200, saved.text);
    const before = await filterState(server.kv);
    const filtersBefore = (await m.client.get("/api/filters")).json;

    const tags31 = Array.from({ length: 31 }, (_, i) => `tag${i}`);
    const cases: [string, { json?: unknown; body?: string }, string][] = [
      [
        "preference moon",
        { json: { locationPreference: "moon" } },
        english("profile.badPreference"),
      ],
      [
        "country Atlantis",
        { json: { countryPreference: "Atlantis" } },
        english("profile.badCountry"),
      ],
      [
        "continent Atlantis",
        { json: { locationPreference: "continent", continentPreference: "Atlantis" } },
        english("profile.badContinent"),
      ],
      ["bad tag", { json: { hashtags: ["bad tag!"] } }, english("profile.badHashtag", { max: 30 })],
      [
        "a good and a bad tag",
        { json: { hashtags: ["yoga", "no-dash"] } },
        english("profile.badHashtag", { max: 30 }),
      ],
      [
        "31 hashtags",
        { json: { hashtags: tags31 } },
        english("profile.tooManyHashtags", { max: 30 }),
      ],
      ["language xx", { json: { languagePreference: "xx" } }, english("profile.badLanguage")],
      ["unknown key", { json: { hashtags: ["yoga"], favouriteColour: "red" } }, INVALID_BODY],
      ["hashtags not a list", { json: { hashtags: "yoga" } }, INVALID_BODY],
      ["not an object", { json: ["yoga"] }, INVALID_BODY],
      ["malformed JSON", { body: '{"hashtags": ["yoga"' }, INVALID_BODY],
      ["empty body", { body: "" }, INVALID_BODY],
    ];
    for (const [label, opts, message] of cases) {
      const res = opts.json !== undefined
        ? await m.client.post("/api/filters", opts.json)
        : await m.client.request("POST", "/api/filters", {
          body: opts.body,
          headers: { "content-type": "application/json" },
        });
      assert.equal(res.status, 400, `${label}: ${res.status} ${res.text}`);
      assert.equal(res.json?.error, message, label);
      assert.equal(res.json?.message, message, label);
      assert.deepEqual(await filterState(server.kv), before, `${label}: nothing stored changed`);
    }
    assert.deepEqual((await m.client.get("/api/filters")).json, filtersBefore);
  });
});

// ---------------------------------------------------------------- location

Deno.test("location: Warsaw is named offline and becomes the profile location", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const res = await m.client.post("/api/location", WARSAW);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, {
      city: "Warsaw",
      country: "Poland",
      continent: "Europe",
      location: "Warsaw, Poland",
    });
    const profile = await m.client.get("/api/user/profile");
    assert.equal(profile.json.location, "Warsaw, Poland");
    assert.equal((await kvUser(server.kv, m.id))?.location, "Warsaw, Poland");

    const loc = (await server.kv.get<Record<string, unknown>>(["locations", m.id])).value;
    assert.ok(loc, "a private location record is kept");
    assert.equal(loc.city, "Warsaw");
    assert.equal(loc.country, "Poland");
    assert.equal(loc.continent, "Europe");
    assert.deepEqual(loc.cell, { lat: 52.22, lon: 21.02 }, "a coarse ~2 km cell");

    // Moving: a second fix replaces the first.
    const tokyo = await m.client.post("/api/location", TOKYO);
    assert.equal(tokyo.json.location, "Tokyo, Japan");
    assert.equal((await m.client.get("/api/user/profile")).json.location, "Tokyo, Japan");
  });
});

Deno.test("location: the exact coordinates are never stored nor logged", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const logged: string[] = [];
    const originals = {
      log: console.log,
      info: console.info,
      warn: console.warn,
      error: console.error,
      debug: console.debug,
    };
    const capture = (...args: unknown[]) => logged.push(args.map((a) => String(a)).join(" "));
    Object.assign(console, {
      log: capture,
      info: capture,
      warn: capture,
      error: capture,
      debug: capture,
    });
    let res;
    try {
      res = await m.client.post("/api/location", WARSAW);
      // A typed location afterwards must not bring them back either.
      await m.client.patch("/api/user/profile", { displayName: "Ana" });
      await m.client.get("/api/regions");
    } finally {
      Object.assign(console, originals);
    }
    assert.equal(res.status, 200, res.text);
    assert.ok(!res.text.includes("52.2297") && !res.text.includes("21.0122"), res.text);

    const dump = (await kvDump(server.kv)).join("\n");
    assert.ok(dump.includes("Warsaw, Poland"), "the names are stored");
    for (const exact of ["52.2297", "21.0122", "52.229", "21.012"]) {
      assert.ok(!dump.includes(exact), `KV holds ${exact}`);
      assert.ok(!logged.join("\n").includes(exact), `logged ${exact}: ${logged.join("\n")}`);
    }
  });
});

Deno.test("location: mid-ocean is 422 'Could not get location names' and nothing is stored", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const before = (await kvUser(server.kv, m.id))?.location;
    const res = await m.client.post("/api/location", MID_OCEAN);
    assertError(res, 422, NO_NAMES);
    assert.equal((await kvUser(server.kv, m.id))?.location, before);
    assert.equal((await server.kv.get(["locations", m.id])).value, null);
    assert.equal((await m.client.get("/api/user/profile")).json.location, before);

    // A member who was located keeps the old place after a failed fix.
    await m.client.post("/api/location", WARSAW);
    const after = (await server.kv.get(["locations", m.id])).versionstamp;
    assertError(await m.client.post("/api/location", MID_OCEAN), 422, NO_NAMES);
    assert.equal((await server.kv.get(["locations", m.id])).versionstamp, after);
    assert.equal((await m.client.get("/api/user/profile")).json.location, "Warsaw, Poland");
  });
});

Deno.test("location: bad coordinates are 400 and nothing is stored", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    // The first signed-in request marks the member present; take the snapshot after it.
    assert.equal((await m.client.get("/api/filters")).status, 200);
    const before = await filterState(server.kv);
    const bodies: unknown[] = [
      { latitude: 91, longitude: 0 },
      { latitude: -91, longitude: 0 },
      { latitude: 0, longitude: 181 },
      { latitude: 0, longitude: -180.5 },
      { latitude: "52.2", longitude: "21.0" },
      { latitude: 52.2 },
      { latitude: 52.2, longitude: 21.0, accuracy: 10 },
      null,
    ];
    for (const body of bodies) {
      const res = await m.client.post("/api/location", body);
      assertError(res, 400, BAD_COORDINATES);
    }
    const malformed = await m.client.request("POST", "/api/location", {
      body: "{latitude: 52",
      headers: { "content-type": "application/json" },
    });
    assertError(malformed, 400, BAD_COORDINATES);
    assert.deepEqual(await filterState(server.kv), before);
    assert.equal((await server.kv.get(["locations", m.id])).value, null);
  });
});

Deno.test("location: a typed profile location records country and continent, not a cell", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await m.client.post("/api/location", WARSAW);
    const typed = await m.client.patch("/api/user/profile", { location: "Kraków, Poland" });
    assert.equal(typed.status, 200, typed.text);
    const loc = (await server.kv.get<Record<string, unknown>>(["locations", m.id])).value;
    assert.ok(loc);
    assert.equal(loc.city, "Kraków");
    assert.equal(loc.country, "Poland");
    assert.equal(loc.countryCode, "PL");
    assert.equal(loc.continent, "Europe");
    assert.equal(loc.cell, null, "the Warsaw cell does not follow a typed Kraków");

    const us = await m.client.patch("/api/user/profile", { location: "Austin, United States" });
    assert.equal(us.status, 200, us.text);
    const loc2 = (await server.kv.get<Record<string, unknown>>(["locations", m.id])).value;
    assert.equal(loc2?.continent, "North America");
  });
});

// Every country on the /filters list must be a country a member can type and be matched by.
Deno.test("location: a typed location in a listed country gets its continent (Ireland, China)", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const wrong: string[] = [];
    for (
      const [location, continent] of [
        ["Dublin, Ireland", "Europe"],
        ["Beijing, China", "Asia"],
        ["Lima, Peru", "South America"],
      ]
    ) {
      const res = await m.client.patch("/api/user/profile", { location });
      assert.equal(res.status, 200, res.text);
      const loc = (await server.kv.get<Record<string, unknown>>(["locations", m.id])).value;
      if (loc?.continent !== continent) {
        wrong.push(`${location}: continent ${loc?.continent}, code ${loc?.countryCode}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});

// ---------------------------------------------------------------- regions

Deno.test("regions: with no data every count is 0 and no hashtag is invented", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const res = await m.client.get("/api/regions");
    assert.equal(res.status, 200, res.text);
    const list = res.json as RegionJson[];
    assert.deepEqual(list.map((r) => r.name).sort(), [
      "Africa",
      "Asia",
      "Europe",
      "North America",
      "Oceania",
      "South America",
    ]);
    for (const r of list) {
      assert.equal(r.users, 0, r.name);
      assert.deepEqual(r.hashtags, [], r.name);
      assert.equal(typeof r.id, "string");
      assert.ok(r.x >= 0 && r.x <= 100 && r.y >= 0 && r.y <= 100, r.name);
    }
    // Real counts, not made-up demonstration numbers (87, 104, 156, 42, 35, 21).
    assert.ok(!list.some((r) => [87, 104, 156, 42, 35, 21].includes(r.users)));
  });
});

Deno.test("regions: a member located in Warsaw counts in Europe; saved hashtags become popular", async () => {
  await withServer(async (server) => {
    const ana = await registerMember(server);
    const located = await ana.client.post("/api/location", WARSAW);
    assert.equal(located.status, 200, located.text);

    let r = await regions(ana.client);
    assert.ok(r.get("Europe")!.users >= 1, `Europe: ${r.get("Europe")!.users}`);
    for (const name of ["Asia", "Africa", "North America", "South America", "Oceania"]) {
      assert.equal(r.get(name)!.users, 0, name);
    }
    assert.deepEqual(r.get("Europe")!.hashtags, [], "no hashtag saved yet");

    const saved = await ana.client.post("/api/filters", { hashtags: ["streetfood"] });
    assert.equal(saved.status, 200, saved.text);
    r = await regions(ana.client);
    assert.ok(r.get("Europe")!.hashtags.includes("streetfood"), r.get("Europe")!.hashtags.join());
    assert.deepEqual(r.get("Asia")!.hashtags, [], "only where the member is");

    // A second member in Tokyo: counted in Asia, with Asia's own hashtags.
    const ken = await registerMember(server);
    await ken.client.post("/api/location", TOKYO);
    await ken.client.post("/api/filters", { hashtags: ["ramen", "streetfood"] });
    r = await regions(ana.client);
    assert.ok(r.get("Asia")!.users >= 1, `Asia: ${r.get("Asia")!.users}`);
    assert.deepEqual([...r.get("Asia")!.hashtags].sort(), ["ramen", "streetfood"]);
    assert.ok(!r.get("Europe")!.hashtags.includes("ramen"));
  });
});

Deno.test("regions: popular hashtags are ordered by use and capped at five", async () => {
  await withServer(async (server) => {
    const members = [];
    for (let i = 0; i < 3; i++) {
      const m = await registerMember(server);
      await m.client.post("/api/location", WARSAW);
      members.push(m);
    }
    // 'coffee' by all three, 'yoga' by two, five more by one.
    await members[0].client.post("/api/filters", {
      hashtags: ["coffee", "yoga", "a1", "a2", "a3", "a4", "a5"],
    });
    await members[1].client.post("/api/filters", { hashtags: ["coffee", "yoga"] });
    await members[2].client.post("/api/filters", { hashtags: ["coffee"] });
    const europe = (await regions(members[0].client)).get("Europe")!;
    assert.equal(europe.users, 3);
    assert.equal(europe.hashtags.length, 5);
    assert.deepEqual(europe.hashtags.slice(0, 2), ["coffee", "yoga"]);
  });
});
