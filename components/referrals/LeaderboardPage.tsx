// /leaderboard: members, online now and countries; the period tabs; the top referrers, the
// countries and the weekly prizes.
import {
  type LeaderboardView,
  PRIZE_CURRENCY,
  type WeeklyPrize,
} from "../../lib/shared/referrals/board.ts";
import { type Period, PERIOD_NOTE, PERIODS } from "../../lib/shared/referrals/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { formatNumber } from "../../lib/shared/i18n/messages.ts";
import { priceText } from "../../lib/shared/plans.ts";
import { countryName, periodName, referrerName, t } from "./texts.ts";

/** A prize's places ('#1', 'Top 10') and what it is ('$500 plus 1 year premium'). */
function prizeTexts(p: WeeklyPrize): { rank: string; prize: string } {
  const rank = p.place ? `#${formatNumber(p.place)}` : t("topTen");
  if (!p.cash || !p.premiumMonths) return { rank, prize: t("prizeMerch") };
  const years = p.premiumMonths % 12 === 0;
  const duration = years
    ? t("years", { count: p.premiumMonths / 12 })
    : t("months", { count: p.premiumMonths });
  return {
    rank,
    prize: t("prizeCashPremium", { cash: priceText(p.cash, PRIZE_CURRENCY), duration }),
  };
}

export function LeaderboardPage(
  { board, period, onlineCount, prizes }: {
    board: LeaderboardView;
    period: Period;
    onlineCount: number;
    prizes: readonly WeeklyPrize[];
  },
) {
  return (
    <div class="narrow stack">
      <h1 class="page-title">{t("leaderboard")}</h1>
      <dl class="card summary-grid summary-three">
        <div>
          <dt>{t("members")}</dt>
          <dd>{formatNumber(board.totalMembers)}</dd>
        </div>
        <div>
          <dt>{t("onlineNow")}</dt>
          <dd>{formatNumber(onlineCount)}</dd>
        </div>
        <div>
          <dt>{t("countries")}</dt>
          <dd>{formatNumber(board.countries.length)}</dd>
        </div>
      </dl>
      <nav class="tabs" aria-label={t("period")}>
        {PERIODS.map((p) => (
          <a
            key={p.id}
            class="tab tab-link"
            href={`/leaderboard?period=${p.id}`}
            aria-current={p.id === period ? "page" : undefined}
          >
            {periodName(p.id)}
          </a>
        ))}
      </nav>
      <p class="muted small">{say(PERIOD_NOTE)}</p>
      <TopReferrers board={board} />
      <section class="card" aria-labelledby="countries-title">
        <h2 id="countries-title" class="card-title">{t("countries")}</h2>
        <p class="muted small">{t("countriesNote")}</p>
        {board.countries.length === 0
          ? <p class="muted">{t("noLocations")}</p>
          : (
            <ol class="mini-board">
              {board.countries.slice(0, 8).map((co) => (
                <li key={co.country}>
                  <span>{countryName(co.country)}</span>
                  <span class="muted">{t("membersCount", { count: co.members })}</span>
                </li>
              ))}
            </ol>
          )}
      </section>
      <section class="card" aria-labelledby="prizes-title">
        <h2 id="prizes-title" class="card-title">{t("weeklyPrizes")}</h2>
        <ul class="mini-board">
          {prizes.map((p) => {
            const { rank, prize } = prizeTexts(p);
            return (
              <li key={p.place ?? `top${p.top}`}>
                <span>{rank}</span>
                <span class="muted">{prize}</span>
              </li>
            );
          })}
        </ul>
      </section>
      <a class="button button-primary button-block" href="/viral">{t("climbUp")}</a>
    </div>
  );
}

function TopReferrers({ board }: { board: LeaderboardView }) {
  return (
    <section class="card" aria-labelledby="top-title">
      <h2 id="top-title" class="card-title">{t("topReferrers")}</h2>
      {board.referrers.length === 0 ? <p class="muted">{t("nobodyYet")}</p> : (
        // A ranked list, not a five-column table: the name on its own line, the figures
        // (each with its label) under it, so that a 20-character name fits a 320 px phone.
        <ol class="rank-list">
          {board.referrers.slice(0, 8).map((r) => (
            <li key={r.userId} class="rank-row">
              <span class="rank-place">#{formatNumber(r.rank)}</span>
              <span class="rank-who">
                <span class="rank-name">{referrerName(r)}</span>
                <span class="muted small">
                  {t("referralsCount", { count: r.referrals })} ·{" "}
                  <strong class="rank-points">{t("pointsCount", { count: r.points })}</strong> ·
                  {" "}
                  {countryName(r.country)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
