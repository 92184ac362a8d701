// Locating the member in the browser (lib/client/location.ts): each way it can fail names its
// message (the profile catalog's geo*), which the profile page says in its language.
import assert from "node:assert/strict";
import { locateMe, LocationError } from "../../lib/client/location.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";

type Fail = { code: number };
const ERROR_CODES = { PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 };

/** Runs `fn` with a device whose position is `outcome` (an error code, or coordinates). */
async function withDevice<T>(outcome: Fail | "none" | "here", fn: () => Promise<T>): Promise<T> {
  const geolocation = {
    getCurrentPosition(ok: (p: unknown) => void, fail: (e: unknown) => void) {
      if (outcome === "here") ok({ coords: { latitude: 52.23, longitude: 21.01 } });
      else if (outcome !== "none") fail({ ...ERROR_CODES, code: outcome.code });
    },
  };
  if (outcome !== "none") {
    Object.defineProperty(navigator, "geolocation", { value: geolocation, configurable: true });
  }
  try {
    return await fn();
  } finally {
    delete (navigator as { geolocation?: unknown }).geolocation;
  }
}

async function reason(outcome: Fail | "none" | "here"): Promise<string> {
  const err = await withDevice(outcome, () => locateMe().then(() => null, (e) => e));
  assert.ok(err instanceof LocationError, String(err));
  return err.reason.name;
}

Deno.test("location: each way the device fails names the profile's message", async () => {
  assert.equal(await reason("none"), "profile.geoUnsupported");
  assert.equal(await reason({ code: 1 }), "profile.geoDenied");
  assert.equal(await reason({ code: 2 }), "profile.geoUnavailable");
  assert.equal(await reason({ code: 3 }), "profile.geoTimeout");
  assert.equal(await reason({ code: 9 }), "profile.geoFailed");
});

Deno.test("location: the server's refusal to name the place, or any other, says which", async () => {
  const realFetch = globalThis.fetch;
  try {
    for (const [status, name] of [[422, "profile.geoNoNames"], [500, "profile.geoNamesFailed"]]) {
      globalThis.fetch = () =>
        Promise.resolve(Response.json({ error: "x", message: "x" }, { status: Number(status) }));
      assert.equal(await reason("here"), name);
    }
  } finally {
    globalThis.fetch = realFetch;
  }
  // Said in the page's language (English here, German by the German catalog).
  const denied = new LocationError({ name: "profile.geoDenied" });
  assert.equal(say(denied.reason), "Location permission denied");
  assert.notEqual(sayIn("de", denied.reason), say(denied.reason));
});
