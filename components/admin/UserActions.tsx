// The Actions of both admin user tables: Verify while unverified, Ban (Unban while banned) and
// Delete. An administrator is never offered Ban or Delete on their own account.
export function UserActions(
  { user, busy, self, onVerify, onDelete, onBan, onUnban }: {
    user: { id: string; username: string; emailVerified: boolean; ban: unknown };
    busy: boolean;
    self: boolean;
    onVerify(): void;
    onDelete(): void;
    onBan(): void;
    onUnban(): void;
  },
) {
  return (
    <div class="admin-actions">
      {!user.emailVerified && (
        <button
          type="button"
          class="button button-secondary button-small"
          disabled={busy}
          onClick={onVerify}
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
            onClick={onUnban}
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
            onClick={onBan}
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
          onClick={onDelete}
          aria-label={`Delete ${user.username}`}
        >
          Delete
        </button>
      )}
    </div>
  );
}
