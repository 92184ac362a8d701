// /viral and /leaderboard (members only): invitations, challenges and rankings, read from the
// referral counters (server/referrals/board.ts); the rules they show are shared/referrals/rules.ts.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../server/render/island.tsx";
import { onlineNow } from "../../server/geo/private_location.ts";
import { pageData } from "../../shared/short_cache.ts";
import { readLimit } from "../../server/http/rate_limit.ts";
import { leaderboard, viral, WEEKLY_PRIZES } from "../../server/referrals/board.ts";
import { memberInvitations } from "../../server/referrals/invitations.ts";
import {
  BADGE,
  INVITE_TEXT,
  type Period,
  PERIOD_NOTE,
  periodLabel,
  PERIODS,
  POINT_RULES,
} from "../../shared/referrals/rules.ts";
import { requireUser } from "../../server/http/auth.ts";

/** "1 member", "2 members". */
function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** "#3 of 12", or a dash for a member without points in the period. */
function rankText(r: { rank: number | null; ranked: number }): string {
  return r.rank ? `#${r.rank} of ${r.ranked}` : "—";
}

export function referralPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv } = deps;

  app.get("/viral", requireUser(), async (c) => {
    const user = c.var.user;
    const [invitations, view] = await Promise.all([
      memberInvitations(kv, user.id),
      viral(kv, user.id),
    ]);
    const code = invitations.unused[0] ?? null;
    const link = code ? `${deps.config.origin}/auth?invite=${code}` : null;
    const { week, all, rankWeek, rankAll, topWeek, challenges } = view;
    return page(c, deps, {
      title: "Invite friends",
      back: "/",
      body: (
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
      ),
    });
  });

  // The board is computed at most once per PAGE_DATA_TTL_MS and period; each member reads it (and
  // the other heavy pages) at most READ_RULE times a window.
  app.get("/leaderboard", requireUser(), readLimit(kv, deps.config.rateLimits), async (c) => {
    const asked = c.req.query("period") as Period | undefined;
    const period: Period = PERIODS.some((p) => p.id === asked) ? asked! : "week";
    const [board, online] = await Promise.all([
      pageData(kv).get(`leaderboard:${period}`, () => leaderboard(kv, period)),
      onlineNow(kv),
    ]);
    const onlineCount = [...online.values()].reduce((a, b) => a + b, 0);
    return page(c, deps, {
      title: "Leaderboard",
      back: "/viral",
      body: (
        <div class="narrow stack">
          <h1 class="page-title">Leaderboard</h1>
          <dl class="card summary-grid summary-three">
            <div>
              <dt>Members</dt>
              <dd>{board.totalMembers}</dd>
            </div>
            <div>
              <dt>Online now</dt>
              <dd>{onlineCount}</dd>
            </div>
            <div>
              <dt>Countries</dt>
              <dd>{board.countries.length}</dd>
            </div>
          </dl>
          <nav class="tabs" aria-label="Period">
            {PERIODS.map((p) => (
              <a
                key={p.id}
                class="tab tab-link"
                href={`/leaderboard?period=${p.id}`}
                aria-current={p.id === period ? "page" : undefined}
              >
                {p.label}
              </a>
            ))}
          </nav>
          <p class="muted small">{PERIOD_NOTE}</p>
          <section class="card" aria-labelledby="top-title">
            <h2 id="top-title" class="card-title">Top Referrers</h2>
            {board.referrers.length === 0
              ? <p class="muted">Nobody has earned points in this period yet.</p>
              : (
                // A ranked list, not a five-column table: the name on its own line, the figures
                // (each with its label) under it, so that a 20-character name fits a 320 px phone.
                <ol class="rank-list">
                  {board.referrers.slice(0, 8).map((r) => (
                    <li key={r.userId} class="rank-row">
                      <span class="rank-place">#{r.rank}</span>
                      <span class="rank-who">
                        <span class="rank-name">{r.username}</span>
                        <span class="muted small">
                          {countOf(r.referrals, "referral")} ·{" "}
                          <strong class="rank-points">{countOf(r.points, "point")}</strong> ·{" "}
                          {r.country}
                        </span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
          </section>
          <section class="card" aria-labelledby="countries-title">
            <h2 id="countries-title" class="card-title">Countries</h2>
            <p class="muted small">Members by the country on their profile today.</p>
            {board.countries.length === 0
              ? <p class="muted">No member has shared a location yet.</p>
              : (
                <ol class="mini-board">
                  {board.countries.slice(0, 8).map((co) => (
                    <li key={co.country}>
                      <span>{co.country}</span>
                      <span class="muted">{countOf(co.members, "member")}</span>
                    </li>
                  ))}
                </ol>
              )}
          </section>
          <section class="card" aria-labelledby="prizes-title">
            <h2 id="prizes-title" class="card-title">Weekly Prizes</h2>
            <ul class="mini-board">
              {WEEKLY_PRIZES.map((p) => (
                <li key={p.rank}>
                  <span>{p.rank}</span>
                  <span class="muted">{p.prize}</span>
                </li>
              ))}
            </ul>
          </section>
          <a class="button button-primary button-block" href="/viral">Climb Up</a>
        </div>
      ),
    });
  });

  return app;
}
