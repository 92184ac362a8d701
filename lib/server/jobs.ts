// Background work of a server instance: the KV queue listener (a Deno.Kv has one, so it
// dispatches by the message's kind: account mail, scheduled account purges), and an hourly sweep
// that any instance may run (idempotent): purges whose queue message was lost, and hashtag-use
// counters older than the 7 days the map shows, audit entries and session statistics past their
// retention, the triage counts of reported members whose reporters aged out, and the referral
// tallies of past weeks and months.
import { isPurgeMessage, purgeAccount, purgeSweep } from "./auth/deletion.ts";
import { deliverAccountMail, isAccountMail } from "./auth/account_mail.ts";
import type { EmailSender } from "./email/mod.ts";
import { sweepHashtagUse } from "../../kv/hashtags.ts";
import { listenQueue } from "../../kv/queue.ts";
import { AUDIT_RETENTION_MS, sweepAudit } from "../../kv/audit.ts";
import { STATS_RETENTION_MS, sweepStats } from "../../kv/stats.ts";
import { recountPending } from "../../kv/report_triage.ts";
import { sweepReferralTallies } from "../../kv/referrals.ts";
import { logger } from "../shared/log.ts";

/** How long what the privacy policy names is kept (shortened in tests). */
export interface RetentionPeriods {
  /** Audit entries (the "security logs"): one year. */
  auditMs: number;
  /** Session statistics: two years. */
  statsMs: number;
}

export const RETENTION: RetentionPeriods = {
  auditMs: AUDIT_RETENTION_MS,
  statsMs: STATS_RETENTION_MS,
};

/** Deletes audit entries and session statistics past their retention period. Idempotent. */
export async function sweepRetention(
  kv: Deno.Kv,
  now = Date.now(),
  periods: RetentionPeriods = RETENTION,
) {
  return {
    audit: await sweepAudit(kv, now, periods.auditMs),
    stats: await sweepStats(kv, now, periods.statsMs),
  };
}

const SWEEP_EVERY_MS = 3600_000;

export interface Jobs {
  /** Stops the sweeps; the queue listener stops when the KV is closed. */
  stop(): void;
  /** Settles once the listener stopped. */
  listening: Promise<void>;
}

export function startJobs(
  kv: Deno.Kv,
  email: EmailSender,
  options: { sweeps?: boolean } = {},
): Jobs {
  const listening = listenQueue(kv, async (msg) => {
    if (isAccountMail(msg)) await deliverAccountMail(kv, email, msg);
    else if (isPurgeMessage(msg)) await purgeAccount(kv, msg.userId);
    else {logger.warn("queue: unknown message dropped", {
        message: JSON.stringify(msg).slice(0, 200),
      });}
  }).catch((err) => logger.error("queue listener stopped", err));
  if (options.sweeps === false) return { stop: () => {}, listening };
  const sweep = () =>
    Promise.all([
      purgeSweep(kv).catch((err) => logger.error("purge sweep failed", err)),
      sweepHashtagUse(kv).catch((err) => logger.error("hashtag sweep failed", err)),
      sweepRetention(kv).catch((err) => logger.error("retention sweep failed", err)),
      recountPending(kv).catch((err) => logger.error("report recount failed", err)),
      sweepReferralTallies(kv).catch((err) => logger.error("referral sweep failed", err)),
    ]);
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  return { stop: () => clearInterval(timer), listening };
}
