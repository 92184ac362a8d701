// What a start does once, before the app serves: data written by an older build is brought up to
// date (each backfill marks itself done in KV, and any number of instances may run it at once),
// and the administrator named by ADMIN_EMAIL exists. main.ts runs it; so does a test server.
import type { Config } from "./config.ts";
import type { LogSink } from "../shared/log.ts";
import { bootstrapAdmin } from "./auth/admin.ts";
import { setHashIterations } from "./auth/password.ts";
import { backfillListIndex } from "../../kv/user_lists.ts";
import { backfillReportIndexes } from "../../kv/reports.ts";
import { backfillMonthlyStats } from "../../kv/stats.ts";
import { backfillReferrals } from "../../kv/referrals_backfill.ts";

export async function migrate(kv: Deno.Kv, config: Config, log: LogSink): Promise<void> {
  setHashIterations(config.passwordIterations); // the administrator's password is hashed below
  // Members stored before the members' list index existed are added to it once.
  const listed = await backfillListIndex(kv);
  if (listed) {
    log({ level: "info", msg: "added members to the members' list index", count: listed });
  }
  const admin = await bootstrapAdmin(kv, config);
  if (admin) {
    log({
      level: "info",
      msg: admin.created
        ? `Created the administrator account "${admin.user.username}" from ADMIN_EMAIL`
        : `The administrator account "${admin.user.username}" is ready (ADMIN_EMAIL)`,
    });
  }
  await backfillReportIndexes(kv);
  await backfillMonthlyStats(kv);
  await backfillReferrals(kv);
}
