// Review and ban on /admin/reports: the ban dialog (./BanDialog.tsx) titled for the report's
// reported member; confirming reviews the report and bans them in one request.
import { ADMIN_TEXT, type AdminReport } from "../../shared/admin.ts";
import { BanDialog } from "./BanDialog.tsx";

export function ReviewBanDialog({ report, busy, error, onConfirm, onCancel }: {
  report: AdminReport;
  busy: boolean;
  /** The server's refusal of the last try. */
  error: string | null;
  onConfirm(ban: { reason: string; days?: number }): void;
  onCancel(): void;
}) {
  const name = report.reportedUsername ?? "";
  return (
    <BanDialog
      username={name}
      title={ADMIN_TEXT.reviewBanTitle(name)}
      description={ADMIN_TEXT.reviewBanDescription}
      confirmLabel={ADMIN_TEXT.reviewAndBan}
      busy={busy}
      error={error ?? ""}
      onConfirm={(reason, days) => onConfirm(days === undefined ? { reason } : { reason, days })}
      onCancel={onCancel}
    />
  );
}
