// The browser's call helpers: the session hook outside its provider throws, the socket's
// reconnect delay, the match-found progress by milestone, the summary's texts, the partner's
// switches over the data channel, and the safety code (and its grouping on the sheet).
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import {
  BADGE_MIN_SECONDS,
  endedKey,
  milestonePct,
  progressKey,
} from "../../lib/client/live_rules.ts";
import { reconnectDelay } from "../../lib/client/socket.ts";
import { readMeta, safetyCode, sdpFingerprint } from "../../lib/client/peer.ts";
import { groupCode } from "../../components/live/SafetyCodeSheet.tsx";
import { english } from "../helpers/english.ts";

/** The progress bar's label and the summary's sentence, as an English page shows them. */
const progressLabel = (pct: number) => english(`live.${progressKey(pct)}`);
const endedText = (...args: Parameters<typeof endedKey>) => english(`live.${endedKey(...args)}`);

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

Deno.test("match-found progress: one step per real milestone, each with its label", () => {
  const at = (signalled: boolean, connected: boolean, frame: boolean) => {
    const pct = milestonePct({ signalled, connected, frame });
    return `${pct} ${progressLabel(pct)}`;
  };
  assert.equal(at(false, false, false), "5 Connecting");
  assert.equal(at(true, false, false), "50 Establishing link");
  assert.equal(at(true, true, false), "90 Finalizing connection");
  assert.equal(at(true, true, true), "100 Finalizing connection");
  // A frame is the last milestone whatever was seen before it (a rebuilt link).
  assert.equal(at(false, false, true), "100 Finalizing connection");
  assert.equal(progressLabel(49), "Connecting");
  assert.equal(progressLabel(89), "Establishing link");
});

Deno.test("summary texts: each ending says who ended it and why", () => {
  assert.match(
    endedText("reported", true),
    /^Report sent\..*not be matched with this person again/,
  );
  assert.equal(endedText("user_skipped", false), "Your partner skipped to someone new.");
  assert.equal(endedText("user_ended", false), "Your partner ended the session.");
  assert.equal(endedText("user_ended", true), "You ended the session.");
  assert.match(endedText("partner_disconnected", false), /^Your partner left/);
  assert.match(endedText("timeout", false), /^Time's up/);
  assert.match(endedText("timeout", true), /^Time's up/);
  assert.match(endedText("timeout", false, true), /^Time's up/);
  // Time ran out on a call that never connected: not "Time's up" for a session that never was.
  assert.equal(
    endedText("timeout", false, false),
    "The call could not connect before the time ran out.",
  );
  assert.equal(endedText("user_ended", true, false), "You ended the session.");
  // The reported member is not told who reported them or why.
  assert.equal(endedText("reported", false), "Your partner ended the session.");
  assert.equal(BADGE_MIN_SECONDS, 10);
});

Deno.test("data channel: the partner's switches and facing are read, anything else ignored", () => {
  assert.deepEqual(readMeta('{"audio":false,"video":true}'), {
    media: { audio: false, video: true },
  });
  assert.deepEqual(readMeta('{"pov":true}'), { pov: true });
  assert.deepEqual(readMeta('{"audio":"no","video":true}'), {});
  assert.deepEqual(readMeta("not json"), {});
  assert.deepEqual(readMeta("null"), {});
  assert.deepEqual(readMeta('{"audio":false}'), {}, "both switches or neither");
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
  assert.match(groupCode(mine!), /^([0-9A-F]{4} ){3}[0-9A-F]{4}$/);
  assert.equal(mine, theirs, "both members see the same code");
  assert.notEqual(await safetyCode(sdp(a), sdp(c)), mine, "another partner, another code");
  assert.equal(await safetyCode("v=0\r\n", sdp(a)), null, "no fingerprint, no code");
});
