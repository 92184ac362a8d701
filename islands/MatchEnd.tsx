import { useEffect, useState } from "react";
import { readSummary } from "../client/call_storage.ts";
import type { SessionSummary } from "../client/call_state.ts";
import { REACTIONS } from "../shared/constants.ts";
import { mmss } from "../components/live/VideoTile.tsx";
import { BADGE_MIN_SECONDS, endedText, LIVE_TEXT } from "../client/live_rules.ts";

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
        <span class="sr-only">Loading your summary...</span>
      </div>
    );
  }

  if (summary === null) {
    return (
      <section class="center-screen" aria-labelledby="no-summary-title">
        <h1 id="no-summary-title">Session Data Not Available</h1>
        <p class="muted">There is no finished session in this tab to sum up.</p>
        <a class="button button-primary" href="/">Go to Discover</a>
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
        {badge && <span class="badge badge-accent">Global Explorer</span>}
        <h1 id="summary-title">Session complete</h1>
        <p class="ended-reason" role="status">
          {endedText(summary.reason, summary.byMe, summary.connected)}
        </p>
      </header>
      <dl class="card summary-grid">
        <div>
          <dt>Duration</dt>
          <dd>{mmss(summary.duration)}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{summary.location}</dd>
        </div>
        <div>
          <dt>Hashtag</dt>
          <dd>{summary.hashtag}</dd>
        </div>
        <div>
          <dt>Reactions</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      <ul class="card reaction-summary" aria-label="Reactions by emoji">
        {REACTIONS.map((r) => (
          <li key={r.key}>
            <span aria-hidden="true">{r.emoji}</span>
            <span class="sr-only">{r.label}</span>
            <strong>{summary.reactions[r.emoji] ?? 0}</strong>
          </li>
        ))}
      </ul>
      <div class="button-row match-end-actions">
        <a class="button button-primary" href="/connecting">{LIVE_TEXT.next}</a>
        <a class="button button-secondary" href="/">Continue Exploring</a>
      </div>
    </section>
  );
}
