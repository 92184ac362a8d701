// The live session island: a shell that checks the browser can call at all, shows the verify-first
// and session-limit screens, and otherwise runs the session's provider (webrtc.tsx) around the
// live screens (components/live/LiveScreens.tsx).
import { useLayoutEffect, useState } from "react";
import { WebRTCProvider } from "../lib/client/webrtc.tsx";
import type { MediaProfile } from "../lib/shared/constants.ts";
import type { BlurAssets } from "../lib/client/privacy/protocol.ts";
import type { ShieldAssets } from "../lib/client/shield/protocol.ts";
import { useResendVerification } from "../lib/client/verification.ts";
import { VerifyFirst } from "../components/live/VerifyFirst.tsx";
import { SessionLimit } from "../components/live/SessionLimit.tsx";
import { LiveScreens } from "../components/live/LiveScreens.tsx";
import { missingNeeds } from "../lib/client/capabilities.ts";
import { cannotCallPath } from "../lib/shared/cannot_call.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type live from "../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

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
      <LiveScreens
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
