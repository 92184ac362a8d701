// What a member's camera may send (lib/shared/constants.ts MEDIA_PROFILES) and the sender encoding that
// keeps a track within it (lib/client/peer.ts encodingFor): bitrate and frame rate capped, a
// larger picture scaled down by its larger ratio, a smaller one never scaled up.
import assert from "node:assert/strict";
import { HD_TIERS, MEDIA_PROFILES, mediaProfileFor, TIERS } from "../../lib/shared/constants.ts";
import { encodingFor } from "../../lib/client/peer.ts";

Deno.test("media profiles: SD 640x480 at 600 kbps, HD 1280x720 at 2.5 Mbps; HD on plus and vip", () => {
  assert.deepEqual(mediaProfileFor(false), MEDIA_PROFILES.sd);
  assert.deepEqual(mediaProfileFor(true), MEDIA_PROFILES.hd);
  assert.deepEqual([...HD_TIERS].sort(), ["plus", "vip"]);
  // The plan cards promise HD exactly where it is sent.
  for (const [key, tier] of Object.entries(TIERS)) {
    const promised = tier.features.includes("HD video quality");
    assert.equal(promised, HD_TIERS.includes(key as keyof typeof TIERS), key);
  }
});

Deno.test("encodingFor: caps bitrate and frame rate, scales a larger picture down, never up", () => {
  const sd = MEDIA_PROFILES.sd;
  assert.deepEqual(encodingFor(sd, { width: 1280, height: 720 }), {
    maxBitrate: 600_000,
    maxFramerate: 30,
    scaleResolutionDownBy: 2,
  });
  // Portrait 720x1280 into 640x480: the height decides (1280 / 480).
  assert.equal(encodingFor(sd, { width: 720, height: 1280 }).scaleResolutionDownBy, 1280 / 480);
  assert.equal(encodingFor(sd, { width: 320, height: 240 }).scaleResolutionDownBy, 1);
  assert.equal(encodingFor(sd, {}).scaleResolutionDownBy, 1, "unknown size: no scaling");
  const hd = encodingFor(MEDIA_PROFILES.hd, { width: 1280, height: 720 });
  assert.deepEqual(hd, { maxBitrate: 2_500_000, maxFramerate: 30, scaleResolutionDownBy: 1 });
});
