// At the top of the profile of a member on a safety hold: their account is under review, what that
// stops and what it leaves them, and their one appeal of the hold (the sign-in page's form).
import type { AppealState } from "../../lib/shared/moderation/appeals.ts";
import { AppealForm } from "../auth/AppealForm.tsx";
import { t } from "../auth/texts.ts";

export function HoldNotice({ appeal }: { appeal: AppealState }) {
  return (
    <section class="card stack hold-notice" role="region" aria-labelledby="hold-title">
      <h2 id="hold-title">{t("holdNoticeTitle")}</h2>
      <p>{t("holdNoticeText")}</p>
      <AppealForm
        state={appeal}
        title={t("appealHoldTitle")}
        intro={t("appealHoldIntro")}
        upheld={t("appealHoldUpheldNotice")}
      />
    </section>
  );
}
