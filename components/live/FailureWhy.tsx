// Why the call could not connect (call_failure.ts), what to try, and that Next is free: under the
// partner's tile once the match's link has failed without ever connecting.
import { type FailureWhy as Why, whyText } from "../../lib/client/call_failure.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function FailureWhy({ why }: { why: Why | null }) {
  return (
    <div class="live-why small" role="status">
      {why && <p class="live-why-what" data-why={why.kind}>{whyText(why)}</p>}
      {why && (
        <p class="muted">
          {t("whyTry")} <a href="/test-chat">{t("whyCheck")}</a>
        </p>
      )}
      <p class="muted">{t("freeNext")}</p>
    </div>
  );
}
