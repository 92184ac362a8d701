// Review and ban on /admin/reports: the ban dialog (./BanDialog.tsx) titled for the report's
// reported member; confirming reviews the report and bans them in one request.
import type { AdminReport } from "../../lib/shared/admin.ts";
import { BanDialog } from "./BanDialog.tsx";
import { t } from "./labels.ts";

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
      title={t("reviewBanTitle", { username: name })}
      description={t("reviewBanDescription")}
      confirmLabel={t("reviewAndBan")}
      busy={busy}
      error={error ?? ""}
      onConfirm={(reason, days) => onConfirm(days === undefined ? { reason } : { reason, days })}
      onCancel={onCancel}
    />
  );
}
