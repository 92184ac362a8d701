// A modal confirmation (role=alertdialog): focus starts on its first field when it has fields
// (`children`), else on Cancel; Escape cancels; Enter in a one-line field confirms; and the confirming
// button shows its busy label while the action runs. In the browser it is rendered into <body>:
// the page's animated <main> would otherwise hold it (a transformed ancestor is the containing
// block of position: fixed) beneath the bottom navigation.
import { createPortal, useEffect, useRef } from "react";
import type { ComponentChildren } from "preact";
import type { JSX } from "react";
import { t } from "./labels.ts";

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Fields the confirmation asks for, between the description and the buttons. */
  children?: ComponentChildren;
}

export function ConfirmDialog(
  { title, description, confirmLabel, busyLabel, busy, onConfirm, onCancel, children }:
    ConfirmDialogProps,
) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = formRef.current?.querySelector<HTMLElement>("input, textarea, select");
    (field ?? cancelRef.current)?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !busy) onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [busy, onCancel]);

  const submit = (e: JSX.TargetedEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onConfirm();
  };

  const dialog = (
    <div class="modal-backdrop">
      <form
        ref={formRef}
        class="card modal stack"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-description"
        onSubmit={submit}
        noValidate
      >
        <h2 id="confirm-title" class="card-title">{title}</h2>
        <p id="confirm-description" class="muted">{description}</p>
        {children}
        <div class="button-row button-row-end">
          <button
            type="button"
            class="button button-secondary"
            ref={cancelRef}
            onClick={onCancel}
            disabled={busy}
          >
            {t("cancel")}
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
