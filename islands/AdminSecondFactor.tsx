// /admin/second-factor: where an administrator sets up their second factor (an authenticator
// app, confirmed with a first code, then ten recovery codes shown once; or a passkey added here),
// gives it for this session (a passkey, a code from the app, or a recovery code) and goes back to
// the admin page they came from, or, having given it, makes new recovery codes or removes the app
// with a current code, or adds the app beside their passkeys.
// Every refusal is the server's text under the field; nothing changes on a refused code.
import { useRef, useState } from "react";
import type { FactorNeed } from "../lib/shared/second_factor.ts";
import { sendCode, useCodeForm } from "../lib/client/admin/second_factor.ts";
import { toast } from "../lib/client/toast.ts";
import { formatReportDate } from "../lib/shared/admin.ts";
import { useViewerTimeZone } from "../lib/client/admin/hooks.ts";
import { CodeField } from "../components/admin/CodeField.tsx";
import { RecoveryCodes } from "../components/admin/RecoveryCodes.tsx";
import { TotpSetup } from "../components/admin/TotpSetup.tsx";
import { AddPasskeyFactor, UsePasskeyFactor } from "../components/admin/PasskeyFactor.tsx";
import { t } from "../components/admin/labels.ts";

export interface AdminSecondFactorProps {
  factors: { kind: "totp" | "passkey"; createdAt: string; name?: string }[];
  recoveryCodesLeft: number;
  /** What the admin pages wait for: a factor set up, or given in this session; null for nothing. */
  need: FactorNeed | null;
  /** Every administrator must have a factor here (production, or ADMIN_SECOND_FACTOR). */
  required: boolean;
  /** The admin page to go on to. */
  next: string;
}

export default function AdminSecondFactor(props: AdminSecondFactorProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removed, setRemoved] = useState(false);
  const [addApp, setAddApp] = useState(false);
  const passkeys = props.factors.filter((f) => f.kind === "passkey");
  const totp = props.factors.find((f) => f.kind === "totp");
  if (codes) return <RecoveryCodes codes={codes} next={props.next} />;
  if (props.factors.length === 0 || (removed && !passkeys.length)) {
    return (
      <>
        <TotpSetup required={props.required} next={props.next} onCodes={setCodes} />
        <AddPasskeyFactor next={props.next} />
      </>
    );
  }
  if (props.need === "verify") {
    return <FactorPrompt next={props.next} passkey={passkeys.length > 0} code={Boolean(totp)} />;
  }
  if (addApp) return <TotpSetup required={false} beside next={props.next} onCodes={setCodes} />;
  return (
    <FactorManage
      {...props}
      totp={removed ? undefined : totp}
      passkeys={passkeys.map((p) => p.name ?? "")}
      onCodes={setCodes}
      onRemoved={() => setRemoved(true)}
      onAddApp={() => setAddApp(true)}
    />
  );
}

/**
 * Gives the factor for this session (with a passkey, or a code when the app is set up), then goes
 * on to the page the administrator came from.
 */
function FactorPrompt({ next, passkey, code }: { next: string; passkey: boolean; code: boolean }) {
  const form = useCodeForm(async (code) => {
    await sendCode("verify", code);
    location.assign(next);
  });
  return (
    <section class="card stack admin-factor" aria-labelledby="factor-title">
      <h1 id="factor-title" class="page-title">{t("sfPromptTitle")}</h1>
      {passkey && <UsePasskeyFactor next={next} primary />}
      {code && (
        <form class="stack" onSubmit={form.submit} noValidate>
          {passkey && <h2 class="card-title">{t("sfOrCode")}</h2>}
          <p>{t("sfPromptIntro")}</p>
          <CodeField form={form} id="factor-code" label={t("sfPromptLabel")} />
          <div class="button-row">
            <button
              type="submit"
              class={`button ${passkey ? "button-secondary" : "button-primary"}`}
              disabled={form.busy}
            >
              {form.busy ? t("sfChecking") : t("sfContinue")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The factors in place: the passkeys (managed on /profile); for the app, new recovery codes or
 * the app removed, each for a current code; without the app, a way to set it up too.
 */
function FactorManage({ totp, passkeys, recoveryCodesLeft, next, onCodes, onRemoved, onAddApp }:
  & AdminSecondFactorProps
  & {
    totp?: { createdAt: string };
    passkeys: string[];
    onCodes: (codes: string[]) => void;
    onRemoved: () => void;
    onAddApp: () => void;
  }) {
  const zone = useViewerTimeZone();
  // Which button sent the form (read when it is sent, so a ref rather than state).
  const action = useRef<"recovery-codes" | "totp/remove">("recovery-codes");
  const form = useCodeForm(async (code) => {
    const made = await sendCode(action.current, code);
    if (made) return onCodes(made);
    toast({ title: t("sfRemoved"), variant: "success" });
    onRemoved();
  });
  return (
    <section class="card stack admin-factor" aria-labelledby="factor-title">
      <h1 id="factor-title" class="page-title">{t("secondFactorTitle")}</h1>
      {passkeys.length > 0 && <p>{t("sfPasskeysHeld", { names: passkeys.join(", ") })}</p>}
      {passkeys.length > 0 && (
        <p>
          <a href="/profile">{t("sfManagePasskeys")}</a>
        </p>
      )}
      {!totp && (
        <div class="stack">
          <p class="muted">{t("sfAddApp")}</p>
          <div class="button-row">
            <button type="button" class="button button-secondary" onClick={onAddApp}>
              {t("sfStart")}
            </button>
            <a class="button button-secondary" href={next}>{t("sfBack")}</a>
          </div>
        </div>
      )}
      {totp && <p>{t("sfEnabled", { date: formatReportDate(totp.createdAt, zone) })}</p>}
      {totp && <p class="muted">{t("sfCodesLeft", { count: recoveryCodesLeft })}</p>}
      {totp && (
        <form class="stack" onSubmit={form.submit} noValidate>
          <p>{t("sfManageIntro")}</p>
          <CodeField form={form} id="factor-manage-code" label={t("sfPromptLabel")} />
          <div class="button-row">
            <button
              type="submit"
              class="button button-secondary"
              disabled={form.busy}
              onClick={() => (action.current = "recovery-codes")}
            >
              {t("sfRenew")}
            </button>
            <button
              type="submit"
              class="button button-danger"
              disabled={form.busy}
              onClick={() => (action.current = "totp/remove")}
            >
              {t("sfRemove")}
            </button>
            <a class="button button-secondary" href={next}>{t("sfBack")}</a>
          </div>
        </form>
      )}
    </section>
  );
}
