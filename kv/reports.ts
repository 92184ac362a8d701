// Reports about members, their status index, and the two-way block a report puts between the
// two members. A report and its index entry always move in one commit, so a report is listed
// under exactly one status.
import { keys } from "./keys.ts";
import { bumpSearchVersion } from "./search_version.ts";
import type { Block } from "./relations.ts";
import type { Report } from "../lib/moderation/reports.ts";

export type ReportStatus = Report["status"];

/** A report as stored once a moderator has acted on it. */
export type ModeratedReport = Report & { reviewedAt?: string; reviewedBy?: string };

/** How long the marks of who reported what (one report a match, a daily count) are kept. */
const REPORT_MARK_TTL_MS = 2 * 86400_000;

export type CreateReportResult =
  | { ok: true }
  | { ok: false; reason: "already_reported" | "daily_limit" };

/**
 * Stores a new pending report and the block both ways, in one commit, unless the reporter has
 * reported this match already or filed `dailyLimit` reports on `day`: the commit checks both, so
 * racing reports of one match store one, and racing reports never pass the day's limit. Every
 * relation change moves both members' search versions, so a search in progress sees the block.
 */
export async function createReport(
  kv: Deno.Kv,
  report: Report,
  blocks: { reporter: Block; reported: Block },
  limits: { day: string; dailyLimit: number },
): Promise<CreateReportResult> {
  const reporterId = report.reporterId!, reportedId = report.reportedId!;
  const ofMatch = keys.reportOfMatch(reporterId, report.matchId);
  const onDay = keys.reportsOnDay(reporterId, limits.day);
  for (let attempt = 0; attempt < 10; attempt++) {
    const [already, count] = await kv.getMany<[string, number]>([ofMatch, onDay]);
    if (already.value) return { ok: false, reason: "already_reported" };
    if ((count.value ?? 0) >= limits.dailyLimit) return { ok: false, reason: "daily_limit" };
    const op = kv.atomic()
      .check(already, count)
      .set(ofMatch, report.id, { expireIn: REPORT_MARK_TTL_MS })
      .set(onDay, (count.value ?? 0) + 1, { expireIn: REPORT_MARK_TTL_MS })
      .set(keys.report(report.id), report)
      .set(keys.reportByStatus("pending", report.id), report.id)
      .set(keys.block(reporterId, reportedId), blocks.reporter)
      .set(keys.block(reportedId, reporterId), blocks.reported);
    if ((await bumpSearchVersion(op, reporterId, reportedId).commit()).ok) return { ok: true };
  }
  throw new Error("the report could not be stored");
}

/** Every report, or those with one status (through the status index). */
export async function listReports(
  kv: Deno.Kv,
  status?: ReportStatus,
): Promise<ModeratedReport[]> {
  if (!status) {
    const all: ModeratedReport[] = [];
    for await (const e of kv.list<ModeratedReport>({ prefix: keys.reportsPrefix() })) {
      all.push(e.value);
    }
    return all;
  }
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix: keys.reportsByStatusPrefix(status) })) {
    ids.push(String(e.key[2]));
  }
  const out: ModeratedReport[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<ModeratedReport[]>(ids.slice(i, i + 10).map(keys.report));
    for (const e of entries) if (e.value && e.value.status === status) out.push(e.value);
  }
  return out;
}

export type ReviewResult =
  | { ok: true; report: ModeratedReport }
  | { ok: false; reason: "not_found" | "not_pending" | "conflict" };

/**
 * Moves a pending report to reviewed or dismissed, with its index entry, in one commit that
 * checks the report did not change meanwhile: of two racing reviews exactly one wins.
 */
export async function reviewReport(
  kv: Deno.Kv,
  id: string,
  status: Exclude<ReportStatus, "pending">,
  actorId: string,
  now = new Date(),
): Promise<ReviewResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<ModeratedReport>(keys.report(id));
    if (!entry.value) return { ok: false, reason: "not_found" };
    if (entry.value.status !== "pending") return { ok: false, reason: "not_pending" };
    const after: ModeratedReport = {
      ...entry.value,
      status,
      reviewedAt: now.toISOString(),
      reviewedBy: actorId,
    };
    const res = await kv.atomic()
      .check(entry)
      .set(keys.report(id), after)
      .delete(keys.reportByStatus("pending", id))
      .set(keys.reportByStatus(status, id), id)
      .commit();
    if (res.ok) return { ok: true, report: after };
  }
  return { ok: false, reason: "conflict" };
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
    await bumpSearchVersion(kv.atomic().delete(e.key).delete(keys.block(other, userId)), other)
      .commit();
  }
}
