// /admin/audit: every administrator action, newest first, a page at a time: when, who, what,
// whom, and the reason given.
import { useState } from "react";
import { getJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { type AuditEntryView, formatReportDate } from "../lib/shared/admin.ts";
import { LoadMore } from "../components/admin/LoadMore.tsx";
import { type AdminKey, t } from "../components/admin/labels.ts";
import { accessDenied, isDenied, useViewerTimeZone } from "../lib/client/admin/hooks.ts";

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
      toast({ title: t("error"), description: t("loadAuditFailed"), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }

  if (!entries.length) {
    return (
      <div class="card admin-empty-card">
        <p class="muted">{t("auditEmpty")}</p>
      </div>
    );
  }
  return (
    <div class="stack">
      <ol class="admin-audit" aria-label={t("auditTitle")}>
        {entries.map((e) => (
          <li key={e.id} class="card admin-audit-entry" data-action={e.action}>
            <p class="admin-audit-line">
              <strong>{e.actorUsername}</strong>{" "}
              <span class="badge admin-audit-action">{actionText(e)}</span>{" "}
              <span class="admin-audit-target">{targetText(e)}</span>
            </p>
            <p class="muted admin-audit-when">
              <time dateTime={e.at}>{formatReportDate(e.at, zone)}</time>
            </p>
            {e.reason && <p class="admin-audit-reason">{t("auditReason", { reason: e.reason })}</p>}
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

const ACTIONS: Record<string, AdminKey> = {
  verify_email: "auditVerifyEmail",
  delete_user: "auditDeleteUser",
  ban: "auditBan",
  unban: "auditUnban",
  review_report: "auditReviewReport",
  dismiss_report: "auditDismissReport",
  create_invitations: "auditCreateInvitations",
  appeal_sent: "auditAppealSent",
  appeal_upheld: "auditAppealUpheld",
  appeal_lifted: "auditAppealLifted",
  second_factor_added: "auditSecondFactorAdded",
  second_factor_used: "auditSecondFactorUsed",
  second_factor_removed: "auditSecondFactorRemoved",
  recovery_codes_renewed: "auditRecoveryCodesRenewed",
  hold: "auditHold",
  hold_lifted: "auditHoldLifted",
};

/** A passkey added or removed as a second factor reads as such (the app's entries as before). */
const PASSKEY_ACTIONS: Record<string, AdminKey> = {
  second_factor_added: "auditPasskeyAdded",
  second_factor_removed: "auditPasskeyRemoved",
};

/** What an action reads as in the log: 'admin banned alice'. */
function actionText({ action, details }: AuditEntryView): string {
  if (details.factor === "passkey" && PASSKEY_ACTIONS[action]) return t(PASSKEY_ACTIONS[action]);
  return ACTIONS[action] ? t(ACTIONS[action]) : action;
}

/**
 * Whom an entry names. The server stores the label in English ('Report on bob by alice', '3
 * invitation codes'; a member's username as is): those two are told again in the page's language.
 */
function targetText(e: AuditEntryView): string {
  const label = e.targetLabel;
  if (e.action === "create_invitations" && typeof e.details.count === "number") {
    return t("auditInvitationsTarget", { count: e.details.count });
  }
  const report = /^Report on (.+) by (.+)$/.exec(label);
  if (report && (e.action === "review_report" || e.action === "dismiss_report")) {
    const reported = report[1] === "deleted member" ? t("auditDeletedMember") : report[1];
    return t("auditReportTarget", { reported, reporter: report[2] });
  }
  return label;
}

/** The facts an entry's details hold, as sentences. */
function auditDetails(e: AuditEntryView, zone?: string): string[] {
  const d = e.details;
  const out: string[] = [];
  if (e.action === "ban") {
    out.push(
      typeof d.until === "string"
        ? t("bannedUntil", { date: formatReportDate(d.until, zone) })
        : t("bannedForever"),
    );
  }
  if (d.method === "recovery" && typeof d.recoveryCodesLeft === "number") {
    out.push(t("auditByRecoveryCode", { count: d.recoveryCodesLeft }));
  }
  if (d.method === "passkey" || d.factor === "passkey") {
    out.push(t("auditByPasskey", { name: typeof d.name === "string" ? d.name : "" }));
  }
  if (typeof d.codes === "string") out.push(t("auditCodes", { codes: d.codes }));
  if (typeof d.reportedUsername === "string") {
    out.push(t("auditReportedMember", { username: d.reportedUsername }));
  }
  return out;
}
