// The safety holds, first in /admin/reports' queue: a card per member on hold (since when, how many
// members reported them as underage, whether one was in good standing) with Lift hold and Ban,
// each behind its confirmation. Nothing shows when no member is on hold.
import type { HeldMember } from "../../lib/shared/admin.ts";
import { formatReportDate } from "../../lib/shared/admin.ts";
import type { HoldAction } from "../../lib/client/admin/use_holds.ts";
import { BanDialog } from "./BanDialog.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { t } from "./labels.ts";

export interface HoldQueueProps {
  holds: HeldMember[];
  timeZone: string | undefined;
  acting: HoldAction | null;
  busy: boolean;
  error: string;
  onStart(kind: HoldAction["kind"], member: HeldMember): void;
  onCancel(): void;
  onConfirm(ban?: { reason: string; days?: number }): void;
}

function HoldCard({ hold, timeZone, onStart }: {
  hold: HeldMember;
  timeZone: string | undefined;
  onStart: HoldQueueProps["onStart"];
}) {
  return (
    <article class="card admin-hold-card" data-hold={hold.id}>
      <div class="card-head">
        <h3 class="card-title">{hold.username}</h3>
        <span class="badge admin-warn">{t("held")}</span>
      </div>
      <p class="muted">{t("holdSince", { date: formatReportDate(hold.heldAt, timeZone) })}</p>
      <p>{t("holdReporters", { count: hold.reporters })}</p>
      {hold.goodStanding && <p class="muted">{t("holdGoodStanding")}</p>}
      <div class="button-row">
        <button type="button" class="button button-secondary" onClick={() => onStart("lift", hold)}>
          {t("holdLift")}
        </button>
        <button type="button" class="button button-danger" onClick={() => onStart("ban", hold)}>
          {t("ban")}
        </button>
      </div>
    </article>
  );
}

export function HoldQueue(props: HoldQueueProps) {
  const { holds, timeZone, acting, busy, error, onStart, onCancel, onConfirm } = props;
  if (!holds.length && !acting) return null;
  const name = acting?.member.username ?? "";
  return (
    <section class="stack admin-holds" aria-labelledby="holds-title">
      <h2 id="holds-title">{t("holdsTitle")}</h2>
      <p class="muted">{t("holdsIntro")}</p>
      {holds.map((h) => <HoldCard key={h.id} hold={h} timeZone={timeZone} onStart={onStart} />)}
      {acting?.kind === "lift" && (
        <ConfirmDialog
          title={t("holdLiftTitle", { username: name })}
          description={t("holdLiftDescription")}
          confirmLabel={t("holdLift")}
          busyLabel={t("holdLiftBusy")}
          busy={busy}
          onConfirm={() => onConfirm()}
          onCancel={onCancel}
        />
      )}
      {acting?.kind === "ban" && (
        <BanDialog
          username={name}
          busy={busy}
          error={error}
          onConfirm={(reason, days) =>
            onConfirm(days === undefined ? { reason } : { reason, days })}
          onCancel={onCancel}
        />
      )}
    </section>
  );
}
