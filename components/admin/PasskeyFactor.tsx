// A passkey as the administrator's second factor on /admin/second-factor: adding one as the way
// to set up a factor (the browser makes it; the session then has its pass), and "Use a passkey"
// to give the factor (an assertion by one of the administrator's own passkeys). Either goes on
// to the admin page the administrator came from; a refusal is the server's text under the
// button, a dialog the browser ended says so.
import { useState } from "react";
import { errorMessage } from "../../lib/client/api.ts";
import { addPasskey } from "../../lib/client/passkey.ts";
import { usePasskeyFactor } from "../../lib/client/admin/second_factor.ts";
import { t } from "./labels.ts";

/** Runs `act`, then goes to `next`; the refusal's text, and whether it is running. */
function usePasskeyAction(act: () => Promise<unknown>, next: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await act();
      location.assign(next);
    } catch (err) {
      setProblem(
        err instanceof DOMException ? t("sfPasskeyFailed") : errorMessage(err, t("sfFailed")),
      );
      setBusy(false);
    }
  }
  return { busy, problem, run };
}

function Problem({ id, text }: { id: string; text: string | null }) {
  return text ? <p id={id} class="form-error" role="alert">{text}</p> : null;
}

/** The other way to set up a factor: a passkey added here. */
export function AddPasskeyFactor({ next }: { next: string }) {
  const action = usePasskeyAction(() => addPasskey(), next);
  return (
    <section class="card stack admin-factor" aria-labelledby="factor-passkey-title">
      <h2 id="factor-passkey-title" class="card-title">{t("sfAddPasskeyTitle")}</h2>
      <p>{t("sfAddPasskeyIntro")}</p>
      <div class="button-row">
        <button
          type="button"
          class="button button-secondary"
          onClick={action.run}
          disabled={action.busy}
          aria-describedby={action.problem ? "factor-passkey-problem" : undefined}
        >
          {action.busy ? t("sfAddingPasskey") : t("sfAddPasskey")}
        </button>
      </div>
      <Problem id="factor-passkey-problem" text={action.problem} />
    </section>
  );
}

/** "Use a passkey": gives the factor for this session. */
export function UsePasskeyFactor({ next, primary }: { next: string; primary: boolean }) {
  const action = usePasskeyAction(usePasskeyFactor, next);
  return (
    <div class="stack">
      <p>{t("sfPasskeyPrompt")}</p>
      <div class="button-row">
        <button
          type="button"
          class={`button ${primary ? "button-primary" : "button-secondary"}`}
          onClick={action.run}
          disabled={action.busy}
          aria-describedby={action.problem ? "factor-use-problem" : undefined}
        >
          {action.busy ? t("sfUsingPasskey") : t("sfUsePasskey")}
        </button>
      </div>
      <Problem id="factor-use-problem" text={action.problem} />
    </div>
  );
}
