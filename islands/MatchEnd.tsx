import { useEffect, useState } from "react";
import { readSummary } from "../lib/client/call_storage.ts";
import type { SessionSummary } from "../lib/client/call_state.ts";
import { REACTIONS } from "../lib/shared/constants.ts";
import { mmss } from "../components/live/VideoTile.tsx";
import { BADGE_MIN_SECONDS, endedKey } from "../lib/client/live_rules.ts";
import { currentLocale, formatDuration, formatNumber, tr } from "../lib/shared/i18n/messages.ts";
import type live from "../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** The session's length: '00:23' in English (as before), '23 Sek.' in German. */
const duration = (seconds: number) =>
  currentLocale() === "en" ? mmss(seconds) : formatDuration(seconds);

export interface MatchEndProps {
  /** Nothing from the server: the summary lives in this tab. */
  placeholder?: boolean;
}

export default function MatchEnd(_props: MatchEndProps) {
  const [summary, setSummary] = useState<SessionSummary | null | undefined>(undefined);

  useEffect(() => setSummary(readSummary()), []);

  if (summary === undefined) {
    return (
      <div class="spinner-wrap" role="status">
        <span class="spinner" aria-hidden="true" />
        <span class="sr-only">{t("loadingSummary")}</span>
      </div>
    );
  }

  if (summary === null) {
    return (
      <section class="center-screen" aria-labelledby="no-summary-title">
        <h1 id="no-summary-title">{t("noSummary")}</h1>
        <p class="muted">{t("noSummaryText")}</p>
        <a class="button button-primary" href="/">{t("goDiscover")}</a>
      </section>
    );
  }

  const total = Object.values(summary.reactions).reduce((a, b) => a + b, 0);
  // The badge is for a session that really happened, not a quick skip or a call that never
  // connected.
  const badge = summary.duration >= BADGE_MIN_SECONDS;
  return (
    <section class="match-end stack" aria-labelledby="summary-title">
      <header class="center match-end-head">
        {badge && <span class="badge badge-accent">{t("explorer")}</span>}
        <h1 id="summary-title">{t("sessionComplete")}</h1>
        <p class="ended-reason" role="status">
          {t(endedKey(summary.reason, summary.byMe, summary.connected))}
        </p>
      </header>
      <dl class="card summary-grid">
        <div>
          <dt>{t("duration")}</dt>
          <dd>{duration(summary.duration)}</dd>
        </div>
        <div>
          <dt>{t("location")}</dt>
          <dd>
            {summary.location === "Unknown Location" ? t("unknownLocation") : summary.location}
          </dd>
        </div>
        <div>
          <dt>{t("hashtag")}</dt>
          <dd>{summary.hashtag}</dd>
        </div>
        <div>
          <dt>{t("reactions")}</dt>
          <dd>{formatNumber(total)}</dd>
        </div>
      </dl>
      <ul class="card reaction-summary" aria-label={t("reactionsByEmoji")}>
        {REACTIONS.map((r) => (
          <li key={r.key}>
            <span aria-hidden="true">{r.emoji}</span>
            <span class="sr-only">{t(`rx_${r.key}`)}</span>
            <strong>{formatNumber(summary.reactions[r.emoji] ?? 0)}</strong>
          </li>
        ))}
      </ul>
      <div class="button-row match-end-actions">
        <a class="button button-primary" href="/connecting">{t("next")}</a>
        <a class="button button-secondary" href="/">{t("continueExploring")}</a>
      </div>
    </section>
  );
}
