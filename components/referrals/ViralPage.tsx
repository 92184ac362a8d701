// /viral: the member's invitations and link, the weekly challenges, their place on the board,
// their all-time figures and how points are earned.
import { Island } from "../../server/render/island.tsx";
import type { ViralView } from "../../server/referrals/board.ts";
import type { MemberInvitations } from "../../server/referrals/invitations.ts";
import {
  BADGE,
  INVITE_TEXT,
  PERIOD_NOTE,
  periodLabel,
  POINT_RULES,
} from "../../shared/referrals/rules.ts";

/** "1 member", "2 members". */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** "#3 of 12", or a dash for a member without points in the period. */
function rankText(r: { rank: number | null; ranked: number }): string {
  return r.rank ? `#${r.rank} of ${r.ranked}` : "—";
}

export function ViralPage(
  { code, link, invitations, view }: {
    /** The member's first unused invitation code, if any. */
    code: string | null;
    link: string | null;
    invitations: MemberInvitations;
    view: ViralView;
  },
) {
  const { week, all, rankWeek, rankAll, topWeek, challenges } = view;
  return (
    <div class="narrow stack">
      <h1 class="page-title">Grow Glimpse</h1>
      <section class="card" aria-labelledby="invite-title">
        <h2 id="invite-title" class="card-title">Invite Friends</h2>
        <p class="muted">
          {code ? INVITE_TEXT.earn : INVITE_TEXT.allUsed}{" "}
          {code && `You have ${countOf(invitations.unused.length, "unused invitation")}.`}
        </p>
        <Island name="ReferralShare" props={{ code, link }} />
        {invitations.used.length > 0 && (
          <ul class="mini-board invite-used" aria-label="Invitations used">
            {invitations.used.map((u) => (
              <li key={u.code}>
                <span>{u.joinedAs ?? "a deleted account"}</span>
                <span class="muted">
                  {u.verified ? "joined, verified" : "joined, email not verified yet"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="card" aria-labelledby="challenges-title">
        <h2 id="challenges-title" class="card-title">Weekly Challenges</h2>
        <p class="muted small">{periodLabel("week")}: each reward is credited once a week.</p>
        <ul class="challenge-list">
          {challenges.map((ch) => (
            <li key={ch.id} class="challenge">
              <div class="card-head">
                <span>{ch.title}</span>
                <span class="badge">{ch.reward}</span>
              </div>
              <progress max={ch.goal} value={Math.min(ch.progress, ch.goal)} class="progress" />
              <span class="muted small">
                {Math.min(ch.progress, ch.goal)}/{ch.goal}
                {ch.credited ? " · done, reward credited" : ""}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section class="card" aria-labelledby="board-title">
        <div class="card-head">
          <h2 id="board-title" class="card-title">Global Leaderboard</h2>
          <a class="header-link" href="/leaderboard">See all</a>
        </div>
        <p class="muted">
          {rankWeek.rank
            ? `${periodLabel("week")}: you are #${rankWeek.rank} of ${rankWeek.ranked}.`
            : `${periodLabel("week")}: earn points to join the leaderboard.`}
        </p>
        {topWeek.length > 0 && (
          <ol class="mini-board">
            {topWeek.map((r) => (
              <li key={r.userId}>
                <span>#{r.rank} {r.username}</span>
                <span class="muted">{countOf(r.points, "point")}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section class="card" aria-labelledby="impact-title">
        <h2 id="impact-title" class="card-title">Your Impact</h2>
        <p class="muted small">{periodLabel("all")}</p>
        <dl class="summary-grid">
          <div>
            <dt>Rank</dt>
            <dd>{rankText(rankAll)}</dd>
          </div>
          <div>
            <dt>Points</dt>
            <dd>{all.points}</dd>
          </div>
          <div>
            <dt>Referrals</dt>
            <dd>{all.referrals}</dd>
          </div>
          <div>
            <dt>POV sessions</dt>
            <dd>{all.sessions}</dd>
          </div>
          <div>
            <dt>Countries met</dt>
            <dd>{all.countries}</dd>
          </div>
          <div>
            <dt>{BADGE} badges</dt>
            <dd>{all.badges}</dd>
          </div>
        </dl>
        <p class="muted small">
          {periodLabel("week")}: {countOf(week.points, "point")}, rank {rankText(rankWeek)}.
        </p>
      </section>
      <section class="card" aria-labelledby="rules-title">
        <h2 id="rules-title" class="card-title">How points work</h2>
        <ul class="rules-list">
          {POINT_RULES.map((r) => <li key={r}>{r}</li>)}
        </ul>
        <p class="muted small">{PERIOD_NOTE}</p>
      </section>
    </div>
  );
}
