// Face blur between Chromium and headless Firefox ESR, which has no WebGL here (as a browser on a
// machine without a GPU driver), both cameras showing astronaut.png: each member starts from
// Discover, and once each sender's detector vouches for its frames, what Chromium receives from
// Firefox (composed on Firefox's page, which has no MediaStreamTrackProcessor, the face found by
// a detector that needs no WebGL) and what Firefox receives from Chromium has the face blurred in
// every sampled frame and the background sharp again and again (blurCall in helpers/firefox.ts).
// firefox_blur_webgl_test.ts is the same call with Firefox in a window on Xvfb.
import { blurCall } from "../helpers/firefox.ts";
import { ffmpegAvailable } from "../helpers/fake_camera.ts";

Deno.test({
  name:
    "firefox blur (no WebGL): each side receives the other's face blurred, the background sharp",
  sanitizeOps: false,
  sanitizeResources: false,
  ignore: !ffmpegAvailable(),
  fn: () => blurCall({ window: false }),
});
