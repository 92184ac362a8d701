// /viral and /leaderboard (members only): invitations, challenges and rankings, read from the
// referral counters (lib/server/referrals/board.ts); the rules they show are lib/shared/referrals/rules.ts.
import { type AppDeps, membersOnly, page } from "../context.tsx";
import { onlineNow } from "../../lib/server/geo/private_location.ts";
import { pageData } from "../../lib/shared/short_cache.ts";
import { readLimit } from "../../lib/server/http/rate_limit.ts";
import { leaderboard, viral } from "../../lib/server/referrals/board.ts";
import { WEEKLY_PRIZES } from "../../lib/shared/referrals/board.ts";
import { memberInvitations } from "../../lib/server/referrals/invitations.ts";
import { type Period, PERIODS } from "../../lib/shared/referrals/rules.ts";
import { ViralPage } from "../../components/referrals/ViralPage.tsx";
import { LeaderboardPage } from "../../components/referrals/LeaderboardPage.tsx";
import { Island } from "../../lib/server/render/island.tsx";
import { said } from "../../lib/shared/i18n/said.ts";

export function referralPages(deps: AppDeps) {
  const app = membersOnly();
  const { kv } = deps;

  app.get("/viral", async (c) => {
    const user = c.var.user;
    const [invitations, view] = await Promise.all([
      memberInvitations(kv, user.id),
      viral(kv, user.id),
    ]);
    const code = invitations.unused[0] ?? null;
    const link = code ? `${deps.config.origin}/auth?invite=${code}` : null;
    return page(c, deps, {
      title: said("plans.viralPageTitle"),
      back: "/",
      body: (
        <ViralPage
          code={code}
          share={<Island name="ReferralShare" props={{ code, link }} />}
          invitations={invitations}
          view={view}
        />
      ),
    });
  });

  // The board is computed at most once per PAGE_DATA_TTL_MS and period; each member reads it (and
  // the other heavy pages) at most READ_RULE times a window.
  app.get("/leaderboard", readLimit(kv, deps.config.rateLimits), async (c) => {
    const asked = c.req.query("period") as Period | undefined;
    const period: Period = PERIODS.some((p) => p.id === asked) ? asked! : "week";
    const [board, online] = await Promise.all([
      pageData(kv).get(`leaderboard:${period}`, () => leaderboard(kv, period)),
      onlineNow(kv),
    ]);
    const onlineCount = [...online.values()].reduce((a, b) => a + b, 0);
    return page(c, deps, {
      title: said("plans.leaderboard"),
      back: "/viral",
      body: (
        <LeaderboardPage
          board={board}
          period={period}
          onlineCount={onlineCount}
          prizes={WEEKLY_PRIZES}
        />
      ),
    });
  });

  return app;
}
