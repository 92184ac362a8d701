// The browser check before a call or the camera starts: what is missing, and what the member is
// told to do instead.
import assert from "node:assert/strict";
import { type CallGlobals, missingNeeds } from "../../lib/client/capabilities.ts";
import {
  CALL_NEEDS,
  CAMERA_NEEDS,
  cannotCallLine,
  cannotCallPath,
  cannotCallText,
  parseNeeds,
} from "../../lib/shared/cannot_call.ts";
import { type Said, said } from "../../lib/shared/i18n/said.ts";
import { english } from "../helpers/english.ts";

class Fake {}

/** A current browser on an https page: everything a call needs. */
const browser = (over: Partial<CallGlobals> = {}): CallGlobals => ({
  isSecureContext: true,
  location: { protocol: "https:", hostname: "glimpse.example" },
  navigator: { mediaDevices: { getUserMedia: () => Promise.resolve() } },
  RTCPeerConnection: Fake,
  RTCSessionDescription: Fake,
  RTCIceCandidate: Fake,
  ...over,
});

Deno.test("capabilities: a current browser on https has everything a call needs", () => {
  assert.deepEqual(missingNeeds(browser()), []);
  assert.deepEqual(missingNeeds(browser(), CALL_NEEDS), []);
  assert.deepEqual(missingNeeds(browser(), CAMERA_NEEDS), []);
});

Deno.test("capabilities: no RTCPeerConnection (WebKitGTK, WebRTC switched off) is no call", () => {
  assert.deepEqual(missingNeeds(browser({ RTCPeerConnection: undefined })), ["webrtc"]);
  // The descriptions and candidates the link hands around are WebRTC too.
  assert.deepEqual(missingNeeds(browser({ RTCSessionDescription: undefined })), ["webrtc"]);
  assert.deepEqual(missingNeeds(browser({ RTCIceCandidate: undefined })), ["webrtc"]);
  // A global that is there but is not a constructor does not count.
  assert.deepEqual(missingNeeds(browser({ RTCPeerConnection: {} })), ["webrtc"]);
  // The camera alone does not need WebRTC.
  assert.deepEqual(missingNeeds(browser({ RTCPeerConnection: undefined }), CAMERA_NEEDS), []);
});

Deno.test("capabilities: no getUserMedia is no camera, for a call and for a clip", () => {
  for (const navigator of [{}, { mediaDevices: {} }, { mediaDevices: { getUserMedia: 1 } }]) {
    const g = browser({ navigator });
    assert.deepEqual(missingNeeds(g), ["media"], JSON.stringify(navigator));
    assert.deepEqual(missingNeeds(g, CAMERA_NEEDS), ["media"]);
  }
  // Nothing at all on a secure page: no camera API and no WebRTC.
  assert.deepEqual(missingNeeds({ isSecureContext: true }), ["media", "webrtc"]);
});

Deno.test("capabilities: a page that is not secure is said as such, not as a missing camera", () => {
  // Over plain http on another address, browsers hide navigator.mediaDevices: the fix is https.
  const http = browser({
    isSecureContext: false,
    location: { protocol: "http:", hostname: "192.168.1.20" },
    navigator: {},
  });
  assert.deepEqual(missingNeeds(http), ["secure"]);
  assert.deepEqual(missingNeeds(http, CAMERA_NEEDS), ["secure"]);
  assert.deepEqual(missingNeeds({ ...http, RTCPeerConnection: undefined }), ["secure", "webrtc"]);
});

Deno.test("capabilities: http://localhost and 127.0.0.1 count as secure", () => {
  // The browser says so itself...
  const local = browser({
    isSecureContext: true,
    location: { protocol: "http:", hostname: "127.0.0.1" },
  });
  assert.deepEqual(missingNeeds(local), []);
  // ...and a browser that does not say is judged by the address.
  for (const hostname of ["localhost", "127.0.0.1", "[::1]", "app.localhost"]) {
    const g = browser({ isSecureContext: undefined, location: { protocol: "http:", hostname } });
    assert.deepEqual(missingNeeds(g), [], hostname);
  }
  const remote = browser({
    isSecureContext: undefined,
    location: { protocol: "http:", hostname: "glimpse.example" },
  });
  assert.deepEqual(missingNeeds(remote), ["secure"]);
  assert.deepEqual(
    missingNeeds(browser({ isSecureContext: undefined, location: { protocol: "https:" } })),
    [],
  );
});

Deno.test("capabilities: the screen names what is missing and what to use instead", () => {
  // The screen's texts as an English page says them.
  const en = (message: Said) => english(message.name, message.vars);
  const fix = {
    https: english("live.cc_https"),
    browser: english("live.cc_browser"),
    inApp: english("live.cc_inApp"),
    webrtcOn: english("live.cc_webrtcOn"),
  };
  const noRtc = cannotCallText(["webrtc"]);
  assert.deepEqual(noRtc.title, said("live.cc_titleBrowser"));
  assert.equal(en(noRtc.title), "Can't go live in this browser");
  assert.deepEqual(noRtc.missing.map((m) => en(m.name)), ["Video calling (WebRTC)"]);
  assert.deepEqual(noRtc.fixes.map(en), [fix.browser, fix.inApp, fix.webrtcOn]);
  assert.match(fix.browser, /Chrome, Firefox, Safari or Edge/);
  assert.match(fix.browser, /iPhone or iPad: Safari/);

  // Only the address is wrong: the heading says so, and the one fix is https.
  const http = cannotCallText(["secure"]);
  assert.equal(en(http.title), "Can't go live on this address");
  assert.deepEqual(http.fixes.map(en), [fix.https]);

  // Each fix once, in order, however many needs share it.
  const both = cannotCallText(["media", "webrtc"]);
  assert.deepEqual(both.missing.map((m) => m.need), ["media", "webrtc"]);
  assert.deepEqual(both.fixes.map(en), [fix.browser, fix.inApp, fix.webrtcOn]);

  assert.equal(en(cannotCallText(["media"], "camera").title), "Can't use the camera here");
  assert.equal(
    cannotCallLine(["webrtc"]),
    `Video calling (WebRTC) is missing: ${english("live.cc_webrtcWhy")} ${fix.browser} ` +
      `${fix.inApp} ${fix.webrtcOn}`,
  );
});

Deno.test("capabilities: the screen's address names the needs, and only known ones come back", () => {
  assert.equal(cannotCallPath(["secure", "webrtc"]), "/cannot-go-live?missing=secure,webrtc");
  assert.deepEqual(parseNeeds("webrtc,secure"), ["secure", "webrtc"]);
  assert.deepEqual(parseNeeds("media,nonsense,media"), ["media"]);
  assert.deepEqual(parseNeeds(""), []);
  assert.deepEqual(parseNeeds(undefined), []);
});
