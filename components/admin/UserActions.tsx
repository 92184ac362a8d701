// The Actions of both admin user tables: Verify while unverified, Ban (Unban while banned) and
// Delete. An administrator is never offered Ban or Delete on their own account.
import type { AdminUser } from "../../lib/shared/admin.ts";
import { t } from "./labels.ts";

/** What a row's actions do, for the member the row shows. */
export interface UserHandlers {
  onVerify(user: AdminUser): void;
  onDelete(user: AdminUser): void;
  onBan(user: AdminUser): void;
  onUnban(user: AdminUser): void;
}

export function UserActions(
  { user, busy, self, on }: { user: AdminUser; busy: boolean; self: boolean; on: UserHandlers },
) {
  return (
    <div class="admin-actions">
      {!user.emailVerified && (
        <button
          type="button"
          class="button button-secondary button-small"
          disabled={busy}
          onClick={() => on.onVerify(user)}
          aria-label={t("verifyUser", { username: user.username })}
        >
          {t("verify")}
        </button>
      )}
      {!self && (user.ban
        ? (
          <button
            type="button"
            class="button button-secondary button-small"
            disabled={busy}
            onClick={() => on.onUnban(user)}
            aria-label={t("unbanUser", { username: user.username })}
          >
            {t("unban")}
          </button>
        )
        : (
          <button
            type="button"
            class="button button-danger button-small"
            disabled={busy}
            onClick={() => on.onBan(user)}
            aria-label={t("banUser", { username: user.username })}
          >
            {t("ban")}
          </button>
        ))}
      {!self && (
        <button
          type="button"
          class="button button-danger button-small"
          disabled={busy}
          onClick={() => on.onDelete(user)}
          aria-label={t("deleteUser", { username: user.username })}
        >
          {t("delete")}
        </button>
      )}
    </div>
  );
}
