// POST /api/report {reportReason, additionalDetails, partnerPeerId, blockUser}: a member reports
// a partner of the last 24 hours; a live match between the two ends at once. An "Underage User"
// report that completes a safety hold's threshold holds the reported member at once: their live
// call (with anyone) and their search end, wherever they are.
import { type AppDeps, membersOnly } from "../context.tsx";
import { fileReport, reportSchema } from "../../lib/server/moderation/reports.ts";
import { said } from "../../lib/shared/i18n/said.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { localeOf } from "../../lib/server/http/locale.ts";
import { considerHold } from "../../lib/server/moderation/holds.ts";
import { HOLD_REPORT_REASON } from "../../lib/shared/moderation/holds.ts";
import { validate } from "../../lib/server/http/validate.ts";
import { logger } from "../../lib/shared/log.ts";

export function reportApi(deps: AppDeps) {
  const app = membersOnly();

  app.post(
    "/",
    validate("json", reportSchema, { fallback: said("live.reasonRequired") }),
    async (c) => {
      const user = c.var.user;
      const report = await fileReport(deps.kv, user.id, c.req.valid("json"));
      const reportedId = report.reportedId!;
      // A hold first: it ends the held member's live match (with this reporter or anyone) so that
      // they hear why; then a match between the two that is still live ends as reported.
      if (report.reportReason === HOLD_REPORT_REASON) {
        const { kv, config } = deps;
        // The report is stored whatever happens here: a failure is logged, and the next report
        // about the member counts again.
        try {
          const hold = await considerHold(kv, reportedId, config.holds, config.origin);
          if (hold) await deps.hub.holdStarted(reportedId, user.id);
        } catch (err) {
          logger.error("safety hold failed", err, { reportId: report.id });
        }
      }
      await deps.hub.endMatchBetween(user.id, reportedId, "reported");
      const message = sayIn(localeOf(c), said("admin.reportSubmitted"));
      return c.json({ ok: true, id: report.id, message }, 201);
    },
  );

  return app;
}
