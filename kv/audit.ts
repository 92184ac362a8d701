// The audit log: one entry per administrator action, appended and never edited. Keyed by time,
// so the newest-first list is a reverse range read and the retention sweep a forward one.
import { keys } from "./keys.ts";

export const AUDIT_ACTIONS = [
  "verify_email",
  "delete_user",
  "ban",
  "unban",
  "review_report",
  "dismiss_report",
  "create_invitations",
  "appeal_sent",
  "appeal_upheld",
  "appeal_lifted",
  "second_factor_added",
  "second_factor_used",
  "second_factor_removed",
  "recovery_codes_renewed",
  "hold",
  "hold_lifted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  /** ISO time of the action. */
  at: string;
  actorId: string;
  actorUsername: string;
  action: AuditAction;
  /** The member, report or (for invitations) nothing the action was about. */
  targetId: string | null;
  /** What the log shows for the target: a username, or a short description. */
  targetLabel: string;
  /** The reason given (bans), else "". */
  reason: string;
  /** Facts of the action, e.g. a ban's end, the codes created, the report's member. */
  details: Record<string, string | number | boolean | null>;
}

/** How long audit entries are kept (the privacy policy's "security logs": one year). */
export const AUDIT_RETENTION_MS = 365 * 86400_000;

/** The entry's key: by time first (ms), then its id. */
function entryKey(e: AuditEntry) {
  return keys.audit(Date.parse(e.at), e.id);
}

/**
 * Adds the entry to a commit (so it lands exactly when the action does). The key must be new:
 * an entry is never overwritten. It expires after the retention period (the sweep also removes
 * it, in case the store's expiry runs late).
 */
export function appendAudit(op: Deno.AtomicOperation, entry: AuditEntry) {
  const key = entryKey(entry);
  return op.check({ key, versionstamp: null }).set(key, entry, { expireIn: AUDIT_RETENTION_MS });
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Opaque; pass it back for the next (older) page. null when this was the last. */
  nextCursor: string | null;
}

/** One page of the log, newest first. Throws a TypeError on a cursor this store did not make. */
export async function listAudit(
  kv: Deno.Kv,
  limit: number,
  cursor?: string,
): Promise<AuditPage> {
  const iter = kv.list<AuditEntry>({ prefix: keys.auditPrefix() }, {
    reverse: true,
    limit,
    cursor: cursor || undefined,
  });
  const entries: AuditEntry[] = [];
  for await (const e of iter) entries.push(e.value);
  return { entries, nextCursor: entries.length === limit ? iter.cursor : null };
}

/** Removes entries older than `retentionMs` before `now`; returns how many went. */
export async function sweepAudit(
  kv: Deno.Kv,
  now = Date.now(),
  retentionMs = AUDIT_RETENTION_MS,
): Promise<number> {
  let n = 0;
  const iter = kv.list({
    start: keys.auditPrefix(),
    end: keys.audit(now - retentionMs, ""),
  });
  let op = kv.atomic();
  let batch = 0;
  for await (const e of iter) {
    op.delete(e.key);
    n++;
    if (++batch === 500) {
      await op.commit();
      op = kv.atomic();
      batch = 0;
    }
  }
  if (batch) await op.commit();
  return n;
}
