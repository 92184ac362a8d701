// A search ticket checks one counter, the member's search version, in place of everything it
// is built from (record, filters, place, blocks and reports): each of those writers must move
// it, or a socket's copy of the profile would outlive a change (lib/server/realtime/hub.ts).
import assert from "node:assert/strict";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import { updateUser } from "../../kv/users.ts";
import { saveFilters, setPrivateLocation } from "../../kv/filters.ts";
import { fileReport, purgeBlocks } from "../../lib/server/moderation/reports.ts";
import { deleteAccount } from "../../lib/server/auth/deletion.ts";
import { MemberFactory } from "../helpers/realtime_members.ts";

async function version(kv: Deno.Kv, userId: string): Promise<string | null> {
  return (await kv.get(keys.searchVersion(userId))).versionstamp;
}

Deno.test("search version: every writer of what a search is built from moves it", async () => {
  const kv = await openKv(":memory:");
  try {
    const f = await MemberFactory.forKv(kv, "http://127.0.0.1");
    const [a, b] = [await f.create(), await f.create()];
    const moves = async (what: string, userId: string, write: () => Promise<unknown>) => {
      const before = await version(kv, userId);
      await write();
      assert.notEqual(await version(kv, userId), before, `${what} moves the search version`);
    };
    await moves(
      "a record change",
      a.id,
      () => updateUser(kv, a.id, (u) => ({ ...u, language: "fr" })),
    );
    await moves(
      "a filters change",
      a.id,
      () => saveFilters(kv, a.id, { languagePreference: "de" }),
    );
    await moves("a new place", a.id, () =>
      setPrivateLocation(kv, a.id, {
        city: "Lyon",
        country: "France",
        countryCode: "FR",
        continent: "Europe",
        cell: null,
        updatedAt: new Date().toISOString(),
      }));
    // A report (with its two-way block) moves both members' versions.
    await kv.set(keys.mmHistory(a.id, b.id), {
      partnerId: b.id,
      peerId: "b".repeat(21),
      matchId: "m",
      at: Date.now(),
    });
    const bBefore = await version(kv, b.id);
    await moves("a report", a.id, () =>
      fileReport(kv, a.id, {
        reportReason: "harassment",
        additionalDetails: "",
        partnerPeerId: "b".repeat(21),
        blockUser: true,
      }));
    assert.notEqual(await version(kv, b.id), bBefore, "the reported member's version moves too");
    // Purging a's blocks frees b: b's version moves.
    await moves("a purge of the blocks", b.id, () => purgeBlocks(kv, a.id));
    await moves("a deletion", a.id, () => deleteAccount(kv, a.id));
  } finally {
    kv.close();
  }
});
