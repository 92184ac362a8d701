// The report dialog: one of six reasons (required), details (required for 'Other'), and
// 'Block this user', on by default.
import { useState } from "react";
import type { JSX } from "react";
import { REPORT_REASONS } from "../../lib/shared/moderation/report_texts.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";
import type { ReportInput } from "../../lib/client/report_partner.ts";

const t = tr<typeof live>("live");

export type { ReportInput };

export function ReportDialog(
  { onSubmit, onCancel, initialReason = "" }: {
    onSubmit(input: ReportInput): Promise<void>;
    onCancel(): void;
    /** A reason chosen beforehand (the safety shield's End & Report chooses 'inappropriate'). */
    initialReason?: string;
  },
) {
  const [reason, setReason] = useState(initialReason);
  const [details, setDetails] = useState("");
  const [block, setBlock] = useState(true);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!reason) return setError(t("reasonRequired"));
    if (reason === "other" && !details.trim()) return setError(t("detailsRequired"));
    setError("");
    setBusy(true);
    try {
      await onSubmit({ reportReason: reason, additionalDetails: details.trim(), blockUser: block });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="modal-backdrop">
      <form
        class="card modal form"
        role="dialog"
        aria-modal="true"
        aria-labelledby="report-title"
        onSubmit={submit}
        noValidate
      >
        <h2 id="report-title" class="card-title">{t("reportTitle")}</h2>
        <fieldset class="radio-group">
          <legend>{t("reason")}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.id} class="check">
              <input
                type="radio"
                name="reportReason"
                value={r.id}
                checked={reason === r.id}
                onChange={() => setReason(r.id)}
              />
              <span>{t(`reason_${r.id}`)}</span>
            </label>
          ))}
        </fieldset>
        <label class="field">
          <span>{t(reason === "other" ? "details" : "detailsOptional")}</span>
          <textarea
            rows={3}
            maxLength={2000}
            value={details}
            onInput={(e) => setDetails(e.currentTarget.value)}
          />
        </label>
        <label class="check">
          <input type="checkbox" checked={block} onChange={() => setBlock(!block)} />
          <span>{t("blockUser")}</span>
        </label>
        {error && <p class="form-error" role="alert">{error}</p>}
        <div class="button-row button-row-end">
          <button type="button" class="button button-secondary" onClick={onCancel}>
            {t("cancel")}
          </button>
          <button type="submit" class="button button-danger" disabled={busy}>
            {t(busy ? "submitting" : "submitReport")}
          </button>
        </div>
      </form>
    </div>
  );
}
