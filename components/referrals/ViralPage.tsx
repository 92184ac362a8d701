// /viral: the member's invitations and link, the weekly challenges, their place on the board,
// their all-time figures and how points are earned.
import type { ComponentChildren } from "preact";
import type { Challenge, MemberInvitations, ViralView } from "../../lib/shared/referrals/board.ts";
import {
  CHALLENGES,
  INVITE_NOTE,
  PERIOD_NOTE,
  POINT_RULES,
} from "../../lib/shared/referrals/rules.ts";
import { formatNumber } from "../../lib/shared/i18n/messages.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { periodName, rankText, referrerName, t } from "./texts.ts";

/** A challenge's title and reward ('Invite 5 friends', '+50 points'). */
function challengeTexts(ch: Challenge): { title: string; reward: string } {
  const rule = CHALLENGES.find((c) => c.id === ch.id)!;
  return { title: say(rule.title), reward: say(rule.reward) };
}

export function ViralPage(
  { code, share, invitations, view }: {
    /** The member's first unused invitation code, if any. */
    code: string | null;
    /** The share island for the code's link (the route renders it). */
    share: ComponentChildren;
    invitations: MemberInvitations;
    view: ViralView;
  },
) {
  const { rankWeek } = view;
  const week = periodName("week");
  return (
    <div class="narrow stack">
      <h1 class="page-title">{t("viralHeading")}</h1>
      <section class="card" aria-labelledby="invite-title">
        <h2 id="invite-title" class="card-title">{t("inviteFriends")}</h2>
        <p class="muted">
          {say(code ? INVITE_NOTE.earn : INVITE_NOTE.allUsed)}{" "}
          {code && t("youHaveUnused", { count: invitations.unused.length })}
        </p>
        {share}
        {invitations.used.length > 0 && (
          <ul class="mini-board invite-used" aria-label={t("invitationsUsed")}>
            {invitations.used.map((u) => (
              <li key={u.code}>
                <span>{u.joinedAs ?? t("deletedAccount")}</span>
                <span class="muted">
                  {u.verified ? t("joinedVerified") : t("joinedUnverified")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Challenges view={view} />
      <section class="card" aria-labelledby="board-title">
        <div class="card-head">
          <h2 id="board-title" class="card-title">{t("globalLeaderboard")}</h2>
          <a class="header-link" href="/leaderboard">{t("seeAll")}</a>
        </div>
        <p class="muted">
          {rankWeek.rank
            ? t("youAreRank", { period: week, rank: rankWeek.rank, ranked: rankWeek.ranked })
            : t("earnToJoin", { period: week })}
        </p>
        {view.topWeek.length > 0 && (
          <ol class="mini-board">
            {view.topWeek.map((r) => (
              <li key={r.userId}>
                <span>#{formatNumber(r.rank)} {referrerName(r)}</span>
                <span class="muted">{t("pointsCount", { count: r.points })}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Impact view={view} />
      <section class="card" aria-labelledby="rules-title">
        <h2 id="rules-title" class="card-title">{t("howPointsWork")}</h2>
        <ul class="rules-list">
          {POINT_RULES.map((rule) => <li key={rule.name}>{say(rule)}</li>)}
        </ul>
        <p class="muted small">{say(PERIOD_NOTE)}</p>
      </section>
    </div>
  );
}

function Challenges({ view }: { view: ViralView }) {
  return (
    <section class="card" aria-labelledby="challenges-title">
      <h2 id="challenges-title" class="card-title">{t("weeklyChallenges")}</h2>
      <p class="muted small">{t("creditedWeekly", { period: periodName("week") })}</p>
      <ul class="challenge-list">
        {view.challenges.map((ch) => {
          const { title, reward } = challengeTexts(ch);
          const done = Math.min(ch.progress, ch.goal);
          return (
            <li key={ch.id} class="challenge">
              <div class="card-head">
                <span>{title}</span>
                <span class="badge">{reward}</span>
              </div>
              <progress max={ch.goal} value={done} class="progress" />
              <span class="muted small">
                {formatNumber(done)}/{formatNumber(ch.goal)}
                {ch.credited ? ` · ${t("rewardCredited")}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Impact({ view }: { view: ViralView }) {
  const { week, all, rankWeek, rankAll } = view;
  const figures: [string, string][] = [
    [t("rank"), rankText(rankAll)],
    [t("points"), formatNumber(all.points)],
    [t("referrals"), formatNumber(all.referrals)],
    [t("povSessions"), formatNumber(all.sessions)],
    [t("countriesMet"), formatNumber(all.countries)],
    [t("badges"), formatNumber(all.badges)],
  ];
  return (
    <section class="card" aria-labelledby="impact-title">
      <h2 id="impact-title" class="card-title">{t("yourImpact")}</h2>
      <p class="muted small">{periodName("all")}</p>
      <dl class="summary-grid">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p class="muted small">
        {t("weekSummary", {
          period: periodName("week"),
          points: t("pointsCount", { count: week.points }),
          rank: rankText(rankWeek),
        })}
      </p>
    </section>
  );
}
