// The bodies of the live area's simple pages (routes/pages/member.tsx): /live-match for a guest,
// /camera and /test-chat around their islands. Components, so their texts are read while the
// page renders, in its language.
import { Island } from "../../lib/server/render/island.tsx";
import type { ClipRecorderProps } from "../../islands/ClipRecorder.tsx";
import type { ConnectionCheckProps } from "../../islands/ConnectionCheck.tsx";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** /live-match for a guest: there is no session here. */
export function NoLiveSession() {
  return (
    <section class="center-screen" aria-labelledby="live-title">
      <h1 id="live-title">{t("noLive")}</h1>
      <p class="muted">{t("noLiveHere")}</p>
      <a class="button button-primary" href="/">{t("goDiscover")}</a>
    </section>
  );
}

/** /camera: the clip recorder under its heading. */
export function CameraPage(props: ClipRecorderProps) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("recordTitle")}</h1>
      <Island name="ClipRecorder" props={props} />
    </div>
  );
}

/** /test-chat: the connection check under its heading and lead. */
export function CheckPage(props: ConnectionCheckProps) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("checkTitle")}</h1>
      <p class="muted">{t("checkLead")}</p>
      <Island name="ConnectionCheck" props={props} />
    </div>
  );
}
