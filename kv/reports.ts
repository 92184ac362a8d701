// Reports about members, their indexes, and the two-way block a report puts between the two
// members. A report and its index entries always move in one commit.
//
// Indexes (all by report time, ms):
// - reports_by_time/<status>/… and reports_by_time/all/…: the status tabs, newest first.
// - reports_of_member/<member>/…: both members of a report (the search by username).
// - the pending queue, ordered for triage (kv/report_triage.ts): a new report refreshes its
//   reporter's mark and re-ranks the member's pending reports in the commit that stores it.
import { keys } from "./keys.ts";
import { getManyChunked } from "./db.ts";
import {
  countReporters,
  pendingOf,
  type PendingState,
  rebuildPending,
  REPORTERS_WINDOW_MS,
  rerank,
  RERANK_CHUNK,
  rerankStale,
} from "./report_triage.ts";
import { bumpSearchVersion } from "./search_version.ts";
import type { Block } from "./relations.ts";
import type { Report, ReportContext } from "../lib/shared/moderation/reports.ts";

export type ReportStatus = Report["status"];

/** A report as stored once a moderator has acted on it. */
export type ModeratedReport = Report & { reviewedAt?: string; reviewedBy?: string };

/** How long the marks of who reported what (one report a match, a daily count) are kept. */
const REPORT_MARK_TTL_MS = 2 * 86400_000;

const ms = (iso: string) => Date.parse(iso);

function indexKeys(r: Report) {
  const t = ms(r.createdAt);
  const out: Deno.KvKey[] = [
    keys.reportByTime(r.status, t, r.id),
    keys.reportByTime("all", t, r.id),
  ];
  for (const member of [r.reporterId, r.reportedId]) {
    if (member) out.push(keys.reportOfMember(member, t, r.id));
  }
  return out;
}

export type CreateReportResult =
  | { ok: true; reporters: number }
  | { ok: false; reason: "already_reported" | "daily_limit" };

/**
 * Stores a new pending report, its indexes and the block both ways, in one commit, unless the
 * reporter has reported this match already or filed `dailyLimit` reports on `day`: the commit
 * checks both, so racing reports of one match store one, and racing reports never pass the day's
 * limit. The reporter's mark is refreshed and the reported member's pending reports re-ranked
 * by the new count of distinct reporters. Every relation change moves both members' search
 * versions, so a search in progress sees the block.
 */
export async function createReport(
  kv: Deno.Kv,
  report: Report,
  blocks: { reporter: Block; reported: Block },
  limits: { day: string; dailyLimit: number },
): Promise<CreateReportResult> {
  const reporterId = report.reporterId!, reportedId = report.reportedId!;
  const now = ms(report.createdAt);
  const ofMatch = keys.reportOfMatch(reporterId, report.matchId);
  const onDay = keys.reportsOnDay(reporterId, limits.day);
  for (let attempt = 0; attempt < 10; attempt++) {
    const [already, count, stateEntry] = await kv.getMany<[string, number, PendingState]>([
      ofMatch,
      onDay,
      keys.pendingState(reportedId),
    ]);
    if (already.value) return { ok: false, reason: "already_reported" };
    if ((count.value ?? 0) >= limits.dailyLimit) return { ok: false, reason: "daily_limit" };
    const counted = await countReporters(kv, reportedId, now);
    const fresh = !counted.reporters.has(reporterId);
    const reporters = counted.count + (fresh ? 1 : 0);
    const before = stateEntry.value;
    const state: PendingState = {
      count: reporters,
      pending: (before?.pending ?? 0) + 1,
      recountAt: fresh && counted.count === 0 ? now + REPORTERS_WINDOW_MS : counted.recountAt,
    };
    const others = before ? await pendingOf(kv, reportedId) : [];
    const op = kv.atomic()
      .check(already, count, stateEntry)
      .set(ofMatch, report.id, { expireIn: REPORT_MARK_TTL_MS })
      .set(onDay, (count.value ?? 0) + 1, { expireIn: REPORT_MARK_TTL_MS })
      .set(keys.reportMark(reportedId, reporterId), now, { expireIn: REPORTERS_WINDOW_MS })
      .set(keys.report(report.id), report)
      .set(keys.pendingState(reportedId), state)
      .set(keys.pendingOf(reportedId, now, report.id), report.id)
      .set(keys.block(reporterId, reportedId), blocks.reporter)
      .set(keys.block(reportedId, reporterId), blocks.reported);
    for (const k of indexKeys(report)) op.set(k, report.id);
    rerank(op, { t: now, id: report.id }, null, reporters);
    if (before && before.count !== reporters) {
      for (const p of others.slice(0, RERANK_CHUNK)) rerank(op, p, before.count, reporters);
    }
    if ((await bumpSearchVersion(op, reporterId, reportedId).commit()).ok) {
      if (others.length > RERANK_CHUNK) await rerankStale(kv, reportedId);
      return { ok: true, reporters };
    }
  }
  throw new Error("the report could not be stored");
}

export interface ReportPage {
  reports: (ModeratedReport & { reporters: number | null })[];
  /** Opaque; pass it back for the next page. null when this was the last. */
  nextCursor: string | null;
}

async function pageOf(
  kv: Deno.Kv,
  selector: Deno.KvListSelector,
  options: { limit: number; cursor?: string; reverse: boolean },
  keep: (r: ModeratedReport) => boolean = () => true,
): Promise<{ reports: ModeratedReport[]; ranks: number[]; nextCursor: string | null }> {
  const iter = kv.list<string | number>(selector, {
    limit: options.limit,
    reverse: options.reverse,
    cursor: options.cursor || undefined,
  });
  const ids: string[] = [];
  const ranks: number[] = [];
  for await (const e of iter) {
    ids.push(String(e.key.at(-1)));
    ranks.push(0 - Number(e.key[1]));
  }
  const got = (await getManyChunked<ModeratedReport>(kv, ids.map(keys.report))).map((e) => e.value);
  const reports: ModeratedReport[] = [];
  const keptRanks: number[] = [];
  got.forEach((r, i) => {
    if (r && keep(r)) {
      reports.push(r);
      keptRanks.push(ranks[i]);
    }
  });
  return {
    reports,
    ranks: keptRanks,
    nextCursor: ids.length === options.limit ? iter.cursor : null,
  };
}

/**
 * One page of reports. Pending: the triage order (most distinct reporters first, then oldest
 * first), each with that count. Reviewed, dismissed, all: newest first. With `memberId`: the
 * reports that member filed or is named in, newest first, of that status. Throws a TypeError on
 * a cursor this store did not make.
 */
export async function listReportPage(
  kv: Deno.Kv,
  status: ReportStatus | "all",
  options: { limit: number; cursor?: string; memberId?: string },
): Promise<ReportPage> {
  const { limit, cursor, memberId } = options;
  if (memberId) {
    const page = await pageOf(
      kv,
      { prefix: keys.reportsOfMemberPrefix(memberId) },
      { limit, cursor, reverse: true },
      (r) => status === "all" || r.status === status,
    );
    return {
      reports: page.reports.map((r) => ({ ...r, reporters: null })),
      nextCursor: page.nextCursor,
    };
  }
  if (status === "pending") {
    const page = await pageOf(kv, { prefix: keys.pendingRankPrefix() }, {
      limit,
      cursor,
      reverse: false,
    }, (r) => r.status === "pending");
    return {
      reports: page.reports.map((r, i) => ({ ...r, reporters: page.ranks[i] })),
      nextCursor: page.nextCursor,
    };
  }
  const page = await pageOf(kv, { prefix: keys.reportsByTimePrefix(status) }, {
    limit,
    cursor,
    reverse: true,
  }, (r) => status === "all" || r.status === status);
  return {
    reports: page.reports.map((r) => ({ ...r, reporters: null })),
    nextCursor: page.nextCursor,
  };
}

export type ReviewResult =
  | { ok: true; report: ModeratedReport }
  | { ok: false; reason: "not_found" | "not_pending" | "conflict" };

/**
 * Moves a pending report to reviewed or dismissed, with its indexes, in one commit that checks
 * the report (and the reported member's triage state) did not change meanwhile: of two racing
 * reviews exactly one wins. `also` adds its own mutations to that commit (the audit entry, a
 * ban); it may throw to refuse the review.
 */
export async function reviewReport(
  kv: Deno.Kv,
  id: string,
  status: Exclude<ReportStatus, "pending">,
  actorId: string,
  now = new Date(),
  also?: (op: Deno.AtomicOperation, report: ModeratedReport) => Promise<void> | void,
): Promise<ReviewResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [entry, rankOf] = await kv.getMany<[ModeratedReport, number]>([
      keys.report(id),
      keys.pendingRankOf(id),
    ]);
    if (!entry.value) return { ok: false, reason: "not_found" };
    if (entry.value.status !== "pending") return { ok: false, reason: "not_pending" };
    const r = entry.value;
    const t = ms(r.createdAt);
    const after: ModeratedReport = {
      ...r,
      status,
      reviewedAt: now.toISOString(),
      reviewedBy: actorId,
    };
    const op = kv.atomic()
      .check(entry, rankOf)
      .set(keys.report(id), after)
      .delete(keys.reportByTime("pending", t, id))
      .set(keys.reportByTime(status, t, id), id)
      .delete(keys.pendingRankOf(id));
    if (rankOf.value !== null) op.delete(keys.pendingRank(rankOf.value, t, id));
    if (r.reportedId) {
      const state = await kv.get<PendingState>(keys.pendingState(r.reportedId));
      op.check(state).delete(keys.pendingOf(r.reportedId, t, id));
      if (state.value && state.value.pending > 1) {
        op.set(keys.pendingState(r.reportedId), {
          ...state.value,
          pending: state.value.pending - 1,
        });
      } else if (state.value) {
        op.delete(keys.pendingState(r.reportedId));
      }
    }
    await also?.(op, r);
    if ((await op.commit()).ok) return { ok: true, report: after };
  }
  return { ok: false, reason: "conflict" };
}

/**
 * At purge: reports stay for moderation, without the member's personal data (usernames,
 * identifiers, free text). Their index entries under the member go; a pending report about
 * them keeps its place in the queue.
 */
export async function anonymiseReports(kv: Deno.Kv, userId: string) {
  for await (const idx of kv.list({ prefix: keys.reportsOfMemberPrefix(userId) })) {
    const id = String(idx.key[3]);
    const e = await kv.get<Report>(keys.report(id));
    const op = kv.atomic().delete(idx.key);
    if (e.value) {
      const r = e.value;
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
      if (r.context) next.context = anonymiseContext(r.context, r, userId);
      op.check(e).set(e.key, next);
    }
    await op.commit();
  }
  for await (const e of kv.list({ prefix: keys.pendingOfPrefix(userId) })) await kv.delete(e.key);
  for await (const e of kv.list({ prefix: keys.reportMarksPrefix(userId) })) await kv.delete(e.key);
  await kv.delete(keys.pendingState(userId));
}

/** The purged member's side of a report's context keeps nothing (the match times stay). */
function anonymiseContext(c: ReportContext, r: Report, userId: string): ReportContext {
  const blank = { locationPreference: "", hashtag: "", location: "" };
  return {
    ...c,
    reporter: r.reporterId === userId ? blank : c.reporter,
    reported: r.reportedId === userId ? blank : c.reported,
  };
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

/**
 * Writes a stored report's indexes (by status and time, by member, and for a pending report
 * its reporter's mark and its place in the triage queue). Idempotent.
 */
export async function indexReport(kv: Deno.Kv, r: ModeratedReport, now = Date.now()) {
  const op = kv.atomic();
  for (const k of indexKeys(r)) op.set(k, r.id);
  const t = ms(r.createdAt);
  const inWindow = t > now - REPORTERS_WINDOW_MS;
  if (r.reportedId && r.reporterId && inWindow) {
    const mark = keys.reportMark(r.reportedId, r.reporterId);
    const had = (await kv.get<number>(mark)).value ?? 0;
    if (t > had) op.set(mark, t, { expireIn: t + REPORTERS_WINDOW_MS - now });
  }
  if (r.status === "pending" && r.reportedId) op.set(keys.pendingOf(r.reportedId, t, r.id), r.id);
  await op.commit();
  if (r.status === "pending" && r.reportedId) await rebuildPending(kv, r.reportedId, now);
  if (r.status === "pending" && !r.reportedId) {
    await kv.atomic().set(keys.pendingRank(0, t, r.id), r.id).set(keys.pendingRankOf(r.id), 0)
      .commit();
  }
}

const REPORTS_INDEXED = keys.meta("reports_indexed_v2");

/**
 * Indexes reports stored before the triage indexes existed, once (any instance may run it; two
 * at once do the same idempotent work), and removes the old status index.
 */
export async function backfillReportIndexes(kv: Deno.Kv, now = Date.now()): Promise<number> {
  if ((await kv.get(REPORTS_INDEXED)).value) return 0;
  let n = 0;
  for await (const e of kv.list<ModeratedReport>({ prefix: keys.reportsPrefix() })) {
    await indexReport(kv, e.value, now);
    n++;
  }
  for await (const e of kv.list({ prefix: keys.legacyReportsByStatusPrefix() })) {
    await kv.delete(e.key);
  }
  await kv.set(REPORTS_INDEXED, new Date(now).toISOString());
  return n;
}
