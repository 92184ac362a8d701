// Under the sign-in refusal that tells a banned member of their ban: their one appeal of it. The
// sign-in handed them a pass for it (an HttpOnly cookie only the appeal routes see); the form
// checks the length with the server's own limit before anything is sent, and the server's
// refusal (a second appeal, a pass that ran out) shows inside.
import { useState } from "react";
import type { JSX } from "react";
import { errorMessage, postJson } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import { formatDateTime } from "../../lib/shared/i18n/messages.ts";
import { appealLength, type AppealState } from "../../lib/shared/moderation/appeals.ts";
import { t } from "./texts.ts";

export function AppealForm({ state }: { state: AppealState }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [sent, setSent] = useState(state.sent);
  const length = appealLength(text.trim());

  async function onSend(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!text.trim()) return setError(t("appealRequired"));
    if (length > state.maxLength) return setError(t("appealTooLong"));
    setBusy(true);
    setError("");
    try {
      const answer = await postJson<{ sentAt: string; status: "pending" }>("/api/appeal", { text });
      setSent({ sentAt: answer.sentAt, status: answer.status });
      toast({
        title: t("appealSentTitle"),
        description: t("appealSentNotice"),
        variant: "success",
      });
    } catch (err) {
      setError(errorMessage(err, t("appealFailed")));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <section class="appeal stack" aria-labelledby="appeal-title" role="status">
        <h2 id="appeal-title" class="appeal-title">{t("appealTitle")}</h2>
        <p class="muted">
          {t("appealSentOn", { date: formatDateTime(sent.sentAt) })} {sent.status === "pending"
            ? t("appealPending")
            : sent.status === "upheld"
            ? t("appealUpheldNotice")
            : t("appealLiftedNotice")}
        </p>
      </section>
    );
  }

  const over = length > state.maxLength;
  return (
    <section class="appeal" aria-labelledby="appeal-title">
      <form class="form" onSubmit={onSend} noValidate>
        <h2 id="appeal-title" class="appeal-title">{t("appealTitle")}</h2>
        <p class="muted">{t("appealIntro")}</p>
        <label class="field">
          <span>{t("appealLabel")}</span>
          <textarea
            id="appeal-text"
            name="appeal"
            rows={5}
            value={text}
            onInput={(e) => {
              setText(e.currentTarget.value);
              setError("");
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby="appeal-count"
          />
        </label>
        <p id="appeal-count" class={over ? "form-error" : "muted"}>
          {t("appealCount", { count: length, max: state.maxLength })}
        </p>
        {error && <p class="form-error" role="alert">{error}</p>}
        <button class="button button-primary button-block" type="submit" disabled={busy}>
          {busy ? t("appealSending") : t("appealSend")}
        </button>
      </form>
    </section>
  );
}
