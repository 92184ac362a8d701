// Stepping away: when a member's page says they are away (hidden, and its video not getting
// through), how the partner's page reads it off the data channel, and what the call's state keeps.
import assert from "node:assert/strict";
import { AWAY_BELOW_FPS, isAway } from "../../lib/client/away.ts";
import { readMeta } from "../../lib/client/peer.ts";
import {
  type CallEvent,
  callReducer,
  type CallState,
  initialCallState,
  type MatchedPhase,
} from "../../lib/client/call_state.ts";
import { MEDIA_PROFILES } from "../../lib/shared/constants.ts";

Deno.test("data channel: 'away' is read as a flag of its own; anything else is ignored", () => {
  assert.deepEqual(readMeta('{"away":true}'), { away: true });
  assert.deepEqual(readMeta('{"away":false}'), { away: false });
  assert.deepEqual(readMeta('{"away":"yes"}'), {});
  assert.deepEqual(readMeta('{"away":1}'), {});
  // The switches and the facing read as before beside it.
  assert.deepEqual(readMeta('{"audio":true,"video":false,"away":true}'), {
    media: { audio: true, video: false },
    away: true,
  });
  assert.deepEqual(readMeta('{"pov":true}'), { pov: true });
});

Deno.test("away: only a hidden page whose camera stopped or whose video crawls", () => {
  const live = { cameraLive: true };
  // Shown: never away, whatever it sends.
  assert.equal(isAway({ hidden: false, fps: 0, ...live }), false);
  assert.equal(isAway({ hidden: false, fps: null, cameraLive: false }), false);
  // Hidden: away once a measure finds fewer frames than a watchable picture needs...
  assert.equal(isAway({ hidden: true, fps: null, ...live }), false, "not before a first measure");
  assert.equal(isAway({ hidden: true, fps: 1, ...live }), true, "about once a second");
  assert.equal(isAway({ hidden: true, fps: AWAY_BELOW_FPS - 0.1, ...live }), true);
  assert.equal(isAway({ hidden: true, fps: AWAY_BELOW_FPS, ...live }), false);
  assert.equal(isAway({ hidden: true, fps: 28, ...live }), false, "a hidden page still sending");
  // ...or at once when the browser stopped the camera (a muted or ended track).
  assert.equal(isAway({ hidden: true, fps: null, cameraLive: false }), true);
  assert.equal(isAway({ hidden: true, fps: 30, cameraLive: false }), true);
});

type MatchFound = Extract<CallEvent, { type: "matched" }>["msg"];
const MATCH: MatchFound = {
  type: "match_found",
  matchId: "m1",
  peerId: "BBBBBBBBBBBBBBBBBBBBB",
  hashtag: "#travel",
  location: "Lisbon, Portugal",
  role: "offerer",
  iceServers: [],
  iceTransportPolicy: "all",
  endsAt: 31_000,
  partnerConnected: true,
  media: MEDIA_PROFILES.sd,
};

const run = (events: CallEvent[], from: CallState) => events.reduce(callReducer, from);
const linkOf = (s: CallState) => {
  assert.equal(s.phase.name, "matched");
  return (s.phase as MatchedPhase).link;
};

const LIVE = run([
  { type: "socket_open" },
  { type: "search" },
  { type: "matched", msg: MATCH, at: 500, keepLink: false, kept: null },
  { type: "link_new" },
  { type: "link_state", state: "connected", at: 1000 },
], initialCallState);

Deno.test("call state: the partner steps away and comes back; a rebuilt link keeps it", () => {
  assert.equal(linkOf(LIVE).partnerAway, false, "present until their device says otherwise");
  const away = callReducer(LIVE, { type: "remote_away", away: true });
  assert.equal(linkOf(away).partnerAway, true);
  // Said again: the same state (nothing re-renders).
  assert.equal(callReducer(away, { type: "remote_away", away: true }), away);
  // The switches are their own: stepping away does not turn the camera 'off'.
  assert.equal(linkOf(away).partnerVideo, true);
  assert.equal(linkOf(run([{ type: "link_new" }], away)).partnerAway, true);
  const back = callReducer(away, { type: "remote_away", away: false });
  assert.equal(linkOf(back).partnerAway, false);
  // The next partner starts present.
  const next = run([
    { type: "end", reason: "user_skipped", at: 5000 },
    { type: "search" },
    { type: "matched", msg: { ...MATCH, matchId: "m2" }, at: 6000, keepLink: false, kept: null },
  ], away);
  assert.equal(linkOf(next).partnerAway, false);
  // Outside a match it changes nothing.
  const idle = run([{ type: "reset" }], away);
  assert.equal(callReducer(idle, { type: "remote_away", away: true }), idle);
});
