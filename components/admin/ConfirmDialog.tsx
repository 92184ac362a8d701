// A modal confirmation (role=alertdialog): focus starts on Cancel, Escape cancels, and the
// confirming button shows its busy label while the action runs. In the browser it is rendered
// into <body>: the page's animated <main> would otherwise hold it (a transformed ancestor is the
// containing block of position: fixed) beneath the bottom navigation.
import { createPortal, useEffect, useRef } from "react";

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(
  { title, description, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps,
) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !busy) onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [busy, onCancel]);

  const dialog = (
    <div class="modal-backdrop">
      <div
        class="card modal stack"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-description"
      >
        <h2 id="confirm-title" class="card-title">{title}</h2>
        <p id="confirm-description" class="muted">{description}</p>
        <div class="button-row button-row-end">
          <button
            type="button"
            class="button button-secondary"
            ref={cancelRef}
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <button type="button" class="button button-danger" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
  return typeof document === "undefined" ? dialog : createPortal(dialog, document.body);
}
