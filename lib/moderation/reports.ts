// Reports and blocks (SPEC sections 3, 5, 9; issue: Realtime, point 9). A report names a partner
// by the peer id of a session; the server accepts it only when the two really were matched in
// the last 24 hours. Reported pairs never meet again; blocking is on by default.
import { z } from "zod";
import { keys } from "../../kv/keys.ts";
import { type Block, partnerByPeerId } from "../../kv/relations.ts";
import { getUser } from "../../kv/users.ts";
import { REPORT_REASONS, REPORT_TEXT, type ReportReason } from "./report_texts.ts";

export { REPORT_REASONS, REPORT_TEXT };
export type { ReportReason };

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
}

export const reportSchema = z.object({
  reportReason: z.string().max(40).default(""),
  additionalDetails: z.string().max(2000).default(""),
  partnerPeerId: z.string().max(64).default(""),
  blockUser: z.boolean().default(true),
});

export class ReportError extends Error {
  constructor(message: string, readonly status: 400 | 404) {
    super(message);
  }
}

/** Validates, resolves the partner, stores the report and the two-way block. */
export async function fileReport(
  kv: Deno.Kv,
  reporterId: string,
  input: z.infer<typeof reportSchema>,
): Promise<Report> {
  const reason = REPORT_REASONS.find((r) => r.id === input.reportReason);
  if (!reason) throw new ReportError(REPORT_TEXT.reasonRequired, 400);
  const details = input.additionalDetails.trim();
  if (reason.id === "other" && !details) throw new ReportError(REPORT_TEXT.detailsRequired, 400);
  const seen = input.partnerPeerId
    ? await partnerByPeerId(kv, reporterId, input.partnerPeerId)
    : null;
  if (!seen) throw new ReportError(REPORT_TEXT.unknownPartner, 404);
  const [reporter, reported] = await Promise.all([
    getUser(kv, reporterId),
    getUser(kv, seen.partnerId),
  ]);
  if (!reporter) throw new ReportError(REPORT_TEXT.unknownPartner, 404);
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
  };
  const mine: Block = { reason: input.blockUser ? "blocked" : "reported", at: now };
  const theirs: Block = { reason: input.blockUser ? "blocked_by" : "reported_by", at: now };
  await kv.atomic()
    .set(keys.report(report.id), report)
    .set(keys.reportByStatus("pending", report.id), report.id)
    .set(keys.block(reporterId, seen.partnerId), mine)
    .set(keys.block(seen.partnerId, reporterId), theirs)
    .sum(keys.searchVersion(reporterId), 1n)
    .sum(keys.searchVersion(seen.partnerId), 1n)
    .commit();
  return report;
}

/** At purge: reports stay for moderation, without the member's personal data. */
export async function anonymiseReports(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list<Report>({ prefix: keys.reportsPrefix() })) {
    const r = e.value;
    if (r.reporterId !== userId && r.reportedId !== userId) continue;
    const next: Report = { ...r };
    if (r.reporterId === userId) {
      next.reporterId = null;
      next.reporterUsername = "deleted member";
    }
    if (r.reportedId === userId) {
      next.reportedId = null;
      next.reportedUsername = "deleted member";
    }
    next.additionalDetails = r.additionalDetails ? "(removed with the member's account)" : "";
    next.partnerPeerId = "";
    await kv.atomic().check(e).set(e.key, next).commit();
  }
}

/**
 * At purge: the blocks on both sides go with the member (whose search version is gone with
 * the record; the other member's moves).
 */
export async function purgeBlocks(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.blocksPrefix(userId) })) {
    const other = String(e.key.at(-1));
    await kv.atomic().delete(e.key).delete(keys.block(other, userId))
      .sum(keys.searchVersion(other), 1n)
      .commit();
  }
}
