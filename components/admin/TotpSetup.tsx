// Setting up the authenticator app: a button asks the server for a new secret; the page shows it
// as an otpauth:// link (which opens an authenticator app on this device) and as the key to type,
// in groups of four; the first code from the app turns the factor on, and the recovery codes made
// then go to `onCodes`.
import { useEffect, useState } from "react";
import { toast } from "../../lib/client/toast.ts";
import { errorMessage } from "../../lib/client/api.ts";
import {
  groupKey,
  type PendingSecret,
  sendCode,
  startTotp,
  useCodeForm,
} from "../../lib/client/admin/second_factor.ts";
import { CodeField } from "./CodeField.tsx";
import { t } from "./labels.ts";

export function TotpSetup({ required, next, onCodes, beside = false }: {
  /** The admin pages answer only once a factor is set up. */
  required: boolean;
  /**
   * Set up beside the administrator's passkeys (a factor already, and the button that opened this
   * asked for it): the secret is asked for at once, and neither rule is told.
   */
  beside?: boolean;
  next: string;
  onCodes: (codes: string[]) => void;
}) {
  const [pending, setPending] = useState<PendingSecret | null>(null);
  const [starting, setStarting] = useState(false);
  const form = useCodeForm(async (code) => onCodes((await sendCode("totp/confirm", code)) ?? []));

  async function start() {
    setStarting(true);
    try {
      setPending(await startTotp());
    } catch (err) {
      toast({ title: errorMessage(err, t("sfFailed")), variant: "destructive" });
    } finally {
      setStarting(false);
    }
  }

  useEffect(() => {
    if (beside) start();
  }, []);

  return (
    <section class="card stack admin-factor" aria-labelledby="factor-title">
      <h1 id="factor-title" class="page-title">{t("secondFactorTitle")}</h1>
      {required && <p class="admin-factor-need" role="status">{t("sfSetupRequired")}</p>}
      <p>{t("sfSetupIntro")}</p>
      {!required && !beside && !pending && <p class="muted">{t("sfOptional")}</p>}
      {!pending && (
        <div class="button-row">
          <button type="button" class="button button-primary" onClick={start} disabled={starting}>
            {starting ? t("sfStarting") : t("sfStart")}
          </button>
          {!required && <a class="button button-secondary" href={next}>{t("sfBack")}</a>}
        </div>
      )}
      {pending && (
        <form class="stack" onSubmit={form.submit} noValidate>
          <p>{t("sfStep1")}</p>
          <p>
            <a class="button button-secondary" href={pending.uri}>{t("sfOpenLink")}</a>
          </p>
          <dl class="admin-factor-secret">
            <dt>{t("sfKey")}</dt>
            <dd>
              <code class="admin-code" data-secret={pending.secret}>
                {groupKey(pending.secret)}
              </code>
            </dd>
            <dt>{t("sfUri")}</dt>
            <dd>
              <code class="admin-factor-uri">{pending.uri}</code>
            </dd>
          </dl>
          <p>{t("sfStep2")}</p>
          <CodeField form={form} id="factor-setup-code" label={t("sfCode")} digitsOnly />
          <div class="button-row">
            <button type="submit" class="button button-primary" disabled={form.busy}>
              {form.busy ? t("sfChecking") : t("sfConfirm")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
