// GET /api/invitations: the signed-in member's own invitation codes, {unused: [code…], used:
// [{code, joinedAs, verified}…]}. Members only; counted per member and per address.
import { type AppDeps, membersOnly } from "../context.tsx";
import { rateLimit, type RateRule } from "../../lib/server/http/rate_limit.ts";
import { memberInvitations } from "../../lib/server/referrals/invitations.ts";

const MINUTES_15 = 15 * 60_000;
/** Reads of one's own codes: far above what the pages need, low enough to stop a loop. */
export const INVITATION_READS = {
  member: { scope: "invitations-member", limit: { max: 120, windowMs: MINUTES_15 } },
  ip: { scope: "invitations-ip", limit: { max: 600, windowMs: MINUTES_15 } },
} satisfies Record<string, RateRule>;

export function invitationsApi(deps: AppDeps) {
  const app = membersOnly();
  const { kv, config, clientIp } = deps;

  app.get(
    "/invitations",
    rateLimit(kv, config.rateLimits, (c) => [
      { rule: INVITATION_READS.ip, subject: clientIp(c) },
      { rule: INVITATION_READS.member, subject: c.var.user?.id ?? "" },
    ]),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await memberInvitations(kv, c.var.user!.id));
    },
  );

  return app;
}
