// What a tab keeps of its call in sessionStorage: the live match (so a reload of the live page
// rejoins it with its timer and tally) and the last session's summary (for the match-end page).
import type { MatchedPhase, PartnerInfo, SessionSummary, Tally } from "./call_state.ts";

const MATCH_KEY = "glimpse_match";
const SUMMARY_KEY = "glimpse_summary";

export interface StoredMatch extends PartnerInfo {
  myPeerId: string;
  startedAt: number;
  connectedAt?: number;
  reactions?: Tally;
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) as T : null;
  } catch {
    return null;
  }
}

export function readStoredMatch(): StoredMatch | null {
  return read<StoredMatch>(MATCH_KEY);
}

/** Keeps the match this tab is in, as it stands. */
export function storeMatch(p: MatchedPhase, myPeerId: string | null) {
  const record: StoredMatch = {
    ...p.partner,
    myPeerId: myPeerId ?? "",
    startedAt: p.startedAt,
    ...(p.connectedAt ? { connectedAt: p.connectedAt } : {}),
    reactions: p.reactions,
  };
  sessionStorage.setItem(MATCH_KEY, JSON.stringify(record));
}

export function forgetMatch() {
  sessionStorage.removeItem(MATCH_KEY);
}

export function readSummary(): SessionSummary | null {
  return read<SessionSummary>(SUMMARY_KEY);
}

export function storeSummary(summary: SessionSummary) {
  sessionStorage.setItem(SUMMARY_KEY, JSON.stringify(summary));
}

/** The stored summary's session was ended by this member (their report ended it). */
export function markSummaryMine() {
  const summary = readSummary();
  if (summary) storeSummary({ ...summary, byMe: true });
}
