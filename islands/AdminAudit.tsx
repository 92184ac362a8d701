// /admin/audit: every administrator action, newest first, a page at a time: when, who, what,
// whom, and the reason given.
import { useState } from "react";
import { getJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import {
  ADMIN_TEXT,
  auditActionLabel,
  type AuditEntryView,
  formatReportDate,
} from "../shared/admin.ts";
import { LoadMore } from "../components/admin/LoadMore.tsx";
import { accessDenied, isDenied, useViewerTimeZone } from "../client/admin/hooks.ts";

export interface AdminAuditProps {
  initial: { entries: AuditEntryView[]; nextCursor: string | null };
}

export default function AdminAudit({ initial }: AdminAuditProps) {
  const [entries, setEntries] = useState(initial.entries);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const zone = useViewerTimeZone();

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await getJson<AdminAuditProps["initial"]>(
        `/api/admin/audit?cursor=${encodeURIComponent(cursor)}`,
      );
      setEntries((shown) => [...shown, ...page.entries]);
      setCursor(page.nextCursor);
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      toast({
        title: ADMIN_TEXT.error,
        description: ADMIN_TEXT.loadAuditFailed,
        variant: "destructive",
      });
    } finally {
      setLoading(false);
    }
  }

  if (!entries.length) {
    return (
      <div class="card admin-empty-card">
        <p class="muted">{ADMIN_TEXT.auditEmpty}</p>
      </div>
    );
  }
  return (
    <div class="stack">
      <ol class="admin-audit" aria-label={ADMIN_TEXT.auditTitle}>
        {entries.map((e) => (
          <li key={e.id} class="card admin-audit-entry" data-action={e.action}>
            <p class="admin-audit-line">
              <strong>{e.actorUsername}</strong>{" "}
              <span class="badge admin-audit-action">{auditActionLabel(e.action)}</span>{" "}
              <span class="admin-audit-target">{e.targetLabel}</span>
            </p>
            <p class="muted admin-audit-when">
              <time dateTime={e.at}>{formatReportDate(e.at, zone)}</time>
            </p>
            {e.reason && <p class="admin-audit-reason">Reason: {e.reason}</p>}
            {auditDetails(e, zone).map((d) => <p key={d} class="muted admin-audit-detail">{d}</p>)}
          </li>
        ))}
      </ol>
      {cursor && (
        <div class="button-row admin-more">
          <LoadMore busy={loading} onMore={loadMore} />
        </div>
      )}
    </div>
  );
}

/** The facts an entry's details hold, as sentences. */
function auditDetails(e: AuditEntryView, zone?: string): string[] {
  const d = e.details;
  const out: string[] = [];
  if (e.action === "ban") {
    out.push(
      typeof d.until === "string"
        ? ADMIN_TEXT.bannedUntil(formatReportDate(d.until, zone))
        : ADMIN_TEXT.bannedForever,
    );
  }
  if (typeof d.codes === "string") out.push(`Codes: ${d.codes}`);
  if (typeof d.reportedUsername === "string") out.push(`Reported member: ${d.reportedUsername}`);
  return out;
}
