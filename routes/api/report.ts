// POST /api/report {reportReason, additionalDetails, partnerPeerId, blockUser}.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import {
  fileReport,
  REPORT_TEXT,
  ReportError,
  reportSchema,
} from "../../lib/moderation/reports.ts";
import { BodyError, jsonError, readJson } from "../../lib/http/helpers.ts";

export function reportApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post("/api/report", async (c) => {
    const user = c.get("user");
    if (!user) return jsonError(c, "User not authenticated", 401);
    try {
      const input = await readJson(c, reportSchema);
      const report = await fileReport(deps.kv, user.id, input);
      // A live match between the two ends at once.
      await deps.hub.endMatchBetween(user.id, report.reportedId!, "reported");
      return c.json({ ok: true, id: report.id, message: REPORT_TEXT.submitted }, 201);
    } catch (err) {
      if (err instanceof ReportError) return jsonError(c, err.message, err.status);
      if (err instanceof BodyError) return jsonError(c, REPORT_TEXT.reasonRequired, 400);
      throw err;
    }
  });

  return app;
}
