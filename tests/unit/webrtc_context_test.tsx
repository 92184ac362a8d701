// The browser's call helpers: the session hook outside its provider throws, the socket's
// reconnect delay, the searching screen's progress steps, and the safety code.
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import { connectedStep, handshakeStep, progressLabel } from "../../lib/client/live_rules.ts";
import { reconnectDelay } from "../../lib/client/socket.ts";
import { safetyCode, sdpFingerprint } from "../../lib/client/peer.ts";

function UsesSession() {
  const s = useWebRTC();
  return <p>{s.connectionStatus}</p>;
}

Deno.test("useWebRTC outside WebRTCProvider throws", () => {
  assert.throws(
    () => renderToString(<UsesSession />),
    { message: "useWebRTC must be used within a WebRTCProvider" },
  );
});

Deno.test("socket reconnect delay: 1 s × (attempt + 1), at most 10 s", () => {
  assert.deepEqual([0, 1, 2, 8, 9, 20].map(reconnectDelay), [
    1000,
    2000,
    3000,
    9000,
    10000,
    10000,
  ]);
});

Deno.test("searching progress: labels by percentage, faster steps once the link is up", () => {
  assert.equal(progressLabel(49), "Connecting");
  assert.equal(progressLabel(50), "Establishing link");
  assert.equal(progressLabel(89), "Establishing link");
  assert.equal(progressLabel(90), "Finalizing connection");
  // Connected: +10 under 90, then +5, never past 100.
  assert.equal(connectedStep(15), 25);
  assert.equal(connectedStep(85), 95);
  assert.equal(connectedStep(95), 100);
  assert.equal(connectedStep(100), 100);
  // Partner known, not connected: +2 under 30, +1.5 under 60, +1 under 90, +0.5 under 95.
  assert.equal(handshakeStep(5), 7);
  assert.equal(handshakeStep(30), 31.5);
  assert.equal(handshakeStep(60), 61);
  assert.equal(handshakeStep(90), 90.5);
  assert.equal(handshakeStep(95), 95);
});

const sdp = (fp: string) => `v=0\r\na=fingerprint:sha-256 ${fp}\r\n`;

Deno.test("safety code: the same for both sides, 16 uppercase hex, new for other keys", async () => {
  const a = "AB:CD:" + "01:".repeat(29) + "EF";
  const b = "12:34:" + "02:".repeat(29) + "56";
  const c = "99:88:" + "03:".repeat(29) + "77";
  assert.equal(sdpFingerprint(sdp(a)), a.replace(/:/g, ""));
  const mine = await safetyCode(sdp(a), sdp(b));
  const theirs = await safetyCode(sdp(b), sdp(a));
  assert.match(mine!, /^[0-9A-F]{16}$/);
  assert.equal(mine, theirs, "both members see the same code");
  assert.notEqual(await safetyCode(sdp(a), sdp(c)), mine, "another partner, another code");
  assert.equal(await safetyCode("v=0\r\n", sdp(a)), null, "no fingerprint, no code");
});
