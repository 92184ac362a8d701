// The toast cookie: Secure in production, signed everywhere. A page shows the toast the server
// set; a forged or tampered cookie shows nothing and is cleared.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { type TestServer, withServer } from "../helpers/server.ts";
import { withProductionServer } from "../helpers/production.ts";
import { cookieAttributes, FLASH_COOKIE } from "../helpers/accounts.ts";

/** The flash cookie a `?notice=no-match` sets: its value and attributes. */
async function noticeCookie(server: TestServer) {
  const res = await fetch(server.url + "/auth?notice=no-match", { redirect: "manual" });
  await res.body?.cancel();
  assert.equal(res.status, 303);
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${FLASH_COOKIE}=`));
  assert.ok(line, "the notice is carried in the flash cookie");
  const value = decodeURIComponent(line.slice(FLASH_COOKIE.length + 1).split(";")[0]);
  return { value, attributes: cookieAttributes(line) };
}

/** The /auth page opened with `value` as the flash cookie: its toasts and whether it cleared it. */
async function openWith(server: TestServer, value: string) {
  const res = await fetch(server.url + "/auth", {
    headers: { cookie: `${FLASH_COOKIE}=${encodeURIComponent(value)}` },
  });
  const html = await res.text();
  const cleared = res.headers.getSetCookie().some((l) =>
    l.startsWith(`${FLASH_COOKIE}=;`) && /max-age=0/i.test(l)
  );
  return { toasts: [...html.matchAll(/class="toast toast-/g)].length, html, cleared };
}

async function assertSignedAndChecked(server: TestServer) {
  const { value } = await noticeCookie(server);
  const real = await openWith(server, value);
  assert.equal(real.toasts, 1, "the server's own flash is shown");
  assert.match(real.html, /No matches found/);
  assert.ok(real.cleared, "and cleared once shown");

  const [payload, mac] = value.split(".");
  const json = Buffer.from(payload, "base64url").toString("utf8");
  // The cookie names the message; a forger swaps in another one the site has.
  assert.match(json, /"texts\.noMatchTitle"/);
  const swapped = Buffer.from(json.replace("texts.noMatchTitle", "texts.socketCrossSite"))
    .toString("base64url");
  const forgedOldFormat = btoa(
    JSON.stringify({ kind: "failure", title: "Your account is locked" }),
  );
  for (
    const [name, forged] of [
      ["the text changed, the mac kept", `${swapped}.${mac}`],
      ["the mac removed", swapped],
      ["an unsigned flash", forgedOldFormat],
      ["a made-up mac", `${swapped}.${"A".repeat(43)}`],
    ]
  ) {
    const shown = await openWith(server, forged);
    assert.equal(shown.toasts, 0, `${name}: a toast was shown`);
    assert.ok(!shown.html.includes("Your account is locked"), name);
    assert.ok(!shown.html.includes("Cross-site sockets are not allowed."), name);
    assert.ok(shown.cleared, `${name}: the cookie is cleared`);
  }
}

Deno.test("flash: signed in development, a forged or tampered flash shows nothing", async () => {
  await withServer(async (server) => {
    const { attributes } = await noticeCookie(server);
    assert.ok(attributes.has("httponly"));
    assert.equal(attributes.get("samesite"), "Lax");
    assert.equal(attributes.get("max-age"), "60");
    assert.ok(!attributes.has("secure"), "plain http in development");
    await assertSignedAndChecked(server);
  });
});

Deno.test("flash: Secure and signed in production", async () => {
  await withProductionServer(async (server) => {
    const { attributes } = await noticeCookie(server);
    assert.ok(attributes.has("secure"), "Secure in production");
    assert.ok(attributes.has("httponly"));
    assert.equal(attributes.get("samesite"), "Lax");
    await assertSignedAndChecked(server);
  });
});
