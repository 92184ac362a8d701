import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { toast } from "../client/toast.ts";
import { errorMessage, postJson, statusOf } from "../client/api.ts";
import { useWebRTC, WebRTCProvider } from "../client/webrtc.tsx";
import { refusalText, refusalTitle } from "../client/call_state.ts";
import { mmss, VideoTile } from "../components/live/VideoTile.tsx";
import { ReportDialog, type ReportInput } from "../components/live/ReportDialog.tsx";
import { SafetyCodeSheet } from "../components/live/SafetyCodeSheet.tsx";
import { REACTIONS } from "../shared/constants.ts";
import { Icon } from "../components/Icon.tsx";
import {
  HANDSHAKE_LIMIT_MS,
  LIVE_TEXT,
  NO_FRAME_AFTER_CONNECTED_MS,
  SKIPS_PER_SESSION,
} from "../client/live_rules.ts";
import { REPORT_TEXT } from "../shared/moderation/report_texts.ts";
import type { MediaProfile } from "../shared/constants.ts";
import type { BlurAssets } from "../client/privacy/protocol.ts";
import { blurDetail, wholeCovered } from "../client/privacy/status_text.ts";
import type { ShieldMonitor } from "../client/shield/monitor.ts";
import type { ShieldAssets } from "../client/shield/protocol.ts";
import { usePartnerShield, useShieldMonitor } from "../client/shield/use_shield.ts";
import { useResendVerification } from "../client/verification.ts";
import { VerifyFirst } from "../components/live/VerifyFirst.tsx";
import { MatchFound, Searching } from "../components/live/Searching.tsx";
import { SessionLimit } from "../components/live/SessionLimit.tsx";
import { cannotCallPath, missingNeeds } from "../client/capabilities.ts";
import { markSummaryMine } from "../client/call_storage.ts";

export interface LiveSessionProps {
  /** connecting: search then go live; live: rejoin the match of this tab (a reload). */
  mode: "connecting" | "live";
  me: {
    location: string;
    faceBlurEnabled: boolean;
    safetyShieldEnabled: boolean;
    email: string;
    emailVerified: boolean;
  };
  /** Face blur's files (loaded only once the camera starts). */
  blurAssets: BlurAssets;
  /** The safety shield's files (its classifier starts loading while the search runs). */
  shieldAssets: ShieldAssets;
  /** What the member's camera sends on their plan (each match confirms it). */
  media: MediaProfile;
}

export default function LiveSession(
  { mode, me, blurAssets, shieldAssets, media }: LiveSessionProps,
) {
  // A browser that cannot make a call (no WebRTC, no camera API, a page that is not secure) goes
  // to the screen that says what is missing before anything starts: no socket, search or camera.
  // The server's render has no browser to check.
  const [missing] = useState(() => typeof document === "undefined" ? [] : missingNeeds(globalThis));
  useLayoutEffect(() => {
    if (missing.length) location.replace(cannotCallPath(missing));
  }, []);
  // Going live needs a verified email address. A member the page knows to be unverified gets the
  // reason and the Resend at once, with no socket and no camera; one the server refuses for it
  // (verified on the page, not in KV) gets the same screen, and the provider's socket, camera
  // and peer link are closed with it.
  const [unverified, setUnverified] = useState(mode === "connecting" && !me.emailVerified);
  // A plan with no session left today: the limit screen, with the camera and socket let go.
  const [limited, setLimited] = useState(false);
  // Hydration takes the server's markup (a section, whichever screen it was) over as an empty
  // section until the page goes.
  if (missing.length) return <section />;
  if (unverified) return <VerifyFirstScreen email={me.email} />;
  if (limited) return <SessionLimit />;
  return (
    <WebRTCProvider
      resume={mode === "live"}
      blur={{ enabled: me.faceBlurEnabled, assets: blurAssets }}
      media={media}
    >
      <Screens
        mode={mode}
        me={me}
        shieldAssets={shieldAssets}
        onUnverified={() => setUnverified(true)}
        onLimit={() => setLimited(true)}
      />
    </WebRTCProvider>
  );
}

function VerifyFirstScreen({ email }: { email: string }) {
  const { busy, resend } = useResendVerification(email);
  return <VerifyFirst email={email} busy={busy} onResend={resend} />;
}

function Screens(
  { mode, me, shieldAssets, onUnverified, onLimit }:
    & Omit<LiveSessionProps, "blurAssets" | "media">
    & {
      onUnverified(): void;
      onLimit(): void;
    },
) {
  const s = useWebRTC();
  // The live view is on screen (not under 'Match Found!'): from the partner's first frame.
  const [live, setLive] = useState(mode === "live");
  const started = useRef(false);
  // Skips in this visit to the search (3 per session): a new Start, or Next on the summary,
  // begins a new session with its 3 skips.
  const skipsUsed = useRef(0);
  // A report of the partner on its way: the server ends the match for both sides as it files
  // the report, so this page may hear the 'reported' end before the report's answer.
  const reporting = useRef(false);
  // The safety shield, one per page: its classifier loads while the search runs.
  const shield = useShieldMonitor(shieldAssets, me.safetyShieldEnabled);
  const found = s.partnerInfo !== null;
  const matchId = s.partnerInfo?.matchId ?? null;
  const connected = s.connectionStatus === "connected";

  // The search this screen shows is not under way because the socket dropped: it starts (again)
  // once the socket is back (registered, no match, no end, no refusal).
  const searchDropped = useRef(false);

  // /connecting: the camera starts while we search, and the search starts once registered. The
  // socket may have dropped again before this effect runs (after the next frame, which a slow
  // page draws late): the search then waits for it as a dropped one does, instead of being
  // refused as offline.
  useEffect(() => {
    if (mode !== "connecting" || started.current || !s.registered) return;
    started.current = true;
    s.startCamera();
    if (!s.findMatch({ whenOnline: true })) searchDropped.current = true;
  }, [s.registered]);

  // A socket that never opens: a connection error, then back to discover.
  useEffect(() => {
    if (mode !== "connecting") return;
    const t = setTimeout(() => {
      if (!started.current) {
        toast({
          title: LIVE_TEXT.connectionError,
          description: LIVE_TEXT.offline,
          variant: "destructive",
        });
        setTimeout(() => location.assign("/"), 1500);
      }
    }, 8000);
    return () => clearTimeout(t);
  }, []);

  // The server drops a search whose socket closed: once the socket is back, the search this
  // screen shows starts again (this render's status may be older than the socket's: a socket
  // down again by now is waited for once more).
  useEffect(() => {
    if (s.socketTrouble === "dropped" && started.current && !found && !live) {
      searchDropped.current = true;
    }
    if (searchDropped.current && s.connectionStatus === "ready" && !s.ended && !s.refusal) {
      if (s.findMatch({ whenOnline: true })) searchDropped.current = false;
    }
  }, [s.connectionStatus, s.socketTrouble]);

  // The socket could not connect, or dropped: say so (it tries again by itself).
  useEffect(() => {
    if (!s.socketTrouble) return;
    toast({
      title: s.socketTrouble === "failed" ? LIVE_TEXT.socketFailed : LIVE_TEXT.socketDropped,
      description: LIVE_TEXT.socketRetrying,
      variant: "destructive",
    });
  }, [s.socketTrouble]);

  // A search that ended without a partner: nobody to meet goes back to discover (which shows
  // the notice); an unverified address stays here to say so and offer the mail again, and a
  // used-up day to explain the limit; any other refusal goes back to discover.
  useEffect(() => {
    const refusal = s.refusal;
    if (!refusal) return;
    if (refusal.kind === "email_unverified") {
      onUnverified();
      return;
    }
    if (refusalTitle(refusal) === LIVE_TEXT.sessionLimit) {
      onLimit();
      return;
    }
    if (refusal.kind === "no_match") {
      s.resetSession();
      location.assign("/?notice=no-match");
      return;
    }
    toast({
      title: refusalTitle(refusal),
      description: refusalText(refusal),
      variant: "destructive",
    });
    const t = setTimeout(() => location.assign("/"), 1500);
    return () => clearTimeout(t);
  }, [s.refusal]);

  useEffect(() => {
    if (s.cameraError) toast({ title: s.cameraError, variant: "destructive" });
  }, [s.cameraError]);

  // The session ended (the partner left, the time was up, we ended it, a report): the summary,
  // which says why. A skip of ours goes on searching instead.
  useEffect(() => {
    if (!s.ended || (s.endedByMe && s.ended === "user_skipped")) return;
    // The server ends a reported match for both sides as it files the report, often before
    // this page's own end: the reporter's summary still says their report was sent.
    if (s.ended === "reported" && reporting.current) markSummaryMine();
    location.assign("/match-end");
  }, [s.ended, s.endedByMe]);

  // 'Match Found!' until the partner's first frame is on screen; the live view then. Without a
  // frame (their camera is off or missing, or the handshake stalls) the live view shows anyway
  // and says why over the tile.
  useEffect(() => {
    if (!found || live) return;
    if (s.remoteFrame) return goLive();
    const t = connected
      ? setTimeout(goLive, NO_FRAME_AFTER_CONNECTED_MS)
      : setTimeout(goLive, HANDSHAKE_LIMIT_MS);
    return () => clearTimeout(t);
  }, [matchId, live, s.remoteFrame, connected]);

  function goLive() {
    setLive(true);
    history.replaceState(null, "", "/live-match");
    document.title = "Live match · Glimpse";
  }

  function next() {
    // Next from a link that failed before it ever connected is free: no skip (and the server,
    // told so by endSession, counts no session when what it knows agrees).
    const free = s.linkFailed;
    if (!free && skipsUsed.current >= SKIPS_PER_SESSION) {
      toast({ title: LIVE_TEXT.noSkips, variant: "destructive" });
      return;
    }
    if (!free) skipsUsed.current++;
    s.endSession("user_skipped");
    setLive(false);
    history.replaceState(null, "", "/connecting");
    document.title = "Connecting · Glimpse";
    s.findMatch();
  }

  if (mode === "live" && s.resumeFailed && !s.partnerInfo) {
    return (
      <section class="center-screen" aria-labelledby="no-live-title">
        <h1 id="no-live-title">No live session</h1>
        <p class="muted">This session has ended or belongs to another tab.</p>
        <a class="button button-primary" href="/">Go to Discover</a>
      </section>
    );
  }

  if (!found && !live) return <Searching />;
  return (
    <>
      <Live
        me={me}
        shield={shield}
        pending={!live}
        skipsLeft={SKIPS_PER_SESSION - skipsUsed.current}
        onNext={next}
        onReporting={(sending) => (reporting.current = sending)}
      />
      {!live && <MatchFound />}
    </>
  );
}

function Live(
  { me, shield, pending, skipsLeft, onNext, onReporting }: {
    me: LiveSessionProps["me"];
    shield: ShieldMonitor | null;
    /** Laid out under 'Match Found!' until the partner's first frame: inert, not yet shown. */
    pending: boolean;
    skipsLeft: number;
    /** Next: skip this partner and search again (one of the session's skips). */
    onNext(): void;
    /** A report is on its way (true) or failed (false). */
    onReporting(sending: boolean): void;
  },
) {
  const s = useWebRTC();
  const [now, setNow] = useState(Date.now());
  /** The report dialog, open with no reason chosen or with the shield's. */
  const [reporting, setReporting] = useState<false | { reason: string }>(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const [shieldState, setPartnerVideo] = usePartnerShield(
    shield,
    me.safetyShieldEnabled,
    s.remoteStream,
  );
  const muted = !s.switches.audio;
  const cameraOff = !s.switches.video;

  // The partner's video is past its first check: face blur's detector may load now (it would
  // slow the check's first verdicts on a device with few cores).
  useEffect(() => {
    if (s.remoteFrame && shieldState.view !== "checking") s.noteVideoChecked();
  }, [s.remoteFrame, shieldState.view]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);

  // The server ends the match at 30 s; this is the fallback should its message be late.
  useEffect(() => {
    if (s.partnerInfo && now > s.partnerInfo.endsAt + 2000) s.endSession("timeout");
  }, [now]);

  const seconds = s.connectedAt ? (now - s.connectedAt) / 1000 : 0;
  const timer = mmss(seconds);
  const hashtag = s.partnerInfo?.hashtag ?? "";
  const secure = s.isEncrypted && s.connectionStatus === "connected";

  async function report(input: ReportInput) {
    onReporting(true);
    try {
      await postJson("/api/report", {
        ...input,
        partnerPeerId: s.partnerInfo?.peerId ?? "",
      });
    } catch (err) {
      // 409: this session was reported already (an earlier try landed), which is what was asked.
      if (statusOf(err) !== 409) {
        onReporting(false);
        const text = errorMessage(err, "");
        toast({
          title: REPORT_TEXT.failed,
          ...(text && text !== REPORT_TEXT.failed ? { description: text } : {}),
          variant: "destructive",
        });
        return;
      }
    }
    setReporting(false); // the summary says the report was sent
    s.endSession("reported");
  }

  return (
    <section
      class={pending ? "live live-pending" : "live"}
      aria-label="Live match"
      inert={pending}
      aria-hidden={pending ? "true" : undefined}
    >
      <div class="live-top">
        <button
          type="button"
          class={`badge badge-button ${secure ? "badge-secure" : "badge-insecure"}`}
          data-fingerprint={secure ? s.encryptionFingerprint ?? "" : undefined}
          aria-haspopup="dialog"
          aria-expanded={codeOpen}
          onClick={() => setCodeOpen(true)}
        >
          <Icon name="lock" size={14} />
          {secure ? "Encrypted" : "Unencrypted"}
          <span class="sr-only">: show the safety code</span>
        </button>
      </div>
      <div class="tiles">
        <VideoTile
          label="POV"
          stream={s.remoteStream}
          placeholder="Connecting to partner..."
          failure={s.linkFailed ? LIVE_TEXT.linkFailed : undefined}
          mirrored={s.remotePov === false}
          pov={s.remotePov}
          location={s.partnerInfo?.location ?? "Unknown Location"}
          hashtag={hashtag}
          timer={timer}
          onVideo={setPartnerVideo}
          onFrame={s.noteRemoteFrame}
          cameraOff={!s.partnerVideo}
          micOff={!s.partnerAudio}
          away={s.partnerAway}
          shield={shieldState.view === "off" ? undefined : {
            view: shieldState.view,
            onShow: () => shield?.dispatch({ type: "show" }),
            onEndReport: () => setReporting({ reason: "inappropriate" }),
          }}
        />
        <VideoTile
          label="You"
          stream={s.localStream}
          placeholder={s.cameraError ?? "Starting camera..."}
          mirrored={s.localStream !== null && !s.localPov}
          location={me.location || "Unknown Location"}
          hashtag={hashtag}
          timer={timer}
          muted
          hidden={cameraOff}
          privacyOn={s.privacyOn}
          blurWhole={wholeCovered(s.blurView) ? blurDetail(s.blurView, null) : undefined}
        />
        <div class="flying" aria-hidden="true">
          {s.flying.map((f) => <span key={f.id} class={`fly fly-${f.from}`}>{f.emoji}</span>)}
        </div>
      </div>
      <div class="reactions" role="group" aria-label="Reactions">
        {REACTIONS.map((r) => (
          <button
            key={r.key}
            type="button"
            class="reaction"
            aria-label={`${r.label} (${s.reactions[r.emoji] ?? 0})`}
            disabled={s.connectionStatus !== "connected"}
            onClick={() => s.sendReaction(r.emoji)}
          >
            <span aria-hidden="true">{r.emoji}</span>
            <span class="reaction-count">{s.reactions[r.emoji] ?? 0}</span>
          </button>
        ))}
      </div>
      <div class="controls">
        <button
          type="button"
          class="button button-secondary"
          aria-pressed={muted}
          onClick={() => s.setSwitches({ ...s.switches, audio: muted })}
        >
          {muted ? "Unmute" : "Mute"}
        </button>
        <button
          type="button"
          class="button button-secondary"
          aria-pressed={cameraOff}
          onClick={() => s.setSwitches({ ...s.switches, video: cameraOff })}
        >
          {cameraOff ? "Camera on" : "Camera off"}
        </button>
        {s.cameras > 1 && (
          <button
            type="button"
            class="button button-secondary button-flip"
            disabled={s.flipping}
            onClick={() => s.flipCamera()}
          >
            {LIVE_TEXT.flipCamera}
          </button>
        )}
        <button
          type="button"
          class="button button-secondary"
          onClick={() => setReporting({ reason: "" })}
        >
          Report
        </button>
        <button
          type="button"
          class="button button-danger"
          onClick={() => s.endSession("user_ended")}
        >
          End Session
        </button>
        <button
          type="button"
          class="button button-primary button-next"
          onClick={onNext}
          aria-describedby="skips-left"
        >
          {LIVE_TEXT.next}
        </button>
        <span id="skips-left" class="sr-only">
          Skip to someone new ({s.linkFailed ? "free, " : ""}
          {skipsLeft} {skipsLeft === 1 ? "skip" : "skips"} left)
        </span>
      </div>
      {s.linkFailed && <p class="live-free-next muted small" role="status">{LIVE_TEXT.freeNext}</p>}
      {codeOpen && (
        <SafetyCodeSheet
          encrypted={secure}
          code={s.encryptionFingerprint}
          onClose={() => setCodeOpen(false)}
        />
      )}
      {reporting && (
        <ReportDialog
          initialReason={reporting.reason}
          onSubmit={report}
          onCancel={() => setReporting(false)}
        />
      )}
    </section>
  );
}
