// /auth's "Sign in with a passkey": the browser's passkey dialog on a press, and, where the browser
// offers it, the member's passkeys among the username field's suggestions (conditional UI) from
// the start. Either ends as a password sign-in does: a full page load to /.
import { useEffect, useRef, useState } from "react";
import { type ApiError, errorMessage } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import { type CachedUser, cacheUser } from "../../lib/client/user_cache.ts";
import {
  conditionalSupported,
  passkeysSupported,
  signInOptions,
  signInWithPasskey,
} from "../../lib/client/passkey.ts";
import type { AppealState } from "../../lib/shared/moderation/appeals.ts";
import { t } from "./texts.ts";

/** A refusal the page shows: the text, and a banned member's appeal state. */
export type PasskeyRefusal = (text: string, appeal?: AppealState) => void;

export function PasskeySignIn({ onRefused }: { onRefused: PasskeyRefusal }) {
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const waiting = useRef<AbortController | null>(null);

  async function run(conditional: boolean) {
    waiting.current?.abort();
    const ac = waiting.current = new AbortController();
    if (!conditional) setBusy(true);
    try {
      // Options the suggestions could not get (the server busy, a limit) are no news to the member,
      // who can still press the button.
      const options = await signInOptions().catch((err) => {
        if (conditional) return null;
        throw err;
      });
      if (!options) return;
      cacheUser(await signInWithPasskey<CachedUser>(options, conditional, ac.signal));
      location.assign("/");
    } catch (err) {
      // A conditional request says nothing when it was aborted for the button's dialog, or when
      // the browser ended it (its suggestions closed, the form sent): the member asked for nothing.
      const dom = err instanceof DOMException;
      if (ac.signal.aborted || (conditional && dom)) return;
      const text = dom ? t("passkeyCancelled") : errorMessage(err, t("passkeyFailed"));
      toast({ title: t("passkeyFailed"), description: text, variant: "destructive" });
      onRefused(text, ((err as ApiError).body as { appeal?: AppealState } | undefined)?.appeal);
    } finally {
      if (waiting.current === ac) setBusy(false);
    }
  }

  useEffect(() => {
    setShown(passkeysSupported());
    conditionalSupported().then((yes) => {
      if (yes) run(true);
    });
    return () => waiting.current?.abort();
  }, []);

  if (!shown) return null;
  return (
    <>
      <p class="auth-or muted">{t("orDivider")}</p>
      <button
        type="button"
        class="button button-secondary button-block"
        disabled={busy}
        onClick={() => run(false)}
      >
        {busy ? t("passkeyWaiting") : t("passkeySignIn")}
      </button>
    </>
  );
}
