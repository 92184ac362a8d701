import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.ts";
import { errorMessage, postJson, statusOf } from "../lib/client/api.ts";
import { useWebRTC, WebRTCProvider } from "../lib/client/webrtc.tsx";
import {
  type Refusal,
  REFUSAL_VARS,
  refusalKey,
  refusalTitleKey,
} from "../lib/client/call_state.ts";
import { mmss, VideoTile } from "../components/live/VideoTile.tsx";
import { ReportDialog, type ReportInput } from "../components/live/ReportDialog.tsx";
import { SafetyCodeSheet } from "../components/live/SafetyCodeSheet.tsx";
import { LiveControls, Reactions } from "../components/live/LiveControls.tsx";
import { Icon } from "../components/Icon.tsx";
import { SCREEN_TEXT, SKIPS_PER_SESSION } from "../lib/client/live_rules.ts";
import {
  initialScreen,
  type ScreenEffect,
  type ScreenEvent,
  screenReducer,
} from "../lib/client/screen_rules.ts";
import type { MediaProfile } from "../lib/shared/constants.ts";
import type { BlurAssets } from "../lib/client/privacy/protocol.ts";
import { blurDetailText, wholeCovered } from "../lib/client/privacy/status_text.ts";
import type { ShieldMonitor } from "../lib/client/shield/monitor.ts";
import type { ShieldAssets } from "../lib/client/shield/protocol.ts";
import { usePartnerShield, useShieldMonitor } from "../lib/client/shield/use_shield.ts";
import { useResendVerification } from "../lib/client/verification.ts";
import { VerifyFirst } from "../components/live/VerifyFirst.tsx";
import { MatchFound, Searching } from "../components/live/Searching.tsx";
import { SessionLimit } from "../components/live/SessionLimit.tsx";
import { missingNeeds } from "../lib/client/capabilities.ts";
import { cannotCallPath } from "../lib/shared/cannot_call.ts";
import { markSummaryMine } from "../lib/client/call_storage.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import { PAGE_END_LATE_MS } from "../lib/shared/realtime/clock.ts";
import type live from "../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/**
 * A screen rule's toast (a SCREEN_TEXT text, in English) in the page's language. Its keys are
 * named here: the page embeds only the messages whose keys its script names.
 */
const lt = (text: string) =>
  t(
    text === SCREEN_TEXT.noSkips
      ? "noSkips"
      : text === SCREEN_TEXT.offline
      ? "offline"
      : "connectionError",
  );

/**
 * A refusal's text in the page's language; a code this page has no message for (a newer
 * server's) says 'Something went wrong' (a missing key shows as "live.<key>").
 */
function refusalMessage(r: Refusal) {
  // Typed as the catalog's: a key it lacks shows as "live.<key>", caught here.
  const key = refusalKey(r) as keyof typeof live;
  const text = t(key, REFUSAL_VARS);
  return text === `live.${key}` ? t("rt_failed") : text;
}

/** A member's place, or 'Unknown Location' (the server's and the call's word for none). */
const place = (location?: string) =>
  !location || location === "Unknown Location" ? t("unknownLocation") : location;

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
  const { busy, resend } = useResendVerification(email, {
    sent: t("verifySent"),
    sentDescription: t("verifySentDescription"),
    failed: t("verifyFailed"),
    failedDefault: t("verifyFailedDefault"),
  });
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
  // used-up day to explain the limit; any other refusal goes back to discover.
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
    const leave = setTimeout(() => location.assign("/"), 1500);
    return () => clearTimeout(leave);
  }, [s.refusal]);

  useEffect(() => {
    if (s.cameraError) toast({ title: s.cameraError, variant: "destructive" });
  }, [s.cameraError]);

  useEffect(() => dispatch({ type: "ended", reason: s.ended, byMe: s.endedByMe }), [
    s.ended,
    s.endedByMe,
  ]);

  useEffect(
    () => dispatch({ type: "partner", found, frame: s.remoteFrame, connected }),
    [matchId, live, s.remoteFrame, connected],
  );

  if (mode === "live" && s.resumeFailed && !s.partnerInfo) {
    return (
      <section class="center-screen" aria-labelledby="no-live-title">
        <h1 id="no-live-title">{t("noLive")}</h1>
        <p class="muted">{t("noLiveTab")}</p>
        <a class="button button-primary" href="/">{t("goDiscover")}</a>
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
        skipsLeft={SKIPS_PER_SESSION - rules.skips}
        onNext={() => dispatch({ type: "next", free: s.linkFailed })}
        onReporting={(sending) => dispatch({ type: "reporting", sending })}
      />
      {!live && <MatchFound />}
    </>
  );
}

/** Runs one of the screen rules' effects (see ScreenEffect); a timer's id for its clearing. */
function runEffect(
  e: ScreenEffect,
  s: ReturnType<typeof useWebRTC>,
  dispatch: (event: ScreenEvent) => void,
) {
  switch (e.type) {
    case "camera":
      s.startCamera();
      break;
    case "find": {
      const ok = s.findMatch(e.whenOnline && { whenOnline: true });
      if (e.whenOnline) dispatch({ type: "searched", ok });
      break;
    }
    case "skip":
      s.endSession("user_skipped");
      break;
    case "toast":
      toast({
        title: lt(e.title),
        description: e.description && lt(e.description),
        variant: "destructive",
      });
      break;
    case "go":
      if (e.after) setTimeout(() => location.assign(e.path), e.after);
      else location.assign(e.path);
      break;
    case "view":
      history.replaceState(null, "", e.live ? "/live-match" : "/connecting");
      document.title = `${t(e.live ? "liveMatch" : "connecting")} · Glimpse`;
      break;
    case "mine":
      markSummaryMine();
      break;
    case "timer":
      return setTimeout(() => dispatch({ type: "timeout", of: e.of }), e.ms);
  }
}

/**
 * Files a report of the partner: true once it is filed (or was already: a 409 says an earlier
 * try landed, which is what was asked); a failure is said in a toast.
 */
async function fileReport(
  input: ReportInput,
  partnerPeerId: string,
  onReporting: (sending: boolean) => void,
): Promise<boolean> {
  onReporting(true);
  try {
    await postJson("/api/report", { ...input, partnerPeerId });
  } catch (err) {
    if (statusOf(err) !== 409) {
      onReporting(false);
      const text = errorMessage(err, "");
      const failed = t("reportFailed");
      toast({
        title: failed,
        ...(text && text !== failed ? { description: text } : {}),
        variant: "destructive",
      });
      return false;
    }
  }
  return true;
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
    if (s.partnerInfo && now > s.partnerInfo.endsAt + PAGE_END_LATE_MS) s.endSession("timeout");
  }, [now]);

  const seconds = s.connectedAt ? (now - s.connectedAt) / 1000 : 0;
  const timer = mmss(seconds);
  const hashtag = s.partnerInfo?.hashtag ?? "";
  const secure = s.isEncrypted && s.connectionStatus === "connected";

  async function report(input: ReportInput) {
    if (!(await fileReport(input, s.partnerInfo?.peerId ?? "", onReporting))) return;
    setReporting(false); // the summary says the report was sent
    s.endSession("reported");
  }

  return (
    <section
      class={pending ? "live live-pending" : "live"}
      aria-label={t("liveMatch")}
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
          {t(secure ? "encrypted" : "unencrypted")}
          <span class="sr-only">{t("showCode")}</span>
        </button>
      </div>
      <div class="tiles">
        <VideoTile
          stream={s.remoteStream}
          placeholder={t("connectingPartner")}
          failure={s.linkFailed ? t("linkFailed") : undefined}
          mirrored={s.remotePov === false}
          pov={s.remotePov}
          location={place(s.partnerInfo?.location)}
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
          local
          stream={s.localStream}
          placeholder={s.cameraError ?? t("startingCamera")}
          mirrored={s.localStream !== null && !s.localPov}
          location={place(me.location)}
          hashtag={hashtag}
          timer={timer}
          muted
          hidden={!s.switches.video}
          privacyOn={s.privacyOn}
          blurWhole={wholeCovered(s.blurView) ? blurDetailText(s.blurView, null) : undefined}
        />
        <div class="flying" aria-hidden="true">
          {s.flying.map((f) => <span key={f.id} class={`fly fly-${f.from}`}>{f.emoji}</span>)}
        </div>
      </div>
      <Reactions />
      <LiveControls
        skipsLeft={skipsLeft}
        onReport={() => setReporting({ reason: "" })}
        onNext={onNext}
      />
      {s.linkFailed && <p class="live-free-next muted small" role="status">{t("freeNext")}</p>}
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
