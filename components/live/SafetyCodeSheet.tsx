// The safety code sheet: the 'Encrypted' badge opens it; it sits at the bottom of the screen
// (inside the viewport on a phone and a desktop), shows the code both members see in groups of
// four, and says how to compare it. Escape, Close or a tap outside closes it.
import { useEffect, useRef } from "react";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export interface SafetyCodeSheetProps {
  encrypted: boolean;
  /** The code, once the connected link has computed it. */
  code: string | null;
  onClose(): void;
}

/** 'ABCD1234EFGH5678' → 'ABCD 1234 EFGH 5678' (easier to read aloud). */
export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)?.join(" ") ?? code;
}

export function SafetyCodeSheet({ encrypted, code, onClose }: SafetyCodeSheetProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  return (
    <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <section
        class="card modal sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="safety-code-title"
        aria-describedby="safety-code-how"
      >
        <h2 id="safety-code-title" class="card-title">{t("safetyCodeTitle")}</h2>
        {encrypted
          ? (
            <>
              <p class="muted small">
                {t("fingerprint", { code: code ?? t("safetyCodePending") })}
              </p>
              <p class="safety-code" data-code={code ?? ""}>
                {code ? groupCode(code) : t("safetyCodePending")}
              </p>
              <p id="safety-code-how">{t("safetyCodeHow")}</p>
            </>
          )
          : <p id="safety-code-how">{t("safetyCodeUnencrypted")}</p>}
        <button
          ref={closeRef}
          type="button"
          class="button button-secondary button-block"
          onClick={onClose}
        >
          {t("close")}
        </button>
      </section>
    </div>
  );
}
