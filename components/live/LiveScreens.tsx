// The live island's screens inside the session's provider: searching, 'Match Found!' over the
// live view laid out beneath it, the live view, or 'no live session here' for a reload whose match
// is gone; and what the page does on the session's events (the screen rules of screen_rules.ts
// and their effects, the socket's trouble, a refused search, the camera's error).
import { useEffect, useRef, useState } from "react";
import { toast } from "../../lib/client/toast.ts";
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import { refusalMessage, refusalTitleKey } from "../../lib/client/refusals.ts";
import { SKIPS_PER_SESSION } from "../../lib/client/live_rules.ts";
import { initialScreen, type ScreenEvent, screenReducer } from "../../lib/client/screen_rules.ts";
import { runEffect } from "../../lib/client/screen_effects.ts";
import type { ShieldAssets } from "../../lib/client/shield/protocol.ts";
import { useShieldMonitor } from "../../lib/client/shield/use_shield.ts";
import { MatchFound, Searching } from "./Searching.tsx";
import { type LiveMe, LiveView } from "./LiveView.tsx";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function LiveScreens(
  { mode, me, shieldAssets, onUnverified, onLimit }: {
    mode: "connecting" | "live";
    me: LiveMe;
    shieldAssets: ShieldAssets;
    onUnverified(): void;
    onLimit(): void;
  },
) {
  const s = useWebRTC();
  // The screen's own rules (screen_rules.ts): the search's start and restart, the skips, a
  // report on its way, and when the live view shows. The latest state is read between renders.
  const [rules, setRules] = useState(() => initialScreen(mode === "connecting"));
  const rulesRef = useRef(rules);
  // The safety shield, one per page: its classifier loads while the search runs.
  const shield = useShieldMonitor(shieldAssets, me.safetyShieldEnabled);
  const found = s.partnerInfo !== null;
  const matchId = s.partnerInfo?.matchId ?? null;
  const connected = s.connectionStatus === "connected";
  const live = rules.live;

  /** Runs an event through the rules and their effects; returns what clears its timers. */
  function dispatch(event: ScreenEvent): () => void {
    const [next, effects] = screenReducer(rulesRef.current, event);
    rulesRef.current = next;
    setRules(next);
    const timers = effects.map((e) => runEffect(e, s, dispatch));
    return () => timers.forEach((t) => clearTimeout(t));
  }

  useEffect(() => {
    if (s.registered) dispatch({ type: "registered" });
  }, [s.registered]);

  useEffect(() => dispatch({ type: "mounted" }), []);

  useEffect(() => {
    dispatch({
      type: "socket",
      trouble: s.socketTrouble,
      ready: s.connectionStatus === "ready",
      free: !s.ended && !s.refusal,
      found,
    });
  }, [s.connectionStatus, s.socketTrouble]);

  useSaidToMember(onUnverified, onLimit);

  useEffect(() => dispatch({ type: "ended", reason: s.ended, byMe: s.endedByMe }), [
    s.ended,
    s.endedByMe,
  ]);

  useEffect(
    () => dispatch({ type: "partner", found, frame: s.remoteFrame, connected }),
    [matchId, live, s.remoteFrame, connected],
  );

  if (mode === "live" && s.resumeFailed && !s.partnerInfo) return <NoLiveHere />;

  if (!found && !live) return <Searching />;
  return (
    <>
      <LiveView
        me={me}
        shield={shield}
        pending={!live}
        skipsLeft={SKIPS_PER_SESSION - rules.skips}
        onNext={() => dispatch({ type: "next", free: s.linkFailed })}
        onReporting={(sending) => dispatch({ type: "reporting", sending })}
      />
      {!live && <MatchFound />}
    </>
  );
}

/**
 * What the session's events say to the member: the socket's trouble, a refused search (or the
 * screen that explains it), the camera's error.
 */
function useSaidToMember(onUnverified: () => void, onLimit: () => void) {
  const s = useWebRTC();
  // The socket could not connect, or dropped: say so (it tries again by itself).
  useEffect(() => {
    if (!s.socketTrouble) return;
    toast({
      title: t(s.socketTrouble === "failed" ? "socketFailed" : "socketDropped"),
      description: t("socketRetrying"),
      variant: "destructive",
    });
  }, [s.socketTrouble]);

  // A search that ended without a partner: nobody to meet goes back to discover (which shows
  // the notice); an unverified address stays here to say so and offer the mail again, and a
  // used-up day to explain the limit; a safety hold goes to the profile; any other refusal goes
  // back to discover.
  useEffect(() => {
    const refusal = s.refusal;
    if (!refusal) return;
    if (refusal.kind === "email_unverified") {
      onUnverified();
      return;
    }
    const title = refusalTitleKey(refusal);
    if (title === "sessionLimit") {
      onLimit();
      return;
    }
    if (refusal.kind === "no_match") {
      s.resetSession();
      location.assign("/?notice=no-match");
      return;
    }
    toast({
      title: t(title),
      description: refusalMessage(refusal),
      variant: "destructive",
    });
    // A member on a safety hold goes to their profile, which says so and offers the appeal.
    const to = title === "underReview" ? "/profile" : "/";
    const leave = setTimeout(() => location.assign(to), 1500);
    return () => clearTimeout(leave);
  }, [s.refusal]);

  useEffect(() => {
    if (s.cameraError) toast({ title: s.cameraError, variant: "destructive" });
  }, [s.cameraError]);
}

/** A reload of /live-match whose match is gone: no live session in this tab. */
function NoLiveHere() {
  return (
    <section class="center-screen" aria-labelledby="no-live-title">
      <h1 id="no-live-title">{t("noLive")}</h1>
      <p class="muted">{t("noLiveTab")}</p>
      <a class="button button-primary" href="/">{t("goDiscover")}</a>
    </section>
  );
}
