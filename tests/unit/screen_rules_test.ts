// The live screen's own rules on their own: events in, state and effects out; no session,
// timer or DOM.
import assert from "node:assert/strict";
import {
  initialScreen,
  LEAVE_AFTER_MS,
  type ScreenEffect,
  type ScreenEvent,
  screenReducer,
  type ScreenState,
  SOCKET_OPEN_LIMIT_MS,
} from "../../lib/client/screen_rules.ts";
import {
  HANDSHAKE_LIMIT_MS,
  NO_FRAME_AFTER_CONNECTED_MS,
  SKIPS_PER_SESSION,
} from "../../lib/client/live_rules.ts";
import { said } from "../../lib/shared/i18n/said.ts";

/** Runs events one after another; the state at the end and every effect, in order. */
function play(state: ScreenState, ...events: ScreenEvent[]) {
  const effects: ScreenEffect[] = [];
  for (const e of events) {
    const [next, out] = screenReducer(state, e);
    state = next;
    effects.push(...out);
  }
  return { state, effects };
}

const FIND_ONLINE: ScreenEffect = { type: "find", whenOnline: true };
const socket = (
  trouble: "failed" | "dropped" | null,
  ready: boolean,
  more: { free?: boolean; found?: boolean } = {},
): ScreenEvent => ({
  type: "socket",
  trouble,
  ready,
  free: more.free ?? true,
  found: more.found ?? false,
});
const partner = (frame: boolean, connected: boolean): ScreenEvent => ({
  type: "partner",
  found: true,
  frame,
  connected,
});

/** /connecting, registered, the search under way. */
function searching(): ScreenState {
  return play(initialScreen(true), { type: "registered" }, { type: "searched", ok: true }).state;
}

Deno.test("screen: /connecting starts hidden; a reload of /live-match starts live", () => {
  assert.deepEqual(initialScreen(true), {
    connecting: true,
    started: false,
    dropped: false,
    skips: 0,
    reporting: false,
    live: false,
  });
  assert.equal(initialScreen(false).live, true);
});

Deno.test("screen: registered starts the camera and the search once, on /connecting only", () => {
  const first = play(initialScreen(true), { type: "registered" });
  assert.deepEqual(first.effects, [{ type: "camera" }, FIND_ONLINE]);
  assert.equal(first.state.started, true);
  // A second registration (a reconnect) starts nothing: the drop rule restarts the search.
  assert.deepEqual(screenReducer(first.state, { type: "registered" })[1], []);
  // A reload of /live-match rejoins its match: no search.
  assert.deepEqual(play(initialScreen(false), { type: "registered" }).effects, []);
});

Deno.test("screen: a first search refused while the socket is down waits for it", () => {
  const { state } = play(initialScreen(true), { type: "registered" }, {
    type: "searched",
    ok: false,
  });
  assert.equal(state.dropped, true);
  // Not ready yet: nothing. Ready (registered again): the search starts, and is under way.
  assert.deepEqual(screenReducer(state, socket("dropped", false))[1], []);
  const back = play(state, socket(null, true));
  assert.deepEqual(back.effects, [FIND_ONLINE]);
  assert.equal(play(back.state, { type: "searched", ok: true }).state.dropped, false);
});

Deno.test("screen: the search restarts once the dropped socket is back", () => {
  const down = play(searching(), socket("dropped", false));
  assert.equal(down.state.dropped, true);
  assert.deepEqual(down.effects, []);
  const up = play(down.state, socket(null, true));
  assert.deepEqual(up.effects, [FIND_ONLINE]);
  // Down again before the search could start: it waits once more.
  const again = play(up.state, { type: "searched", ok: false });
  assert.equal(again.state.dropped, true);
  const done = play(again.state, socket(null, true), { type: "searched", ok: true });
  assert.deepEqual(done.effects, [FIND_ONLINE]);
  assert.equal(done.state.dropped, false);
  // Once under way, a ready socket starts nothing more.
  assert.deepEqual(screenReducer(done.state, socket(null, true))[1], []);
});

Deno.test("screen: a drop restarts no search when there is none to restart", () => {
  // Before the search started, with a partner found, or in the live view: nothing to restart.
  assert.equal(play(initialScreen(true), socket("dropped", false)).state.dropped, false);
  assert.equal(play(searching(), socket("dropped", false, { found: true })).state.dropped, false);
  assert.equal(play(initialScreen(false), socket("dropped", false)).state.dropped, false);
  // A session that ended or was refused meanwhile is not searched again.
  const down = play(searching(), socket("dropped", false)).state;
  assert.deepEqual(screenReducer(down, socket(null, true, { free: false }))[1], []);
  // A socket that failed to open at first is no drop.
  assert.equal(play(searching(), socket("failed", false)).state.dropped, false);
});

Deno.test("screen: a socket that never opens is a connection error, then discover", () => {
  const mounted = play(initialScreen(true), { type: "mounted" });
  assert.deepEqual(mounted.effects, [{ type: "timer", ms: SOCKET_OPEN_LIMIT_MS, of: "open" }]);
  assert.equal(SOCKET_OPEN_LIMIT_MS, 8000);
  assert.deepEqual(play(mounted.state, { type: "timeout", of: "open" }).effects, [
    { type: "toast", title: said("live.connectionError"), description: said("live.offline") },
    { type: "go", path: "/", after: LEAVE_AFTER_MS },
  ]);
  assert.equal(LEAVE_AFTER_MS, 1500);
  // Registered in time: nothing.
  assert.deepEqual(screenReducer(searching(), { type: "timeout", of: "open" })[1], []);
  // A reload of /live-match has no such timer.
  assert.deepEqual(play(initialScreen(false), { type: "mounted" }).effects, []);
});

Deno.test("screen: the live view shows at the partner's first frame", () => {
  const { state, effects } = play(searching(), partner(true, false));
  assert.equal(state.live, true);
  assert.deepEqual(effects, [{ type: "view", live: true }]);
  // Live already: a later frame changes nothing.
  assert.deepEqual(screenReducer(state, partner(true, true)), [state, []]);
  // No partner yet: still searching.
  const none = screenReducer(searching(), {
    type: "partner",
    found: false,
    frame: false,
    connected: false,
  });
  assert.deepEqual(none[1], []);
  assert.equal(none[0].live, false);
});

Deno.test("screen: without a frame the live view shows after a time limit", () => {
  // The handshake has not finished: the longer limit; connected without a frame: the shorter.
  assert.deepEqual(screenReducer(searching(), partner(false, false))[1], [
    { type: "timer", ms: HANDSHAKE_LIMIT_MS, of: "frame" },
  ]);
  assert.deepEqual(screenReducer(searching(), partner(false, true))[1], [
    { type: "timer", ms: NO_FRAME_AFTER_CONNECTED_MS, of: "frame" },
  ]);
  const { state, effects } = play(searching(), partner(false, true), {
    type: "timeout",
    of: "frame",
  });
  assert.equal(state.live, true);
  assert.deepEqual(effects.at(-1), { type: "view", live: true });
});

Deno.test("screen: Next uses one of 3 skips and searches again; the fourth is refused", () => {
  assert.equal(SKIPS_PER_SESSION, 3);
  let state = play(searching(), partner(true, true)).state;
  for (let i = 1; i <= 3; i++) {
    const next = play(state, { type: "next", free: false });
    assert.deepEqual(next.effects, [{ type: "skip" }, { type: "view", live: false }, {
      type: "find",
    }]);
    assert.equal(next.state.skips, i);
    assert.equal(next.state.live, false);
    state = play(next.state, partner(true, true)).state;
  }
  const refused = play(state, { type: "next", free: false });
  assert.deepEqual(refused.effects, [{ type: "toast", title: said("live.noSkips") }]);
  assert.equal(refused.state, state, "no skip used, the live view stays");
});

Deno.test("screen: Next after a link that never connected is free, even with no skips left", () => {
  const one = play(searching(), partner(false, false), { type: "next", free: true });
  assert.equal(one.state.skips, 0);
  assert.deepEqual(one.effects.slice(1), [{ type: "skip" }, { type: "view", live: false }, {
    type: "find",
  }]);
  let state = one.state;
  for (let i = 0; i < SKIPS_PER_SESSION; i++) {
    state = play(state, { type: "next", free: false }).state;
  }
  assert.equal(state.skips, 3);
  const free = play(state, { type: "next", free: true });
  assert.equal(free.state.skips, 3);
  assert.deepEqual(free.effects[0], { type: "skip" });
});

Deno.test("screen: an ended session goes to the summary; a skip of ours does not", () => {
  const ended = (reason: string | null, byMe: boolean, state = searching()) =>
    screenReducer(state, { type: "ended", reason, byMe })[1];
  assert.deepEqual(ended(null, false), []);
  assert.deepEqual(ended("user_skipped", true), []);
  assert.deepEqual(ended("user_skipped", false), [{ type: "go", path: "/match-end" }]);
  assert.deepEqual(ended("timeout", true), [{ type: "go", path: "/match-end" }]);
  // Reported while this page's report was on its way: the summary says the report was sent.
  assert.deepEqual(ended("reported", false), [{ type: "go", path: "/match-end" }]);
  const reporting = play(searching(), { type: "reporting", sending: true }).state;
  assert.deepEqual(ended("reported", false, reporting), [{ type: "mine" }, {
    type: "go",
    path: "/match-end",
  }]);
  // A report that failed is no longer on its way.
  const failed = play(reporting, { type: "reporting", sending: false }).state;
  assert.deepEqual(ended("reported", false, failed), [{ type: "go", path: "/match-end" }]);
});
