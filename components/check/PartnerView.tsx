// /test-chat's "What your partner sees": the member's own video as it came back through a video
// connection on this device, with the blur's figures as data-* attributes and its badges.
import { BLUR_TEXT, type BlurView, wholeCovered } from "../../client/privacy/status_text.ts";
import { cannotCallText } from "../../client/capabilities.ts";
import type { CheckResult, ConnectionCheckRun } from "../../client/connection_check.ts";

export function PartnerView(
  { check, faceBlurEnabled, blurRow }: {
    check: ConnectionCheckRun;
    faceBlurEnabled: boolean;
    blurRow: CheckResult & { view: BlurView };
  },
) {
  const { video, blur, figures, received, missing } = check;
  return (
    <section class="stack" aria-labelledby="partner-view-title">
      <h2 id="partner-view-title" class="section-title">What your partner sees</h2>
      <figure
        class="tile partner-view"
        data-detector={faceBlurEnabled ? (blur?.detector ?? "loading") : "off"}
        data-faces={JSON.stringify(blur?.faces.map((b) => [b.x, b.y, b.w, b.h]) ?? [])}
        data-band={blur ? String(blur.band) : undefined}
        data-cover={faceBlurEnabled ? (blur?.cover ?? "whole") : "off"}
        data-sent-fps={figures ? figures.sentFps.toFixed(1) : undefined}
      >
        <video
          ref={video}
          class="tile-video loopback-video"
          autoPlay
          playsInline
          muted
          aria-label="Your video as your partner receives it"
        />
        {!received && (
          <div class="tile-placeholder">
            {missing.length ? cannotCallText(missing).title : "Starting camera..."}
          </div>
        )}
        <figcaption class="tile-badges">
          <span class="badge tile-label">Partner's view</span>
          {faceBlurEnabled && <span class="badge badge-accent">Privacy On</span>}
          {wholeCovered(blurRow.view) && (
            <span class="badge badge-warn blur-whole" title={blurRow.detail}>
              {BLUR_TEXT.wholeBadge}
            </span>
          )}
        </figcaption>
      </figure>
      <p class="muted small">
        Your own camera, sent through a video connection on this device and received back exactly as
        a partner would get it. Nothing leaves your device.
      </p>
    </section>
  );
}
