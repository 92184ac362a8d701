// The ban dialog (role=alertdialog): a required reason and a duration, Cancel and the confirming
// button. Focus starts on the reason; Escape cancels. Rendered into <body> like ConfirmDialog.
import { createPortal, useEffect, useRef, useState } from "react";
import { BAN_REASON_MAX } from "../../lib/moderation/bans.ts";
import { BAN_DURATIONS, type BanDurationId, banRequestOf } from "../../lib/admin/ban_form.ts";

export interface BanDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** A text from the server to show (e.g. the member is gone). */
  error?: string | null;
  onConfirm(body: { reason: string; days?: number }): void;
  onCancel(): void;
}

export function BanDialog(props: BanDialogProps) {
  const { title, description, confirmLabel, busyLabel, busy, onConfirm, onCancel } = props;
  const [reason, setReason] = useState("");
  const [duration, setDuration] = useState<BanDurationId>("7");
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    reasonRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !busy) onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [busy, onCancel]);

  function submit(e: Event) {
    e.preventDefault();
    const request = banRequestOf(reason, duration);
    if (!request.ok) return setProblem(request.error);
    setProblem(null);
    onConfirm(request.body);
  }

  const error = problem ?? props.error ?? null;
  const dialog = (
    <div class="modal-backdrop">
      <form
        class="card modal stack"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="ban-title"
        aria-describedby="ban-description"
        onSubmit={submit}
        noValidate
      >
        <h2 id="ban-title" class="card-title">{title}</h2>
        <p id="ban-description" class="muted">{description}</p>
        <label class="field">
          <span>Reason</span>
          <textarea
            ref={reasonRef}
            name="reason"
            rows={3}
            maxLength={BAN_REASON_MAX}
            required
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "ban-error" : undefined}
          />
        </label>
        <label class="field">
          <span>Duration</span>
          <select
            name="duration"
            value={duration}
            onChange={(e) => setDuration(e.currentTarget.value as BanDurationId)}
          >
            {BAN_DURATIONS.map((d) => <option key={d.id} value={d.id}>{d.label}</option>)}
          </select>
        </label>
        {error && <p id="ban-error" class="form-error" role="alert">{error}</p>}
        <div class="button-row button-row-end">
          <button type="button" class="button button-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" class="button button-danger" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </div>
  );
  return typeof document === "undefined" ? dialog : createPortal(dialog, document.body);
}
