// /leaderboard: members, online now and countries; the period tabs; the top referrers, the
// countries and the weekly prizes.
import type { LeaderboardView } from "../../server/referrals/board.ts";
import { type Period, PERIOD_NOTE, PERIODS } from "../../shared/referrals/rules.ts";
import { countOf } from "./ViralPage.tsx";

export function LeaderboardPage(
  { board, period, onlineCount, prizes }: {
    board: LeaderboardView;
    period: Period;
    onlineCount: number;
    prizes: readonly { rank: string; prize: string }[];
  },
) {
  return (
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
          {prizes.map((p) => (
            <li key={p.rank}>
              <span>{p.rank}</span>
              <span class="muted">{p.prize}</span>
            </li>
          ))}
        </ul>
      </section>
      <a class="button button-primary button-block" href="/viral">Climb Up</a>
    </div>
  );
}
