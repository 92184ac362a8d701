// POST /api/report {reportReason, additionalDetails, partnerPeerId, blockUser}: a member reports
// a partner of the last 24 hours; a live match between the two ends at once.
import { type AppDeps, membersOnly } from "../context.tsx";
import { fileReport, REPORT_TEXT, reportSchema } from "../../lib/server/moderation/reports.ts";
import { validate } from "../../lib/server/http/validate.ts";

export function reportApi(deps: AppDeps) {
  const app = membersOnly();

  app.post(
    "/",
    validate("json", reportSchema, { fallback: REPORT_TEXT.reasonRequired }),
    async (c) => {
      const user = c.var.user;
      const report = await fileReport(deps.kv, user.id, c.req.valid("json"));
      await deps.hub.endMatchBetween(user.id, report.reportedId!, "reported");
      return c.json({ ok: true, id: report.id, message: REPORT_TEXT.submitted }, 201);
    },
  );

  return app;
}
