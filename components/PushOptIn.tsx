// "Tell me when someone is here": one tap asks this browser to tell the member, through Web Push,
// when members who fit their filters are searching (lib/client/push.ts). Then it says what was
// set, or why it cannot be (blocked in the browser's settings, not supported, a failure).
import { useEffect, useState } from "react";
import { type PushState, pushState, turnOnPush } from "../lib/client/push.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type common from "../lib/shared/i18n/catalog/common/en.ts";

const t = tr<typeof common>("common");

const SAID = {
  on: "push_on",
  blocked: "push_blocked",
  unsupported: "push_unsupported",
  failed: "push_failed",
} as const;

export function PushOptIn({ quietWhenUnsupported = false }: { quietWhenUnsupported?: boolean }) {
  const [state, setState] = useState<PushState | "failed" | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    pushState().then(setState, () => setState("unsupported"));
  }, []);
  if (state === null || (quietWhenUnsupported && state === "unsupported")) return null;
  const ask = state === "ask" || state === "failed";
  return (
    <div class="push-opt-in" aria-live="polite">
      {state !== "ask" && <p class="muted small">{t(SAID[state])}</p>}
      {ask && (
        <button
          type="button"
          class="button button-secondary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setState(await turnOnPush());
            setBusy(false);
          }}
        >
          {t("push_ask")}
        </button>
      )}
    </div>
  );
}
