// /viral and /leaderboard (members only): invitations, challenges and rankings from real data.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/render/island.tsx";
import { listInvitationsOf } from "../../kv/users.ts";
import { getStats } from "../../kv/stats.ts";
import { onlineByContinent } from "../../kv/filters.ts";
import {
  buildBoard,
  type Period,
  points,
  WEEKLY_PRIZES,
  weeklyChallenges,
} from "../../lib/referrals/board.ts";
import { requireUser } from "../../lib/http/auth.ts";

const PERIODS: { id: Period; label: string }[] = [
  { id: "week", label: "This Week" },
  { id: "month", label: "This Month" },
  { id: "all", label: "All Time" },
];

/** "1 member", "2 members". */
function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export function referralPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv } = deps;

  app.get("/viral", requireUser(), async (c) => {
    const user = c.var.user;
    const [invitations, stats, board, week] = await Promise.all([
      listInvitationsOf(kv, user.id),
      getStats(kv, user.id),
      buildBoard(kv, "all"),
      buildBoard(kv, "week"),
    ]);
    const unused = invitations.find((i) => !i.usedBy);
    const link = unused ? `${deps.config.origin}/auth?invite=${unused.code}` : null;
    const referrals = invitations.filter((i) => i.usedBy).length;
    const weekReferrals = week.referrers.find((r) => r.userId === user.id)?.referrals ?? 0;
    const mine = board.referrers.find((r) => r.userId === user.id);
    const challenges = weeklyChallenges(stats, weekReferrals);
    return page(c, deps, {
      title: "Invite friends",
      back: "/",
      body: (
        <div class="narrow stack">
          <h1 class="page-title">Grow Glimpse</h1>
          <section class="card" aria-labelledby="invite-title">
            <h2 id="invite-title" class="card-title">Invite Friends</h2>
            <p class="muted">
              {invitations.length - referrals} of your {invitations.length}{" "}
              invitations are still free.
            </p>
            <Island name="ReferralShare" props={{ code: unused?.code ?? null, link }} />
          </section>
          <section class="card" aria-labelledby="challenges-title">
            <h2 id="challenges-title" class="card-title">Weekly Challenges</h2>
            <ul class="challenge-list">
              {challenges.map((ch) => (
                <li key={ch.title} class="challenge">
                  <div class="card-head">
                    <span>{ch.title}</span>
                    <span class="badge">{ch.reward}</span>
                  </div>
                  <progress max={ch.goal} value={Math.min(ch.progress, ch.goal)} class="progress" />
                  <span class="muted small">
                    {Math.min(ch.progress, ch.goal)}/{ch.goal}
                    {ch.progress >= ch.goal ? " · done" : ""}
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
              {mine
                ? `You are #${mine.rank} of ${board.referrers.length} referrers.`
                : "Invite a friend to join the leaderboard."}
            </p>
            <ol class="mini-board">
              {board.referrers.slice(0, 3).map((r) => (
                <li key={r.userId}>
                  <span>#{r.rank} {r.username}</span>
                  <span class="muted">{countOf(r.referrals, "referral")}</span>
                </li>
              ))}
            </ol>
          </section>
          <section class="card" aria-labelledby="impact-title">
            <h2 id="impact-title" class="card-title">Your Impact</h2>
            <dl class="summary-grid">
              <div>
                <dt>Friends joined</dt>
                <dd>{referrals}</dd>
              </div>
              <div>
                <dt>POV sessions</dt>
                <dd>{stats.sessions}</dd>
              </div>
              <div>
                <dt>Countries met</dt>
                <dd>{stats.countries.length}</dd>
              </div>
              <div>
                <dt>Points</dt>
                <dd>{points(referrals, stats)}</dd>
              </div>
            </dl>
          </section>
        </div>
      ),
    });
  });

  app.get("/leaderboard", requireUser(), async (c) => {
    const asked = c.req.query("period") as Period | undefined;
    const period: Period = PERIODS.some((p) => p.id === asked) ? asked! : "week";
    const [board, online] = await Promise.all([buildBoard(kv, period), onlineByContinent(kv)]);
    const onlineNow = [...online.values()].reduce((a, b) => a + b, 0);
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
              <dd>{onlineNow}</dd>
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
          <section class="card" aria-labelledby="top-title">
            <h2 id="top-title" class="card-title">Top Referrers</h2>
            {board.referrers.length === 0
              ? <p class="muted">Nobody has invited a friend in this period yet.</p>
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
