// Popular hashtags count members, not searches: one member searching 100 times with a hashtag (or
// choosing it again and again on the filters page) counts once a day; two members count twice.
// The map's lists (GET /api/regions, read by /map-discovery) rank by those members.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  type QuickMember,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually } from "../helpers/time.ts";
import { setPrivateLocation } from "../../kv/filters.ts";
import { countHashtagUses, popularHashtags } from "../../kv/hashtags.ts";
import type { TestServer } from "../helpers/server.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

/** A member in Europe (the map's continent of their private location). */
async function inEurope(server: TestServer, m: QuickMember) {
  await setPrivateLocation(server.kv, m.id, {
    city: "Warsaw",
    country: "Poland",
    countryCode: "PL",
    continent: "Europe",
    cell: null,
    updatedAt: new Date().toISOString(),
  });
}

/**
 * `times` searches with `tags`, each responded to with 'searching', on sockets of the member's taking 50
 * each (a socket's flood limit allows bursts of 60 messages).
 */
async function searches(m: QuickMember, tags: string[], times: number) {
  for (let done = 0; done < times;) {
    const p = await connectPeer(m);
    try {
      for (let i = 0; i < 50 && done < times; i++, done++) {
        p.ws.send({ type: "find_match", preferences: { hashtags: tags } });
        await p.ws.next("searching");
      }
    } finally {
      closeAll(p);
    }
  }
}

/** Europe's popular hashtags as the map gets them. */
async function europeOnMap(m: QuickMember): Promise<string[]> {
  const res = await m.client.get("/api/regions");
  assert.equal(res.status, 200, res.text);
  // deno-lint-ignore no-explicit-any
  return (res.json as any[]).find((r) => r.name === "Europe").hashtags;
}

Deno.test(
  "popular hashtags: 100 searches by one member count once, two members count twice",
  opts,
  async () => {
    await withMembers({}, async (server, f) => {
      const [a, b, c] = await f.many(3);
      for (const m of [a, b, c]) await inEurope(server, m);
      const counts = async () =>
        Object.fromEntries(
          (await popularHashtags(server.kv, "Europe")).map((h) => [h.tag, h.count]),
        );

      await searches(a, ["scamlinkdotcom"], 100);
      await searches(b, ["travel"], 2);
      await searches(c, ["travel"], 1);
      const settled = (want: Record<string, number>) =>
        eventually(async () => JSON.stringify(await counts()) === JSON.stringify(want), 5000);
      assert.ok(
        await settled({ travel: 2, scamlinkdotcom: 1 }),
        JSON.stringify(await counts()),
      );
      // A second member searching with it: two members.
      await searches(b, ["scamlinkdotcom"], 3);
      assert.ok(
        await settled({ scamlinkdotcom: 2, travel: 2 }),
        JSON.stringify(await counts()),
      );
      // Choosing it on the filters page, again and again, adds nothing for a member counted.
      for (let i = 0; i < 5; i++) {
        assert.equal((await a.client.post("/api/filters", { hashtags: ["travel"] })).status, 200);
        assert.equal((await a.client.post("/api/filters", { hashtags: [] })).status, 200);
      }
      assert.deepEqual(await counts(), { scamlinkdotcom: 2, travel: 3 });
      assert.deepEqual((await europeOnMap(c)).slice(0, 2), ["travel", "scamlinkdotcom"]);
    });
  },
);

Deno.test("popular hashtags: a burst of 250 members' searches counts each member once, also when counted again", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const uses = Array.from({ length: 250 }, (_, i) => ({
      userId: `member-${i}`,
      hashtags: ["travel", i % 2 ? "food" : "music"],
      continent: "Europe",
    }));
    // Each member searches three times in the burst; the burst is counted twice over.
    await countHashtagUses(kv, [...uses, ...uses, ...uses]);
    await countHashtagUses(kv, uses);
    assert.deepEqual(await popularHashtags(kv, "Europe"), [
      { tag: "travel", count: 250 },
      { tag: "food", count: 125 },
      { tag: "music", count: 125 },
    ]);
    assert.equal((await popularHashtags(kv, "all"))[0].count, 250);
  } finally {
    kv.close();
  }
});
