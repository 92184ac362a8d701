// Reports and blocks. A report names a partner by the peer id of a session; the server accepts
// it only when the two really were matched in the last 24 hours. Reported pairs never meet
// again; blocking the reported member is on by default.
import { z } from "zod";
import { type Block, partnerByPeerId } from "../../../kv/relations.ts";
import { createReport } from "../../../kv/reports.ts";
import { dueMet } from "../../../kv/match_follow_up.ts";
import { getUser } from "../../../kv/users.ts";
import { AppError } from "../http/errors.ts";
import {
  REPORT_REASONS,
  type ReportReason,
  REPORTS_PER_DAY,
} from "../../shared/moderation/report_texts.ts";
import { type Said, said } from "../../shared/i18n/said.ts";
import { dayKey } from "../../../kv/hashtags.ts";
import { getMatch, otherSide, sideOf } from "../../../kv/matches.ts";
import type { Filters } from "../../shared/filters.ts";
import { getFilters } from "../../../kv/filters.ts";
import type { Report, ReportContext, SideContext } from "../../shared/moderation/reports.ts";
export type { Report, ReportContext, SideContext };

export { REPORT_REASONS };
export type { ReportReason };
export { anonymiseReports, purgeBlocks } from "../../../kv/reports.ts";

export const reportSchema = z.object({
  reportReason: z.string().max(40).default(""),
  additionalDetails: z.string().max(2000).default(""),
  partnerPeerId: z.string().max(64).default(""),
  blockUser: z.boolean().default(true),
});

export class ReportError extends AppError {
  constructor(message: Said, status: 400 | 404 | 409 | 429) {
    super(status, message);
    this.name = "ReportError";
  }
}

/** Validates, resolves the partner, stores the report and the two-way block. */
export async function fileReport(
  kv: Deno.Kv,
  reporterId: string,
  input: z.infer<typeof reportSchema>,
): Promise<Report> {
  const reason = REPORT_REASONS.find((r) => r.id === input.reportReason);
  if (!reason) throw new ReportError(said("live.reasonRequired"), 400);
  const details = input.additionalDetails.trim();
  if (reason.id === "other" && !details) throw new ReportError(said("live.detailsRequired"), 400);
  const seen = input.partnerPeerId
    ? await partnerByPeerId(kv, reporterId, input.partnerPeerId) ??
      await dueMet(kv, reporterId, input.partnerPeerId)
    : null;
  if (!seen) throw new ReportError(said("admin.reportUnknownPartner"), 404);
  const [reporter, reported, context] = await Promise.all([
    getUser(kv, reporterId),
    getUser(kv, seen.partnerId),
    matchContext(kv, seen.matchId, reporterId, seen.partnerId),
  ]);
  if (!reporter) throw new ReportError(said("admin.reportUnknownPartner"), 404);
  const now = new Date().toISOString();
  const report: Report = {
    id: crypto.randomUUID(),
    status: "pending",
    createdAt: now,
    reporterId,
    reporterUsername: reporter.username,
    reportedId: seen.partnerId,
    reportedUsername: reported?.username,
    reportReason: reason.id,
    additionalDetails: details,
    partnerPeerId: input.partnerPeerId,
    matchId: seen.matchId,
    blocked: input.blockUser,
    context,
  };
  const reporterBlock: Block = { reason: input.blockUser ? "blocked" : "reported", at: now };
  const reportedBlock: Block = { reason: input.blockUser ? "blocked_by" : "reported_by", at: now };
  const stored = await createReport(
    kv,
    report,
    { reporter: reporterBlock, reported: reportedBlock },
    { day: dayKey(), dailyLimit: REPORTS_PER_DAY },
  );
  if (!stored.ok && stored.reason === "already_reported") {
    throw new ReportError(said("admin.reportAlreadyReported"), 409);
  }
  if (!stored.ok) throw new ReportError(said("admin.reportDailyLimit"), 429);
  return report;
}

/** A member's location preference as a moderator reads it: 'global', a country or a continent. */
function preferenceLabel(f: Filters): string {
  if (f.locationPreference === "country" && f.countryPreference) return f.countryPreference;
  if (f.locationPreference === "continent" && f.continentPreference) return f.continentPreference;
  return f.locationPreference;
}

/**
 * The reported match as it is now (its record expires after 48 hours, the report stays): when it
 * started and ended (a live match ends as the report is filed), each side's location preference,
 * topic and where they appeared to be.
 */
async function matchContext(
  kv: Deno.Kv,
  matchId: string,
  reporterId: string,
  reportedId: string,
  now = Date.now(),
): Promise<ReportContext> {
  const [match, reporterFilters, reportedFilters] = await Promise.all([
    getMatch(kv, matchId),
    getFilters(kv, reporterId),
    getFilters(kv, reportedId),
  ]);
  const m = match.value;
  const mine = m ? sideOf(m, reporterId) : null;
  const theirs = m ? otherSide(m, reporterId) : null;
  const iso = (t: number | undefined | null) => (t ? new Date(t).toISOString() : null);
  return {
    matchStartedAt: iso(m?.startedAt),
    matchEndedAt: m ? iso(m.status === "ended" ? m.endedAt ?? now : now) : null,
    reporter: {
      locationPreference: preferenceLabel(reporterFilters),
      hashtag: mine?.hashtag ?? "",
      location: theirs?.location ?? "",
    },
    reported: {
      locationPreference: preferenceLabel(reportedFilters),
      hashtag: theirs?.hashtag ?? "",
      location: mine?.location ?? "",
    },
  };
}
