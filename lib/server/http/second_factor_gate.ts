// The second-factor gate in front of every admin page and admin API call (after requireAdmin):
// an administrator who must set up a factor, or give theirs for this session, gets no answer
// but the way there. API calls get 403 with the reason's text and `secondFactor: "setup" |
// "verify"` (nothing is read or stored); pages are sent to the second-factor page, which comes
// back to them after. The second-factor page and its API are the one way through, so they are
// not behind the gate.
import { createMiddleware } from "hono/factory";
import type { Config } from "../config.ts";
import type { MemberEnv } from "./auth.ts";
import { AppError } from "./errors.ts";
import { factorNeed } from "../auth/second_factor.ts";
import { SECOND_FACTOR_PAGE } from "../../shared/second_factor.ts";
import { said } from "../../shared/i18n/said.ts";

/** The paths the gate lets through: where a factor is set up or given. */
export const SECOND_FACTOR_PATHS = [SECOND_FACTOR_PAGE, "/api/admin/second-factor"];

const open = (path: string) =>
  SECOND_FACTOR_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** Where a page sends an administrator who must set up or give a factor, to come back after. */
export function secondFactorPage(back: string): string {
  return `${SECOND_FACTOR_PAGE}?next=${encodeURIComponent(back)}`;
}

export function requireSecondFactor(
  deps: { kv: Deno.Kv; config: Pick<Config, "adminSecondFactor"> },
  kind: "api" | "page",
) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (open(c.req.path)) return await next();
    const need = await factorNeed(deps.kv, deps.config, c.get("user").id, c.get("session"));
    if (!need) return await next();
    if (kind === "page") return c.redirect(secondFactorPage(c.req.path), 303);
    const error = new AppError(
      403,
      need === "setup" ? said("admin.sfSetupRequired") : said("admin.sfVerifyRequired"),
    );
    error.extra = { secondFactor: need };
    throw error;
  });
}
