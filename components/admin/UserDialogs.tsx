// The confirmation /admin/users has open, if any: Delete (confirm only), Ban (a reason and a
// duration) or Unban.
import type { AdminUser } from "../../lib/shared/admin.ts";
import { BanDialogs } from "./BanDialog.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { t } from "./labels.ts";

export function UserDialogs({ dialog, busyId, error, onDelete, onBan, onUnban, onCancel }: {
  dialog: { kind: "delete" | "ban" | "unban"; user: AdminUser } | null;
  /** The member an action runs for: the open dialog waits when it is theirs. */
  busyId: string | null;
  /** The server's refusal of the last ban. */
  error: string;
  onDelete(user: AdminUser): void;
  onBan(user: AdminUser, reason: string, days: number | undefined): void;
  onUnban(user: AdminUser): void;
  onCancel(): void;
}) {
  return (
    <>
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={t("deleteTitle")}
          description={t("deleteDescription", { username: dialog.user.username })}
          confirmLabel={t("delete")}
          busyLabel={t("deleting")}
          busy={busyId === dialog.user.id}
          onConfirm={() => onDelete(dialog.user)}
          onCancel={onCancel}
        />
      )}
      <BanDialogs
        dialog={dialog}
        busy={!!dialog && busyId === dialog.user.id}
        error={error}
        onBan={onBan}
        onUnban={onUnban}
        onCancel={onCancel}
      />
    </>
  );
}
