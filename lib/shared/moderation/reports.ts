// The shape of a stored report and of the match it was filed about, as the report, the admin API
// and the admin pages read it.
import type { ReportReason } from "./report_texts.ts";

export interface Report {
  id: string;
  status: "pending" | "reviewed" | "dismissed";
  createdAt: string;
  reporterId: string | null;
  reporterUsername: string;
  reportedId: string | null;
  reportedUsername?: string;
  reportReason: ReportReason;
  additionalDetails: string;
  partnerPeerId: string;
  matchId: string;
  blocked: boolean;
  /** The match as it was when the report was filed (match records expire after 48 hours). */
  context?: ReportContext;
}

/** One side of a reported match: what they searched for and where they appeared to be. */
export interface SideContext {
  /** 'global', or a country or continent the member chose to meet. */
  locationPreference: string;
  /** The topic the match was made on, or "". */
  hashtag: string;
  /** Where this side appeared to be, as their partner saw it. */
  location: string;
}

export interface ReportContext {
  matchStartedAt: string | null;
  matchEndedAt: string | null;
  reporter: SideContext;
  reported: SideContext;
}
