// Reports for the admin tests, stored straight in KV with their indexes (as the backfill of an
// older store would write them): a pending report about nobody in particular unless `fields` say.
import { keys } from "../../kv/keys.ts";
import { indexReport } from "../../kv/reports.ts";
import type { Report } from "../../lib/server/moderation/reports.ts";

export async function seedReport(kv: Deno.Kv, fields: Partial<Report> = {}): Promise<Report> {
  const report: Report = {
    id: crypto.randomUUID(),
    status: "pending",
    createdAt: new Date().toISOString(),
    reporterId: null,
    reporterUsername: "reporter",
    reportedId: null,
    reportedUsername: "reported",
    reportReason: "inappropriate",
    additionalDetails: "",
    partnerPeerId: "peer-" + crypto.randomUUID().slice(0, 8),
    matchId: crypto.randomUUID(),
    blocked: true,
    ...fields,
  };
  await kv.set(keys.report(report.id), report);
  await indexReport(kv, report);
  return report;
}
