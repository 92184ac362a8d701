// The ban confirmation of both admin user tables: a reason (required, at most BAN_REASON_MAX
// characters) and a duration (1, 7 or 30 days, permanent, or a typed number of days), checked
// here with the server's own texts before anything is sent; the server's refusal shows inside.
import { useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import {
  type AdminUser,
  BAN_DURATIONS,
  banDays,
  type BanDuration,
} from "../../lib/shared/admin.ts";
import { BAN_MAX_DAYS, BAN_REASON_MAX } from "../../lib/shared/moderation/bans.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { t } from "./labels.ts";

/** A duration's label in the ban dialog's list. */
function durationLabel(value: BanDuration): string {
  if (value === "permanent") return t("banPermanent");
  if (value === "custom") return t("banCustom");
  return t("banDurationDays", { count: Number(value) });
}

export interface BanDialogProps {
  username: string;
  /** Another title, text and button for a ban made with another action (a report's review). */
  title?: string;
  description?: string;
  confirmLabel?: string;
  busy: boolean;
  /** The server's refusal of the last try, if any. */
  error: string;
  onConfirm(reason: string, days: number | undefined): void;
  onCancel(): void;
}

export function BanDialog(
  { username, title, description, confirmLabel, busy, error, onConfirm, onCancel }: BanDialogProps,
) {
  const [reason, setReason] = useState("");
  const [duration, setDuration] = useState<BanDuration>("7");
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState("");

  function confirm() {
    const text = reason.trim();
    if (!text) return setProblem(t("banReasonRequired"));
    if (text.length > BAN_REASON_MAX) return setProblem(t("banReasonTooLong"));
    const days = banDays(duration, typed);
    if ("error" in days) return setProblem(say(days.error));
    setProblem("");
    onConfirm(text, days.days);
  }

  const shown = problem || error;
  return (
    <ConfirmDialog
      title={title ?? t("banTitle", { username })}
      description={description ?? t("banDescription")}
      confirmLabel={confirmLabel ?? t("ban")}
      busyLabel={t("banBusy")}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <label class="field">
        <span>{t("banReason")}</span>
        <textarea
          name="reason"
          rows={3}
          maxLength={BAN_REASON_MAX}
          required
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span>{t("banDuration")}</span>
        <select
          name="duration"
          value={duration}
          onChange={(e) => setDuration(e.currentTarget.value as BanDuration)}
        >
          {BAN_DURATIONS.map((value) => (
            <option key={value} value={value}>{durationLabel(value)}</option>
          ))}
        </select>
      </label>
      {duration === "custom" && (
        <label class="field">
          <span>{t("banDays")}</span>
          <input
            name="days"
            type="number"
            inputMode="numeric"
            min={1}
            max={BAN_MAX_DAYS}
            step={1}
            required
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
        </label>
      )}
      {shown && <p class="form-error" role="alert">{shown}</p>}
    </ConfirmDialog>
  );
}

/**
 * The ban or unban confirmation a users table has open, if any: Ban asks for a reason and a
 * duration, Unban only confirms.
 */
export function BanDialogs({ dialog, busy, error, onBan, onUnban, onCancel }: {
  dialog: { kind: string; user: AdminUser } | null;
  busy: boolean;
  error: string;
  onBan(user: AdminUser, reason: string, days: number | undefined): void;
  onUnban(user: AdminUser): void;
  onCancel(): void;
}) {
  if (dialog?.kind === "ban") {
    return (
      <BanDialog
        username={dialog.user.username}
        busy={busy}
        error={error}
        onConfirm={(reason, days) => onBan(dialog.user, reason, days)}
        onCancel={onCancel}
      />
    );
  }
  if (dialog?.kind === "unban") {
    return (
      <ConfirmDialog
        title={t("unbanTitle", { username: dialog.user.username })}
        description={t("unbanDescription")}
        confirmLabel={t("unban")}
        busyLabel={t("unbanBusy")}
        busy={busy}
        onConfirm={() => onUnban(dialog.user)}
        onCancel={onCancel}
      />
    );
  }
  return null;
}
