// Under the sign-in refusal that tells a banned member of their ban: their one appeal of it. The
// sign-in handed them a pass for it (an HttpOnly cookie only the appeal routes see); the count
// turns red past the server's own limit, and the server's refusal (empty, too long, a second
// appeal, a pass that ran out), in the page's language, shows inside. The profile of a member on
// a safety hold shows the same form for the hold, with its own texts (their session names them).
import { useState } from "react";
import type { JSX } from "react";
import { errorMessage, postJson } from "../../lib/client/api.ts";
import { APPEAL_MAX, appealLength, type AppealState } from "../../lib/shared/moderation/appeals.ts";
import { t } from "./texts.ts";

/** The form's title and text, and what it says once an appeal was upheld: a ban's or a hold's. */
export interface AppealFormProps {
  state: AppealState;
  title: string;
  intro: string;
  upheld: string;
}

export function AppealForm({ state, title, intro, upheld }: AppealFormProps) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [sent, setSent] = useState(state.sent);
  const length = appealLength(text.trim());

  async function onSend(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      setSent(await postJson<NonNullable<AppealState["sent"]>>("/api/appeal", { text }));
    } catch (err) {
      setError(errorMessage(err, t("appealFailed")));
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <section class="appeal" role="status">
        <h2>{t("appealSentTitle")}</h2>
        <p class="muted">
          {sent.status === "upheld" ? upheld : t("appealSentNotice")}
        </p>
      </section>
    );
  }

  return (
    <section class="appeal">
      <form class="form" onSubmit={onSend}>
        <h2>{title}</h2>
        <p class="muted">{intro}</p>
        <label class="field">
          <span>{t("appealLabel")}</span>
          <textarea
            value={text}
            onInput={(e) => {
              setText(e.currentTarget.value);
              setError("");
            }}
          />
        </label>
        <p class={length > APPEAL_MAX ? "form-error" : "muted"}>
          {t("appealCount", { count: length, max: APPEAL_MAX })}
        </p>
        {error && <p class="form-error" role="alert">{error}</p>}
        <button type="submit" class="button button-primary button-block" disabled={busy}>
          {busy ? t("appealSending") : t("appealSend")}
        </button>
      </form>
    </section>
  );
}
