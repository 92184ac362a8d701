// Face detection runs where the browser lets it: Chromium's detector worker runs MediaPipe, and
// headless Firefox's (no WebGL, where MediaPipe loads but throws on every frame) runs the CPU
// detector on tfjs's WebAssembly backend instead. Either way the worker says which, finds the
// astronaut's face (covering it, and not much more) and no face on the cat, without an error.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { FACE_RECT } from "../helpers/fake_camera.ts";
import {
  detectInChromium,
  detectInFirefox,
  fixturePngs,
  type PageArg,
  type PageResult,
} from "../helpers/face_detector_page.ts";

function expectFaces(result: PageResult, backend: string) {
  assert.ok(result.ok, `the detector is ready: ${!result.ok && result.error}`);
  assert.equal(result.backend, backend);
  const { astronaut, chelsea } = result.images;
  assert.deepEqual([...astronaut.errors, ...chelsea.errors], [], "no detection failed");
  assert.equal(astronaut.faces.length, 1, JSON.stringify(astronaut.faces));
  const [box] = astronaut.faces;
  const shown = `${backend}: ${JSON.stringify(box)} for the face at ${JSON.stringify(FACE_RECT)}`;
  // Rounded to whole pixels of the 1280x720 frame, from a 192x108 copy (the compositor's, regions.ts
  // detectSize): a copy's pixel, 7 px, of slack.
  assert.ok(box.x <= FACE_RECT.x + 7 && box.y <= FACE_RECT.y + 7, shown);
  assert.ok(box.x + box.w >= FACE_RECT.x + FACE_RECT.w - 7, shown);
  assert.ok(box.y + box.h >= FACE_RECT.y + FACE_RECT.h - 7, shown);
  assert.ok(box.w * box.h < 3 * FACE_RECT.w * FACE_RECT.h, `tight: ${shown}`);
  assert.deepEqual(chelsea.faces, [], "no face on the cat");
  console.log(`  ${shown}`);
}

Deno.test({
  name: "face detection: MediaPipe in Chromium, the CPU detector in headless Firefox (no WebGL)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withServer(async (server) => {
      const arg: PageArg = {
        assets: server.assets.privacy,
        images: await fixturePngs(["astronaut", "chelsea"]),
        frames: 2,
      };
      const url = server.url + "/";
      expectFaces(await detectInChromium(url, arg), "mediapipe");
      expectFaces(await detectInFirefox(url, arg), "wasm");
    });
  },
});
