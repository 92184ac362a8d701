// /admin/appeals: banned members' appeals, pending first (oldest first) and then the latest
// answered, a card each (components/admin/AppealCard.tsx). An administrator answers a pending one
// after a confirmation: Uphold (the ban stays) or Lift the ban; the member is told by email. A
// 401 or 403 from the API shows 'Access Denied' and goes to / after 2 s.
import { useState } from "react";
import { apiRequest, errorMessage } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { accessDenied, isDenied, useViewerTimeZone } from "../lib/client/admin/hooks.ts";
import type {
  AdminAppeal,
  AdminAppealList,
  AppealDecision,
} from "../lib/shared/moderation/appeals.ts";
import { AppealCard } from "../components/admin/AppealCard.tsx";
import { ConfirmDialog } from "../components/admin/ConfirmDialog.tsx";
import { t } from "../components/admin/labels.ts";

export interface AdminAppealsProps {
  /** The list as the server rendered it. */
  initial: AdminAppealList;
}

export default function AdminAppeals({ initial }: AdminAppealsProps) {
  const zone = useViewerTimeZone();
  const [list, setList] = useState(initial);
  const [asking, setAsking] = useState<{ appeal: AdminAppeal; decision: AppealDecision } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  async function answer() {
    if (!asking) return;
    const { appeal, decision } = asking;
    setBusy(true);
    try {
      const done = await apiRequest<{ message: string }>(
        "POST",
        `/api/admin/appeals/${appeal.id}`,
        {
          decision,
        },
      );
      toast({
        title: decision === "lift" ? t("appealLifted") : t("appealUpheld"),
        description: done.message,
        variant: "success",
      });
      setList(await apiRequest<AdminAppealList>("GET", "/api/admin/appeals"));
      setAsking(null);
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      toast({
        title: t("error"),
        description: t("appealAnswerFailed", { message: errorMessage(err) }),
        variant: "destructive",
      });
      setAsking(null);
      setList(await apiRequest<AdminAppealList>("GET", "/api/admin/appeals").catch(() => list));
    } finally {
      setBusy(false);
    }
  }

  const all = [...list.pending, ...list.answered];
  return (
    <div class="stack">
      <p class="muted">{t("appealsIntro")}</p>
      {all.length === 0
        ? (
          <div class="card admin-empty-card">
            <p class="muted">{t("appealsEmpty")}</p>
          </div>
        )
        : all.map((a) => (
          <AppealCard
            key={a.id}
            appeal={a}
            timeZone={zone}
            busy={busy}
            onAnswer={(appeal, decision) => setAsking({ appeal, decision })}
          />
        ))}
      {asking && (
        <ConfirmDialog
          {...confirmTexts(asking.appeal, asking.decision)}
          busyLabel={t("appealAnswering")}
          busy={busy}
          onConfirm={answer}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}

/** The confirmation's title, text and button for an answer to an appeal of a ban or a hold. */
function confirmTexts(a: AdminAppeal, decision: AppealDecision) {
  const username = a.username;
  const hold = a.subject.kind === "hold";
  if (decision === "lift") {
    return {
      title: hold ? t("holdLiftTitle", { username }) : t("appealLiftTitle", { username }),
      description: hold ? t("holdLiftDescription") : t("appealLiftDescription"),
      confirmLabel: hold ? t("appealLiftHold") : t("appealLift"),
    };
  }
  return {
    title: hold ? t("appealUpholdHoldTitle", { username }) : t("appealUpholdTitle", { username }),
    description: hold ? t("appealUpholdHoldDescription") : t("appealUpholdDescription"),
    confirmLabel: t("appealUphold"),
  };
}
