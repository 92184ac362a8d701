// /profile's passkeys: each with when it was added and last used, renamed or removed in place;
// "Add a passkey" (the browser's own dialog); and "Remove password" for a member who keeps a
// passkey and a verified email (the server judges; its refusal is shown as it says it).
import { type JSX, useState } from "react";
import { apiRequest, errorMessage } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import { addPasskey, passkeysSupported } from "../../lib/client/passkey.ts";
import type { PasskeysAnswer, PasskeyView } from "../../lib/shared/auth/passkeys.ts";
import { PASSKEY_NAME_MAX } from "../../lib/shared/auth/passkeys.ts";
import { formatDateTime, formatRelative, tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";
import { t as ta } from "../auth/texts.ts";

const t = tr<typeof profile>("profile");

type Answer = PasskeysAnswer & { message?: string };
type Act = (request: () => Promise<Answer>) => Promise<boolean>;

function PasskeyRow({ passkey, busy, act }: { passkey: PasskeyView; busy: boolean; act: Act }) {
  const [name, setName] = useState<string | null>(null);
  const path = `/api/passkeys/${encodeURIComponent(passkey.id)}`;
  const meta = [
    t("passkeyAdded", { date: formatDateTime(passkey.createdAt) }),
    passkey.lastUsedAt
      ? t("passkeyLastUsed", { when: formatRelative(passkey.lastUsedAt, Date.now()) })
      : t("passkeyNeverUsed"),
  ].join(" · ");

  async function onRename(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    if (await act(() => apiRequest("PATCH", path, { name }))) setName(null);
  }

  if (name !== null) {
    return (
      <li class="device">
        <form class="passkey-rename" onSubmit={onRename}>
          <div class="field">
            <input
              aria-label={t("passkeyNameLabel")}
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <button class="button button-primary button-small" type="submit" disabled={busy}>
            {t("savePasskeyName")}
          </button>
          <button
            class="button button-secondary button-small"
            type="button"
            onClick={() => setName(null)}
          >
            {t("cancelRename")}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li class="device" data-passkey={passkey.id}>
      <div class="device-text">
        <p class="device-name">{passkey.name}</p>
        <p class="muted device-meta">{meta}</p>
      </div>
      <div class="passkey-actions">
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={t("renamePasskeyLabel", { name: passkey.name })}
          disabled={busy}
          onClick={() => setName(passkey.name)}
        >
          {t("renamePasskey")}
        </button>
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={t("removePasskeyLabel", { name: passkey.name })}
          disabled={busy}
          onClick={() => act(() => apiRequest("DELETE", path))}
        >
          {t("removePasskey")}
        </button>
      </div>
    </li>
  );
}

function RemovePassword({ busy, act }: { busy: boolean; act: Act }) {
  const [asked, setAsked] = useState(false);
  return (
    <div class="stack">
      <p class="muted">{t("removePasswordNote")}</p>
      <div class="passkey-actions">
        {asked
          ? (
            <>
              <button
                type="button"
                class="button button-danger"
                disabled={busy}
                onClick={() => act(() => apiRequest("POST", "/api/user/remove-password"))}
              >
                {busy ? t("removingPassword") : t("removePasswordConfirm")}
              </button>
              <button type="button" class="button button-secondary" onClick={() => setAsked(false)}>
                {t("cancelRename")}
              </button>
            </>
          )
          : (
            <button type="button" class="button button-secondary" onClick={() => setAsked(true)}>
              {t("removePassword")}
            </button>
          )}
      </div>
    </div>
  );
}

export function Passkeys(
  { state, setState }: { state: PasskeysAnswer; setState: (next: PasskeysAnswer) => void },
) {
  const [busy, setBusy] = useState(false);

  const act: Act = async (request) => {
    setBusy(true);
    try {
      const { message, ...next } = await request();
      setState(next);
      if (message) toast({ title: message, variant: "success" });
      return true;
    } catch (err) {
      // The authenticator already holds a passkey for this account (it was excluded).
      const text = err instanceof DOMException
        ? err.name === "InvalidStateError" ? t("pkAlreadyAdded") : ta("passkeyCancelled")
        : errorMessage(err, t("passkeysFailed"));
      toast({ title: t("passkeysFailed"), description: text, variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="card stack" id="passkeys">
      <h2 class="card-title">{t("passkeysTitle")}</h2>
      <p class="muted">{t("passkeysNote")}</p>
      {state.passkeys.length
        ? (
          <ul class="device-list">
            {state.passkeys.map((p) => <PasskeyRow key={p.id} passkey={p} busy={busy} act={act} />)}
          </ul>
        )
        : <p class="muted">{t("noPasskeys")}</p>}
      {passkeysSupported()
        ? (
          <div class="passkey-actions">
            <button
              type="button"
              class="button button-primary"
              disabled={busy}
              onClick={() => act(() => addPasskey<Answer>())}
            >
              {busy ? t("addingPasskey") : t("addPasskey")}
            </button>
          </div>
        )
        : <p class="muted">{t("passkeysUnsupported")}</p>}
      {state.hasPassword && state.passkeys.length > 0 && <RemovePassword busy={busy} act={act} />}
    </div>
  );
}
