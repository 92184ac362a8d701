// The live call's reducer on its own: events in, state out; no socket, timer, storage or DOM.
import { MEDIA_PROFILES } from "../../lib/shared/constants.ts";
import assert from "node:assert/strict";
import {
  type CallEvent,
  callReducer,
  type CallState,
  canReact,
  connectionStatus,
  EMOJI,
  initialCallState,
  type KeptMatch,
  linkFailed,
  type MatchedPhase,
  type Refusal,
  rtcConfigOf,
} from "../../lib/client/call_state.ts";
import { refusalMessage, refusalTitleKey } from "../../lib/client/refusals.ts";
import type { Outbound } from "../../lib/shared/realtime/protocol.ts";
import { english } from "../helpers/english.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

/** A refusal's title as an English page shows it. */
const refusalTitle = (r: Refusal) => english(`live.${refusalTitleKey(r)}`);

const PEER = "AAAAAAAAAAAAAAAAAAAAA";
const PARTNER = "BBBBBBBBBBBBBBBBBBBBB";
const [HEART, THUMBS] = EMOJI;

/** Runs events from `from` (the initial state by default), checking each step is pure. */
function run(events: CallEvent[], from: CallState = initialCallState): CallState {
  return events.reduce((s, e) => {
    const before = JSON.stringify(s);
    const next = callReducer(s, e);
    assert.equal(JSON.stringify(s), before, `${e.type} changed the state it was given`);
    return next;
  }, from);
}

const server = (msg: Exclude<Outbound, { type: "match_found" }>, at = 0): CallEvent => ({
  type: "server",
  msg,
  at,
});

type MatchFound = Extract<Outbound, { type: "match_found" }>;
const matchFound = (over: Partial<MatchFound> = {}): MatchFound => ({
  type: "match_found",
  matchId: "m1",
  peerId: PARTNER,
  hashtag: "#travel",
  location: "Lisbon, Portugal",
  role: "offerer",
  iceServers: [{ urls: "stun:stun.example:3478" }],
  iceTransportPolicy: "all",
  endsAt: 31_000,
  partnerConnected: true,
  media: MEDIA_PROFILES.sd,
  ...over,
});

const matched = (
  at: number,
  over: Partial<MatchFound> = {},
  extra: { keepLink?: boolean; kept?: KeptMatch | null } = {},
): CallEvent => ({
  type: "matched",
  msg: matchFound(over),
  at,
  keepLink: extra.keepLink ?? false,
  kept: extra.kept ?? null,
});

const registered = (resumed?: boolean): CallEvent =>
  server({ type: "registered", userId: "u1", peerId: PEER, ...(resumed ? { resumed } : {}) });

/** Registered on an open socket. */
const READY = run([{ type: "socket_open" }, registered()]);
/** In a match whose link has connected at t = 1000. */
const LIVE = run([
  { type: "search" },
  matched(500),
  { type: "link_new" },
  { type: "link_state", state: "connected", at: 1000 },
], READY);

const phaseOf = (s: CallState) => s.phase;
const matchedOf = (s: CallState): MatchedPhase => {
  assert.equal(s.phase.name, "matched");
  return s.phase as MatchedPhase;
};

Deno.test("call state: the status is disconnected until the server responds to the register", () => {
  assert.equal(connectionStatus(initialCallState), "disconnected");
  const open = run([{ type: "socket_open" }]);
  assert.equal(connectionStatus(open), "disconnected");
  assert.equal(open.registered, false);
  assert.equal(connectionStatus(READY), "ready");
  assert.equal(READY.registered, true);
  assert.equal(READY.peerId, PEER);
  const closed = run([{ type: "socket_closed" }], READY);
  assert.equal(connectionStatus(closed), "disconnected");
  assert.equal(closed.registered, true, "registered once stays true");
});

Deno.test("call state: a search on a closed socket is refused with the offline text", () => {
  const s = run([{ type: "search" }]);
  assert.deepEqual(phaseOf(s), {
    name: "refused",
    refusal: { kind: "error", code: "offline" },
  });
  const refusal = { kind: "error", code: "offline" } as const;
  assert.equal(refusalMessage(refusal), "Connection to server not established");
  assert.equal(refusalTitle(refusal), "Connection Error");
});

Deno.test("call state: a search is connecting; a server error refuses it with the code's text", () => {
  const searching = run([{ type: "search" }], READY);
  assert.equal(searching.phase.name, "searching");
  assert.equal(connectionStatus(searching), "connecting");
  const refused = run([
    server({ type: "error", code: "location_required", message: "ignored" }),
  ], searching);
  assert.deepEqual(refused.phase, {
    name: "refused",
    refusal: { kind: "error", code: "location_required" },
  });
  assert.equal(connectionStatus(refused), "ready");
  if (refused.phase.name !== "refused") throw new Error("not refused");
  // The text comes from the code, never from the message the server sent beside it.
  assert.equal(refusalMessage(refused.phase.refusal), "Location Required");
  assert.equal(refusalTitle(refused.phase.refusal), "Connection Error");
});

Deno.test("call state: an unverified address refuses the search with its own kind, text and title", () => {
  const searching = run([{ type: "search" }], READY);
  const e = server({ type: "error", code: "email_unverified", message: "ignored" });
  const refused = callReducer(searching, e);
  assert.deepEqual(refused.phase, { name: "refused", refusal: { kind: "email_unverified" } });
  assert.equal(connectionStatus(refused), "ready", "the socket stays open");
  if (refused.phase.name !== "refused") throw new Error("not refused");
  assert.equal(
    refusalMessage(refused.phase.refusal),
    "Please verify your email address before starting a live session. We sent you a link when you registered.",
  );
  assert.equal(refusalMessage(refused.phase.refusal), rtEnglish("email_unverified"));
  assert.equal(refusalTitle(refused.phase.refusal), "Verify your email to go live");
  // Outside a search (a late response) it changes nothing.
  assert.equal(callReducer(READY, e), READY);
  assert.equal(callReducer(LIVE, e), LIVE);
});

Deno.test("call state: an error outside a search changes nothing", () => {
  const e = server({ type: "error", code: "not_in_match", message: rtEnglish("not_in_match") });
  assert.equal(callReducer(READY, e), READY);
  assert.equal(callReducer(LIVE, e), LIVE);
});

Deno.test("call state: signed out, or replaced by a newer tab, ends any phase with its text", () => {
  for (const code of ["not_authenticated", "replaced"] as const) {
    const e = server({ type: "error", code, message: rtEnglish(code) });
    for (const from of [READY, LIVE]) {
      const out = callReducer(from, e);
      assert.deepEqual(out.phase, { name: "refused", refusal: { kind: "error", code } });
      if (out.phase.name !== "refused") throw new Error("not refused");
      assert.equal(refusalMessage(out.phase.refusal), rtEnglish(code));
    }
  }
});

Deno.test("call state: session limit and no match end the search with their own refusals", () => {
  const searching = run([{ type: "search" }], READY);
  const limit = run([server({
    type: "session_limit_reached",
    code: "session_limit",
    message: rtEnglish("session_limit"),
  })], searching);
  assert.deepEqual(limit.phase, { name: "refused", refusal: { kind: "session_limit" } });
  assert.equal(refusalMessage({ kind: "session_limit" }), rtEnglish("session_limit"));
  assert.equal(refusalTitle({ kind: "session_limit" }), "Session Limit Reached");
  // An error carrying the session-limit code is titled the same way.
  assert.equal(refusalTitle({ kind: "error", code: "session_limit" }), "Session Limit Reached");

  const none = run([server({ type: "no_match_found", code: "no_match", message: "x" })], searching);
  assert.deepEqual(none.phase, { name: "refused", refusal: { kind: "no_match" } });
  assert.equal(refusalMessage({ kind: "no_match" }), rtEnglish("no_match"));
  // A second no-match is a new refusal (the screen reacts to each one).
  const again = run([
    { type: "search" },
    server({ type: "no_match_found", code: "no_match", message: "x" }),
  ], none);
  assert.notEqual(again.phase, none.phase);
});

Deno.test("call state: a code this page does not know shows the generic failure", () => {
  const code = "brand_new_code" as unknown as "failed";
  assert.equal(refusalMessage({ kind: "error", code }), rtEnglish("failed"));
});

Deno.test("call state: a socket drop ends a search (the server forgets it) but not a match", () => {
  const searching = run([{ type: "search" }], READY);
  const dropped = run([{ type: "socket_closed" }], searching);
  assert.equal(dropped.phase.name, "idle");
  assert.equal(connectionStatus(dropped), "disconnected");
  // A refusal for the forgotten search no longer applies.
  const late = server({ type: "error", code: "failed", message: rtEnglish("failed") });
  assert.equal(callReducer(dropped, late).phase.name, "idle");

  const liveDropped = run([{ type: "socket_closed" }], LIVE);
  assert.equal(liveDropped.phase, LIVE.phase, "the match and its link are untouched");
  assert.equal(connectionStatus(liveDropped), "connected");
  assert.equal(canReact(liveDropped), false, "no reactions without the socket");
});

Deno.test("call state: match_found takes the partner, with defaults for missing fields", () => {
  const s = run([matched(500, { hashtag: "", location: "", role: "answerer" })], READY);
  const p = matchedOf(s);
  assert.deepEqual(p.partner, {
    peerId: PARTNER,
    hashtag: "#exploring",
    location: "Unknown Location",
    role: "answerer",
    matchId: "m1",
    endsAt: 31_000,
    language: null,
  });
  // The partner's language, when the server names it.
  const ja = matchedOf(run([matched(500, { partnerLanguage: "ja" })], READY));
  assert.equal(ja.partner.language, "ja");
  assert.deepEqual(p.iceServers, [{ urls: "stun:stun.example:3478" }]);
  assert.equal(p.startedAt, 500);
  assert.equal(p.connectedAt, null);
  assert.deepEqual(p.reactions, Object.fromEntries(EMOJI.map((e) => [e, 0])));
  assert.equal(connectionStatus(s), "connecting");
});

Deno.test("call state: the peer link uses the server's ICE servers and transport policy", () => {
  const turn = { urls: "turn:turn.example:3478", username: "1:u", credential: "c" };
  const relay = matchedOf(
    run([matched(500, { iceServers: [turn], iceTransportPolicy: "relay" })], READY),
  );
  assert.deepEqual(rtcConfigOf(relay), { iceServers: [turn], iceTransportPolicy: "relay" });
  // A server that says nothing (an older deployment) or something unknown: the browser's default.
  const { iceTransportPolicy: _, ...older } = matchFound();
  const unsaid = matchedOf(run([{
    type: "matched",
    msg: older as MatchFound,
    at: 1,
    keepLink: false,
    kept: null,
  }], READY));
  assert.equal(rtcConfigOf(unsaid).iceTransportPolicy, "all");
  const odd = matchedOf(
    run([matched(1, { iceTransportPolicy: "none" as unknown as "all" })], READY),
  );
  assert.equal(rtcConfigOf(odd).iceTransportPolicy, "all");
});

Deno.test("call state: the link connects once (the timer starts), drops and comes back", () => {
  const live = matchedOf(LIVE);
  assert.equal(connectionStatus(LIVE), "connected");
  assert.equal(live.connectedAt, 1000);
  assert.equal(live.link.encrypted, true);
  assert.equal(live.link.fingerprint, null, "the safety code comes after the connection");
  const secured = run([{ type: "link_secured", fingerprint: "0123456789ABCDEF" }], LIVE);
  assert.equal(matchedOf(secured).link.fingerprint, "0123456789ABCDEF");

  const down = run([{ type: "link_state", state: "disconnected", at: 2000 }], secured);
  assert.equal(connectionStatus(down), "disconnected");
  assert.equal(matchedOf(down).link.encrypted, false);
  const back = run([{ type: "link_state", state: "connected", at: 3000 }], down);
  assert.equal(connectionStatus(back), "connected");
  assert.equal(matchedOf(back).connectedAt, 1000, "the timer keeps its start");
  // States between (new, connecting) change nothing.
  assert.equal(callReducer(back, { type: "link_state", state: "connecting", at: 4000 }), back);
});

Deno.test("call state: a new link clears the partner's video and code but keeps the status", () => {
  const stream = { id: "remote" } as unknown as MediaStream;
  const s = run([
    { type: "remote_stream", stream },
    { type: "remote_facing", pov: false },
    { type: "link_secured", fingerprint: "0123456789ABCDEF" },
    { type: "link_signalled" },
    { type: "remote_frame" },
    { type: "remote_media", audio: false, video: true },
  ], LIVE);
  assert.equal(matchedOf(s).link.remoteStream, stream);
  assert.equal(matchedOf(s).link.remotePov, false);
  const rebuilt = matchedOf(run([{ type: "link_new" }], s)).link;
  // The live view stays up through a rebuild, and the partner's switches stand until they say.
  assert.deepEqual(rebuilt, {
    status: "connected",
    encrypted: false,
    fingerprint: null,
    remoteStream: null,
    remotePov: null,
    signalled: true,
    remoteFrame: true,
    partnerAudio: false,
    partnerVideo: true,
    partnerAway: false,
  });
});

Deno.test("call state: milestones and the partner's switches belong to the match", () => {
  const fresh = matchedOf(run([{ type: "search" }, matched(500)], READY)).link;
  assert.deepEqual(
    [fresh.signalled, fresh.remoteFrame, fresh.partnerAudio, fresh.partnerVideo],
    [false, false, true, true],
  );
  const s = run([
    { type: "link_signalled" },
    { type: "remote_media", audio: true, video: false },
    { type: "remote_frame" },
  ], run([{ type: "search" }, matched(500)], READY));
  const l = matchedOf(s).link;
  assert.deepEqual([l.signalled, l.remoteFrame, l.partnerVideo], [true, true, false]);
  // Said again (the tile's 'playing' after 'loadeddata', the same switches): the same state, so
  // nothing re-renders and the stored match is not written again.
  for (
    const e of [
      { type: "link_signalled" },
      { type: "remote_frame" },
      { type: "remote_media", audio: true, video: false },
    ] satisfies CallEvent[]
  ) {
    assert.equal(callReducer(s, e), s, e.type);
  }
  // The next partner starts again from 'Match Found!'.
  const next = run([
    { type: "end", reason: "user_skipped", at: 5000 },
    { type: "search" },
    matched(6000, { matchId: "m2" }),
  ], s);
  const n = matchedOf(next).link;
  assert.deepEqual([n.signalled, n.remoteFrame, n.partnerVideo], [false, false, true]);
});

Deno.test("call state: link events outside a match change nothing", () => {
  for (
    const e of [
      { type: "link_new" },
      { type: "link_state", state: "connected", at: 1 },
      { type: "remote_facing", pov: true },
      { type: "link_signalled" },
      { type: "remote_frame" },
      { type: "remote_media", audio: false, video: false },
      { type: "react", emoji: HEART },
    ] satisfies CallEvent[]
  ) {
    assert.equal(callReducer(READY, e), READY, e.type);
  }
});

Deno.test("call state: reactions count while connected; only the five known emoji", () => {
  const s = run([
    { type: "react", emoji: HEART },
    server({ type: "reaction", emoji: HEART }),
    server({ type: "reaction", emoji: THUMBS }),
    server({ type: "reaction", emoji: "💩" }),
  ], LIVE);
  const p = matchedOf(s);
  assert.equal(p.reactions[HEART], 2);
  assert.equal(p.reactions[THUMBS], 1);
  assert.equal(p.reactions["💩"], undefined);
  assert.deepEqual(s.flying, [
    { id: 1, emoji: HEART, from: "me" },
    { id: 2, emoji: HEART, from: "partner" },
    { id: 3, emoji: THUMBS, from: "partner" },
  ]);
  assert.equal(s.flySeq, 3);
  const landed = run([{ type: "fly_done", id: 2 }], s);
  assert.deepEqual(landed.flying.map((f) => f.id), [1, 3]);

  // Not yet connected: the member's own reaction is neither sent nor counted.
  const connecting = run([{ type: "search" }, matched(500)], READY);
  assert.equal(canReact(connecting), false);
  assert.equal(callReducer(connecting, { type: "react", emoji: HEART }), connecting);
});

Deno.test("call state: the partner ending makes the summary; the timer counts from the link", () => {
  const s = run([
    server({ type: "reaction", emoji: HEART }),
    server({ type: "session_ended", reason: "timeout" }, 31_400),
  ], LIVE);
  assert.deepEqual(s.phase, {
    name: "ended",
    reason: "timeout",
    byMe: false,
    connectedAt: 1000,
    summary: {
      duration: 30,
      connected: true,
      location: "Lisbon, Portugal",
      hashtag: "#travel",
      reactions: { ...matchedOf(LIVE).reactions, [HEART]: 1 },
      reason: "timeout",
      byMe: false,
    },
  });
  assert.equal(connectionStatus(s), "ready");
});

Deno.test("call state: ending by this member; a link that never connected counts 0 s", () => {
  const connecting = run([{ type: "search" }, matched(500)], READY);
  const s = run([{ type: "end", reason: "user_ended", at: 9000 }], connecting);
  if (s.phase.name !== "ended") throw new Error("not ended");
  assert.equal(s.phase.byMe, true);
  assert.equal(s.phase.reason, "user_ended");
  assert.equal(s.phase.summary.duration, 0, "no session happened: no time claimed");
  assert.equal(s.phase.summary.connected, false);
  assert.equal(s.phase.summary.byMe, true);
  // Outside a match, an end changes nothing (the socket message still goes out).
  assert.equal(callReducer(READY, { type: "end", reason: "user_ended", at: 1 }), READY);
  const ended = server({ type: "session_ended", reason: "partner_left" });
  assert.equal(callReducer(READY, ended), READY);
});

Deno.test("call state: a skip ends the match, then the next search starts", () => {
  const s = run([{ type: "end", reason: "user_skipped", at: 5000 }, { type: "search" }], LIVE);
  assert.equal(s.phase.name, "searching");
  const next = matchedOf(run([matched(6000, { matchId: "m2" })], s));
  assert.equal(next.connectedAt, null, "a new partner: the timer starts again");
  assert.ok(Object.values(next.reactions).every((n) => n === 0), "and the counters");
});

Deno.test("call state: a rejoin whose link still works keeps the link, timer and tally", () => {
  const withReaction = run([server({ type: "reaction", emoji: HEART })], LIVE);
  const s = run([
    { type: "socket_closed" },
    { type: "socket_open" },
    registered(true),
    matched(8000, { resumed: true, endsAt: 32_000 }, { keepLink: true }),
  ], withReaction);
  const p = matchedOf(s);
  const before = matchedOf(withReaction);
  assert.equal(p.link, before.link);
  assert.equal(p.connectedAt, 1000);
  assert.equal(p.startedAt, 500);
  assert.equal(p.reactions[HEART], 1);
  assert.equal(p.partner.endsAt, 32_000);
  assert.equal(connectionStatus(s), "connected");
});

Deno.test("call state: the match's end is counted on the page's clock from what is left", () => {
  // The server's clock (endsAt) is far from this page's; endsIn is what is left, from arrival.
  const s = run([{ type: "search" }, matched(8000, { endsAt: 999_000, endsIn: 30_000 })], READY);
  assert.equal(matchedOf(s).partner.endsAt, 38_000);
});

Deno.test("call state: a rejoin without a working link starts a new link, keeping the timer", () => {
  const s = run([matched(8000, { resumed: true })], LIVE);
  const p = matchedOf(s);
  assert.equal(p.link.status, "connecting");
  assert.equal(p.connectedAt, 1000);
  assert.equal(connectionStatus(s), "connecting");
});

Deno.test("call state: a reload rejoins with the stored timer and tally", () => {
  const loaded = run([{ type: "rejoin", peerId: PEER }]);
  assert.equal(loaded.peerId, PEER);
  assert.equal(loaded.resume, "pending");
  const s = run([
    { type: "socket_open" },
    registered(true),
    matched(8000, { resumed: true }, {
      kept: { startedAt: 400, connectedAt: 700, reactions: { [THUMBS]: 2 } },
    }),
  ], loaded);
  assert.equal(s.resume, "none");
  const p = matchedOf(s);
  assert.equal(p.startedAt, 400);
  assert.equal(p.connectedAt, 700);
  assert.equal(p.reactions[THUMBS], 2);
  assert.equal(p.reactions[HEART], 0);
});

Deno.test("call state: a reload the server does not resume fails once, and only then", () => {
  const failed = run([{ type: "rejoin", peerId: PEER }, { type: "socket_open" }, registered()]);
  assert.equal(failed.resume, "failed");
  // A page that rejoined fine does not fail on a later register (a socket drop after the call).
  const rejoined = run([
    { type: "rejoin", peerId: PEER },
    { type: "socket_open" },
    registered(true),
    { type: "socket_closed" },
    { type: "socket_open" },
    registered(),
  ]);
  assert.equal(rejoined.resume, "none");
});

Deno.test("call state: the camera's stream, or its error text", () => {
  const stream = { id: "camera" } as unknown as MediaStream;
  const failed = run([{ type: "camera_failed", text: "No camera found" }]);
  assert.deepEqual(failed.camera, { stream: null, blurred: false, error: "No camera found" });
  const ok = run([{ type: "camera_ready", stream, blurred: true }], failed);
  assert.deepEqual(ok.camera, { stream, blurred: true, error: null });
});

Deno.test("call state: reset leaves a search, a match or a refusal for idle", () => {
  for (const s of [run([{ type: "search" }], READY), LIVE, run([{ type: "search" }])]) {
    assert.equal(run([{ type: "reset" }], s).phase.name, "idle");
  }
});

Deno.test("call state: a link that fails before it ever connected is a failed connection", () => {
  const found = run([matched(500)], READY);
  assert.equal(linkFailed(found), false, "still connecting");
  const failed = run([{ type: "link_state", state: "failed", at: 900 }], found);
  assert.equal(linkFailed(failed), true);
  assert.equal(connectionStatus(failed), "disconnected");
  // A link that connected and then dropped is not "failed to create" (it may come back).
  const dropped = run([
    { type: "link_state", state: "connected", at: 900 },
    { type: "link_state", state: "failed", at: 1900 },
  ], found);
  assert.equal(linkFailed(dropped), false);
  // A new link for the match (the partner is back) starts connecting again.
  assert.equal(linkFailed(run([{ type: "link_new" }], failed)), false);
  assert.equal(linkFailed(READY), false);
});
