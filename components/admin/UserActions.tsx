// The Actions of both admin user tables: Verify while unverified, Ban (Unban while banned) and
// Delete. An administrator is never offered Ban or Delete on their own account.
import type { AdminUser } from "../../shared/admin.ts";

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
          aria-label={`Verify ${user.username}`}
        >
          Verify
        </button>
      )}
      {!self && (user.ban
        ? (
          <button
            type="button"
            class="button button-secondary button-small"
            disabled={busy}
            onClick={() => on.onUnban(user)}
            aria-label={`Unban ${user.username}`}
          >
            Unban
          </button>
        )
        : (
          <button
            type="button"
            class="button button-danger button-small"
            disabled={busy}
            onClick={() => on.onBan(user)}
            aria-label={`Ban ${user.username}`}
          >
            Ban
          </button>
        ))}
      {!self && (
        <button
          type="button"
          class="button button-danger button-small"
          disabled={busy}
          onClick={() => on.onDelete(user)}
          aria-label={`Delete ${user.username}`}
        >
          Delete
        </button>
      )}
    </div>
  );
}
