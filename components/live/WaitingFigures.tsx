// The search screen's figures while a member waits, as the server last sent them: members
// searching now and those the member's filters allow (rounded by the server: 0 is "fewer than
// 5"), how long searches like theirs took of late, and, when a wider filter would meet someone,
// one tap to widen this search ("Widen to Poland"), or the filter it was widened to; while few
// are allowed, "Tell me when someone is here" (Web Push).
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import type { Waiting } from "../../lib/client/session/core.ts";
import type { NamedReach } from "../../lib/shared/realtime/protocol.ts";
import { FEW } from "../../lib/shared/waiting.ts";
import { PushOptIn } from "../PushOptIn.tsx";
import { displayName, formatNumber, tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function WaitingFigures() {
  const s = useWebRTC();
  const w = s.waiting;
  if (!w) return null;
  const offer = w.offer;
  return (
    <div class="waiting-figures">
      <p class="waiting-counts">{countsLine(w)}</p>
      <p class="muted small">{estimateLine(w.estimate)}</p>
      {w.widenedTo && (
        <p class="small waiting-widened">
          {t("widenedTo", { place: placeName(w.widenedTo) })}
        </p>
      )}
      <div aria-live="polite">
        {offer && (
          <div class="waiting-offer">
            <p class="small">{t("widenLead")}</p>
            <button type="button" class="button button-primary" onClick={() => s.widen(offer)}>
              {t("widenTo", { place: placeName(offer) })}
            </button>
          </div>
        )}
      </div>
      {w.allowed === 0 && <PushOptIn quietWhenUnsupported />}
    </div>
  );
}

/** "10+ searching now · fewer than 5 match your filters". */
function countsLine(w: Waiting): string {
  const searching = w.searching
    ? t("searchingNow", { count: formatNumber(w.searching) })
    : t("searchingFew", { count: FEW });
  const allowed = w.allowed
    ? t("allowedNow", { count: formatNumber(w.allowed) })
    : t("allowedFew", { count: FEW });
  return `${searching} · ${allowed}`;
}

function estimateLine(e: Waiting["estimate"]): string {
  if (e.kind === "under") return t("waitUnder", { count: e.seconds });
  return t(e.kind === "rarely" ? "waitRarely" : "waitUnknown");
}

/**
 * A country or continent named in the page's language (its English name where Intl has none), or
 * "everyone".
 */
function placeName(reach: NamedReach): string {
  if (reach.location === "global") return t("everyone");
  const english = reach.location === "country" ? reach.country : reach.continent;
  const name = reach.code ? displayName("region", reach.code) : english;
  return name === reach.code ? english : name;
}
