// Face blur between Chromium and Firefox ESR in a window on an Xvfb display of its own, where it has
// WebGL (Mesa's llvmpipe), both cameras showing astronaut.png: each member starts from Discover,
// and once each sender's detector vouches for its frames, what Chromium receives from Firefox
// (composed on Firefox's page, which has no MediaStreamTrackProcessor) and what Firefox receives
// from Chromium has the face blurred in every sampled frame and the background sharp again and
// again (blurCall in helpers/firefox.ts). firefox_blur_test.ts is the same call in headless
// Firefox, which has no WebGL.
import { blurCall } from "../helpers/firefox.ts";
import { ffmpegAvailable } from "../helpers/fake_camera.ts";

Deno.test({
  name: "firefox blur (WebGL): each side receives the other's face blurred, the background sharp",
  sanitizeOps: false,
  sanitizeResources: false,
  ignore: !ffmpegAvailable(),
  fn: () => blurCall({ window: true }),
});
