// Background work of a server instance: the KV queue listener (a Deno.Kv has one, so it
// dispatches by the message's kind: account mail, scheduled account purges), and an hourly sweep
// that any instance may run (idempotent): purges whose queue message was lost, and hashtag-use
// counters older than the 7 days the map shows, audit entries and session statistics past their
// retention, the triage counts of reported members whose reporters aged out, the referral
// tallies of past weeks and months, and the follow-ups of pairings that never landed (session
// counts and "met" records, kv/match_follow_up.ts).
import { isPurgeMessage, purgeAccount, purgeSweep } from "./auth/deletion.ts";
import { deliverAccountMail, isAccountMail } from "./auth/account_mail.ts";
import type { EmailSender } from "./email/mod.ts";
import { sweepHashtagUse } from "../../kv/hashtags.ts";
import { enqueue, listenQueue } from "../../kv/queue.ts";
import { keys } from "../../kv/keys.ts";
import { AUDIT_RETENTION_MS, sweepAudit } from "../../kv/audit.ts";
import { STATS_RETENTION_MS, sweepStats } from "../../kv/stats.ts";
import { recountPending } from "../../kv/report_triage.ts";
import { sweepReferralTallies } from "../../kv/referrals.ts";
import { REPAIR_AFTER_MS, repairFollowUps } from "../../kv/match_follow_up.ts";
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

/**
 * A mark sent through the queue to learn when what was queued before it has been handled: its
 * handler waits for every message taken before it, then writes ["queue_settled", token]. The
 * queue hands messages out in the order they came due, so once the mark is written, every message
 * queued before it was sent (or failed and waits for its retry). Tests use it to say "no mail was
 * sent" only once the mail that a wrong answer would have queued had its chance to go.
 */
export interface SettleMark {
  kind: "settle";
  token: string;
}

const SETTLED_TTL_MS = 60_000;

export function isSettleMark(msg: unknown): msg is SettleMark {
  return typeof msg === "object" && msg !== null && (msg as SettleMark).kind === "settle" &&
    typeof (msg as SettleMark).token === "string";
}

/**
 * Resolves once every message queued before the call has been handled: a settle mark is queued
 * and answered when the handlers running as it is taken are done. A queue may hand out messages
 * queued close together out of order when the machine is starved (a mark answered before the mail
 * queued just before it was taken: seen once, with both cores busy), so a second mark, queued
 * after the first was answered, is waited for too.
 */
export async function queueSettled(kv: Deno.Kv, timeoutMs = 10_000): Promise<void> {
  await settleMark(kv, timeoutMs);
  await settleMark(kv, timeoutMs);
}

/** Queues one settle mark and resolves once the listener has answered it. */
async function settleMark(kv: Deno.Kv, timeoutMs: number): Promise<void> {
  const token = crypto.randomUUID();
  const key = keys.queueSettled(token);
  const watch = kv.watch([key]).getReader();
  const deadline = setTimeout(() => watch.cancel(), timeoutMs);
  try {
    await enqueue(kv, { kind: "settle", token } satisfies SettleMark);
    for (;;) {
      const { value, done } = await watch.read();
      if (done) throw new Error(`the queue did not settle within ${timeoutMs} ms`);
      if (value[0].value !== null) return;
    }
  } finally {
    clearTimeout(deadline);
    await watch.cancel().catch(() => {});
  }
}

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
  // The handlers running now: a settle mark waits for those taken before it.
  const running = new Set<Promise<unknown>>();
  const handle = async (msg: unknown) => {
    if (isAccountMail(msg)) await deliverAccountMail(kv, email, msg);
    else if (isPurgeMessage(msg)) await purgeAccount(kv, msg.userId);
    else {logger.warn("queue: unknown message dropped", {
        message: JSON.stringify(msg).slice(0, 200),
      });}
  };
  const listening = listenQueue(kv, async (msg) => {
    if (isSettleMark(msg)) {
      await Promise.allSettled([...running]);
      await kv.set(keys.queueSettled(msg.token), Date.now(), { expireIn: SETTLED_TTL_MS });
      return;
    }
    const run = handle(msg);
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
  }).catch((err) => logger.error("queue listener stopped", err));
  if (options.sweeps === false) return { stop: () => {}, listening };
  const sweep = () =>
    Promise.all([
      purgeSweep(kv).catch((err) => logger.error("purge sweep failed", err)),
      sweepHashtagUse(kv).catch((err) => logger.error("hashtag sweep failed", err)),
      sweepRetention(kv).catch((err) => logger.error("retention sweep failed", err)),
      recountPending(kv).catch((err) => logger.error("report recount failed", err)),
      sweepReferralTallies(kv).catch((err) => logger.error("referral sweep failed", err)),
      repairFollowUps(kv).catch((err) => logger.error("pairing follow-up sweep failed", err)),
    ]);
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  // The follow-ups of pairings made just before a crash are too fresh for the start-up sweep:
  // looked at once more when they are old enough, not an hour later.
  const again = setTimeout(
    () => repairFollowUps(kv).catch((err) => logger.error("pairing follow-up sweep failed", err)),
    REPAIR_AFTER_MS,
  );
  return {
    stop: () => {
      clearInterval(timer);
      clearTimeout(again);
    },
    listening,
  };
}
