// One appeal in the Appeals tab: the member, the ban it is about (reason, when imposed, when it
// ends) or the safety hold (since when), the member's text and when it came; Uphold and Lift while
// it is pending, else the decision, who made it and when.
import { formatReportDate } from "../../lib/shared/admin.ts";
import type { AdminAppeal, AppealDecision } from "../../lib/shared/moderation/appeals.ts";
import { t } from "./labels.ts";

export interface AppealCardProps {
  appeal: AdminAppeal;
  /** undefined = the viewer's zone (in the browser); "UTC" on the server. */
  timeZone?: string;
  busy: boolean;
  onAnswer(appeal: AdminAppeal, decision: AppealDecision): void;
}

const STATUS = {
  pending: "appealStatusPending",
  upheld: "appealStatusUpheld",
  lifted: "appealStatusLifted",
} as const;

export function AppealCard({ appeal: a, timeZone, busy, onAnswer }: AppealCardProps) {
  const titleId = `appeal-${a.id}-title`;
  const ban = a.subject;
  return (
    <article class="card admin-report admin-appeal" aria-labelledby={titleId} data-appeal-id={a.id}>
      <header class="card-head">
        <h2 id={titleId} class="admin-report-reason">{a.username}</h2>
        <span class={`badge admin-status admin-status-${a.status}`}>{t(STATUS[a.status])}</span>
      </header>
      <dl class="admin-report-facts">
        {ban.kind === "hold" ? <HoldFacts at={ban.at} timeZone={timeZone} /> : (
          <>
            <div>
              <dt>{t("appealBanReason")}</dt>
              <dd>{ban.reason}</dd>
            </div>
            <div>
              <dt>{t("appealBannedOn")}</dt>
              <dd>
                <time dateTime={ban.at}>{formatReportDate(ban.at, timeZone)}</time>
              </dd>
            </div>
            <div>
              <dt>{t("appealBanEnds")}</dt>
              <dd>
                {ban.until
                  ? <time dateTime={ban.until}>{formatReportDate(ban.until, timeZone)}</time>
                  : t("banPermanent")}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>{t("appealSentAt")}</dt>
          <dd>
            <time dateTime={a.sentAt}>{formatReportDate(a.sentAt, timeZone)}</time>
          </dd>
        </div>
      </dl>
      <div class="admin-report-details">
        <p class="muted admin-label">{t("appealText")}</p>
        <p class="admin-appeal-text">{a.text}</p>
      </div>
      {a.status === "pending" && !a.banInForce && (
        <p class="muted admin-appeal-ended">
          {ban.kind === "hold" ? t("appealHoldEnded") : t("appealBanEnded")}
        </p>
      )}
      {a.status === "pending"
        ? (
          <div class="button-row admin-report-actions">
            <button
              type="button"
              class="button button-secondary"
              disabled={busy || !a.banInForce}
              onClick={() => onAnswer(a, "uphold")}
            >
              {t("appealUphold")}
            </button>
            <button
              type="button"
              class="button button-primary"
              disabled={busy}
              onClick={() =>
                onAnswer(a, "lift")}
            >
              {ban.kind === "hold" ? t("appealLiftHold") : t("appealLift")}
            </button>
          </div>
        )
        : (
          <p class="muted admin-appeal-answer">
            {t("appealAnsweredBy", {
              admin: a.answeredByUsername ?? "",
              date: formatReportDate(a.answeredAt ?? a.sentAt, timeZone),
            })}
          </p>
        )}
    </article>
  );
}

/** What an appeal of a safety hold is about: the hold, and since when. */
function HoldFacts({ at, timeZone }: { at: string; timeZone?: string }) {
  return (
    <>
      <div>
        <dt>{t("appealBanReason")}</dt>
        <dd>{t("appealHoldSubject")}</dd>
      </div>
      <div>
        <dt>{t("appealHeldOn")}</dt>
        <dd>
          <time dateTime={at}>{formatReportDate(at, timeZone)}</time>
        </dd>
      </div>
    </>
  );
}
