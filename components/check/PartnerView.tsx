// /test-chat's "What your partner sees": the member's own video as it came back through a video
// connection on this device, with the blur's figures as data-* attributes and its badges.
import { type BlurView, wholeCovered } from "../../lib/client/privacy/status_text.ts";
import { cannotCallText } from "../../lib/shared/cannot_call.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");
import type { CheckResult, ConnectionCheckRun } from "../../lib/client/connection_check.ts";

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
      <h2 id="partner-view-title" class="section-title">{t("partnerSees")}</h2>
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
          aria-label={t("partnerReceives")}
        />
        {!received && (
          <div class="tile-placeholder">
            {missing.length ? say(cannotCallText(missing, "call").title) : t("startingCamera")}
          </div>
        )}
        <figcaption class="tile-badges">
          <span class="badge tile-label">{t("partnersView")}</span>
          {faceBlurEnabled && <span class="badge badge-accent">{t("privacyOn")}</span>}
          {wholeCovered(blurRow.view) && (
            <span class="badge badge-warn blur-whole" title={blurRow.detail}>
              {t("blur_wholeBadge")}
            </span>
          )}
        </figcaption>
      </figure>
      <p class="muted small">{t("loopbackHow")}</p>
    </section>
  );
}
