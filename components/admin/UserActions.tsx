// The Actions cell of both admin user tables: Verify while unverified, and Delete (never one's
// own account).
export function UserActions(
  { user, busy, self, onVerify, onDelete }: {
    user: { id: string; username: string; emailVerified: boolean };
    busy: boolean;
    self: boolean;
    onVerify(): void;
    onDelete(): void;
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
      <button
        type="button"
        class="button button-danger button-small"
        disabled={busy || self}
        title={self ? "You cannot delete your own account here" : undefined}
        onClick={onDelete}
        aria-label={`Delete ${user.username}`}
      >
        Delete
      </button>
    </div>
  );
}
