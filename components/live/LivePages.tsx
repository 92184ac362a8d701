// The bodies of the live area's simple pages (routes/pages/member.tsx): /live-match for a guest,
// /camera and /test-chat around their islands (the route renders the island, the page places it).
// Components, so their texts are read while the page renders, in its language.
import type { ComponentChildren } from "preact";
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
export function CameraPage({ children }: { children: ComponentChildren }) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("recordTitle")}</h1>
      {children}
    </div>
  );
}

/** /test-chat: the connection check under its heading and lead. */
export function CheckPage({ children }: { children: ComponentChildren }) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("checkTitle")}</h1>
      <p class="muted">{t("checkLead")}</p>
      {children}
    </div>
  );
}
