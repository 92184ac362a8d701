// When a call's peer link restarts ICE (lib/client/ice_restart.ts): after a grace on
// "disconnected", at once on "failed", on a stall, a new network or the partner's request; again
// after each retry delay while the link stays down, as often as the call needs; never on a healthy
// link without a reason; before the first connection only once, on "failed".
import assert from "node:assert/strict";
import {
  COALESCE_MS,
  DISCONNECTED_GRACE_MS,
  QUIET_MS,
  restartAction,
  RestartRules,
  RETRY_MS,
  retryDelay,
  STALL_MS,
  stalled,
} from "../../lib/client/ice_restart.ts";

/** Rules of a link that connected at t=0. */
function connected(): RestartRules {
  const r = new RestartRules();
  r.onState("connecting", 0);
  r.onState("connected", 0);
  return r;
}

Deno.test("restart rules: a healthy connected link never restarts by the clock", () => {
  const r = connected();
  for (const t of [0, 1_000, 60_000]) assert.equal(r.due(t), null);
  assert.equal(r.nextCheckIn(1_000), null);
});

Deno.test("restart rules: 'disconnected' waits out its grace, 'failed' restarts at once", () => {
  const r = connected();
  r.onState("disconnected", 10_000);
  assert.equal(r.due(10_000 + DISCONNECTED_GRACE_MS - 1), null);
  assert.equal(r.nextCheckIn(10_000), DISCONNECTED_GRACE_MS);
  assert.equal(r.due(10_000 + DISCONNECTED_GRACE_MS), "disconnected");
  // A link that came back by itself within the grace needs nothing.
  const back = connected();
  back.onState("disconnected", 10_000);
  back.onState("connected", 10_500);
  assert.equal(back.due(20_000), null);
  const f = connected();
  f.onState("failed", 5_000);
  assert.equal(f.due(5_000), "failed");
});

Deno.test("restart rules: tried again after each retry delay, as often as the call needs", () => {
  const r = connected();
  r.onState("failed", 1_000);
  let t = 1_000;
  const starts: number[] = [];
  for (let i = 0; i < 7; i++) {
    while (r.due(t) === null) t += 10;
    starts.push(t);
    r.started(t);
  }
  const gaps = starts.slice(1).map((s, i) => s - starts[i]);
  const expected = [0, 1, 2, 3, 3, 3].map((i) => RETRY_MS[i]);
  gaps.forEach((g, i) => assert.ok(g >= expected[i] && g < expected[i] + 20, `${gaps}`));
  assert.equal(r.attempts, 7);
  // Connected again: the count starts over, and nothing more is due.
  r.onState("connected", t + 100);
  assert.equal(r.attempts, 0);
  assert.equal(r.due(t + 60_000), null);
});

Deno.test("restart rules: a stall restarts a link the browser still calls connected", () => {
  const r = connected();
  r.note("stalled");
  assert.equal(r.due(5_000), "stalled");
  r.started(5_000);
  // Traffic comes back: nothing more, even past the retry delay.
  r.heard();
  assert.equal(r.due(5_000 + retryDelay(0) + 1), null);
  // A stall that goes on is tried again after the retry delay, not sooner.
  r.note("stalled");
  assert.equal(r.due(5_000 + COALESCE_MS + 1), null);
  assert.equal(r.due(5_000 + retryDelay(0)), "stalled");
});

Deno.test("restart rules: a new network acts at once; the partner's request waits its turn", () => {
  const r = connected();
  r.note("network");
  assert.equal(r.due(1_000), "network");
  r.started(1_000);
  // Another sign of a new network just after: one restart serves both, then the next goes at once.
  r.note("network");
  assert.equal(r.due(1_000 + COALESCE_MS - 1), null);
  assert.equal(r.nextCheckIn(1_000), COALESCE_MS);
  assert.equal(r.due(1_000 + COALESCE_MS), "network");
  r.started(1_000 + COALESCE_MS);
  // The partner asks while that restart is under way (they noticed the same stall): it has its
  // chance first, and the request is served after the retry delay if the link is still down.
  r.note("partner");
  assert.equal(r.due(1_000 + COALESCE_MS + 10), null);
  assert.equal(r.due(1_000 + COALESCE_MS + retryDelay(1)), "partner");
  // A request on a link with no restart under way is served at once.
  const q = connected();
  q.note("partner");
  assert.equal(q.due(5_000), "partner");
});

Deno.test("restart rules: before the first connection, one restart on 'failed' and nothing else", () => {
  const r = new RestartRules();
  r.onState("connecting", 0);
  r.note("stalled");
  r.note("network");
  r.note("partner");
  assert.equal(r.due(10_000), null);
  r.onState("disconnected", 1_000);
  assert.equal(r.due(10_000), null);
  r.onState("failed", 12_000);
  assert.equal(r.due(12_000), "failed");
  r.started(12_000);
  assert.equal(r.due(60_000), null);
  assert.equal(r.nextCheckIn(60_000), null);
});

Deno.test("restart rules: a closed link never restarts", () => {
  const r = connected();
  r.onState("failed", 1_000);
  r.onState("closed", 1_001);
  r.note("network");
  assert.equal(r.due(10_000), null);
});

Deno.test("stall: the partner's keep-alive late and not a byte on the link for a while", () => {
  const base = { sinceHeard: STALL_MS, partnerAway: false, quietMs: QUIET_MS };
  assert.equal(stalled(base), true);
  // Media still arrives (the partner's page is busy, its browser still sends): not stalled.
  assert.equal(stalled({ ...base, quietMs: QUIET_MS - 1 }), false);
  // Not late enough, or the partner stepped away (their page's timers slow).
  assert.equal(stalled({ ...base, sinceHeard: STALL_MS - 1 }), false);
  assert.equal(stalled({ ...base, partnerAway: true }), false);
});

Deno.test("who restarts: the offerer offers (taking back an unanswered offer), the answerer asks", () => {
  assert.equal(restartAction("offerer", true, "stable"), "offer");
  assert.equal(restartAction("offerer", true, "have-local-offer"), "rollback-offer");
  assert.equal(restartAction("offerer", false, "stable"), "offer");
  assert.equal(restartAction("answerer", true, "stable"), "ask");
  // Before the first connection the answerer waits for the offerer's own restart.
  assert.equal(restartAction("answerer", false, "stable"), "none");
  assert.equal(restartAction("offerer", true, "closed"), "none");
});
