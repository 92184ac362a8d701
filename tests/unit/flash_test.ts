// The toast cookie is signed: what the server sealed opens; anything changed, forged, signed with
// another key or expired opens to nothing.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createHmac } from "node:crypto";
import { flashKey, openFlash, sealFlash } from "../../lib/server/http/flash.ts";
import { said } from "../../lib/shared/i18n/said.ts";

const key = flashKey(new TextEncoder().encode("a-session-secret-of-32-characters!"));
const flash = {
  kind: "success" as const,
  title: said("auth.loggedOut"),
  description: said("admin.bannedDescription", { username: "ana" }),
};

Deno.test("flash: a sealed flash opens to itself within its minute", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  const raw = sealFlash(key, flash, now);
  assert.deepEqual(openFlash(key, raw, now), flash);
  assert.deepEqual(openFlash(key, raw, now + 59_000), flash);
  assert.equal(openFlash(key, raw, now + 60_000), null, "expired");
});

Deno.test("flash: a flash of named messages opens to the same messages", () => {
  const named = {
    kind: "success" as const,
    title: said("profile.filtersSaved"),
    description: said("profile.filtersSavedDescription"),
  };
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.deepEqual(openFlash(key, sealFlash(key, named, now), now), named);
  const titled = { kind: "info" as const, title: said("texts.noMatchTitle") };
  assert.deepEqual(openFlash(key, sealFlash(key, titled, now), now), {
    ...titled,
    description: undefined,
  });
});

Deno.test("flash: forged, tampered or foreign cookies show nothing", () => {
  const raw = sealFlash(key, flash);
  const [payload, mac] = raw.split(".");
  const changed = Buffer.from(
    Buffer.from(payload, "base64url").toString("utf8").replace(
      "auth.loggedOut",
      "auth.loginFailed",
    ),
  ).toString("base64url");
  const unsigned = btoa(JSON.stringify({ kind: "info", title: "Your account is locked" }));
  const otherKey = flashKey(new TextEncoder().encode("another-secret-another-secret-xx"));
  const flipped = mac.slice(0, -2) + (mac.at(-2) === "A" ? "B" : "A") + mac.at(-1);
  for (
    const [name, value] of [
      ["the payload changed, the mac kept", `${changed}.${mac}`],
      ["a character of the mac changed", `${payload}.${flipped}`],
      ["the mac cut short", `${payload}.${mac.slice(0, 10)}`],
      ["no mac", payload],
      ["an empty mac", `${payload}.`],
      ["an unsigned flash (the old format)", unsigned],
      ["signed with another key", sealFlash(otherKey, flash)],
      ["garbage", "%%%.@@@"],
      ["empty", ""],
    ] as const
  ) {
    assert.equal(openFlash(key, value), null, name);
  }
  // Signed by hand the same way, a payload naming a message opens; one that is not a toast, or
  // whose title is a text instead of a message, still does not.
  const signed = (flash: unknown) => {
    const made = Buffer.from(JSON.stringify({ flash, exp: Date.now() + 1e4 })).toString(
      "base64url",
    );
    return `${made}.${createHmac("sha256", key).update(made).digest("base64url")}`;
  };
  assert.deepEqual(
    openFlash(key, signed({ kind: "info", title: { name: "texts.noMatchTitle" } }))?.title,
    { name: "texts.noMatchTitle" },
  );
  assert.equal(openFlash(key, signed({ kind: "info", title: "Your account is locked" })), null);
  const odd = Buffer.from(
    JSON.stringify({ flash: { kind: "evil", title: 1 }, exp: Date.now() + 1e4 }),
  )
    .toString("base64url");
  const oddMac = createHmac("sha256", key).update(odd).digest("base64url");
  assert.equal(openFlash(key, `${odd}.${oddMac}`), null);
});
