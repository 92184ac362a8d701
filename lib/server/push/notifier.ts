// "Tell me when someone is here": every NOTIFY_EVERY heartbeats, an instance with searchers in
// view looks through the members who asked to be told (their browsers' push subscriptions) and
// tells those whom someone searching now would meet (both members' filters holding, as a search
// would pair them), who are neither searching nor in a call, within the rules of
// lib/shared/push_rules.ts (3 a day, an hour apart, never 22:00–08:00 where they are). A notice
// never names anyone: "Members who fit your filters are searching now." A subscription whose push
// service says it is gone (404, 410) is deleted.
import type { Config } from "../config.ts";
import { compatible, type Ticket } from "../realtime/rules.ts";
import { ticketFor } from "../realtime/ticket.ts";
import { readSearchProfile } from "../../../kv/search_profile.ts";
import { dayKey } from "../../../kv/hashtags.ts";
import {
  claimNotice,
  getSent,
  type PushSubscriptionRecord,
  subscribers,
  vapidKeys,
} from "../../../kv/push.ts";
import { noticeAllowed } from "../../shared/push_rules.ts";
import { sayIn } from "../i18n/catalogs.ts";
import { said } from "../../shared/i18n/said.ts";
import { isLocale } from "../../shared/i18n/locales.ts";
import { newVapidKeys, sendPush } from "./send.ts";
import { logger } from "../../shared/log.ts";

/** Looks every this many heartbeats (30 s with the default 5 s heartbeat). */
const NOTIFY_EVERY = 6;
/** Members looked at in one round at most. */
const MAX_MEMBERS = 500;

export interface NotifierDeps {
  kv: Deno.Kv;
  config: Config;
  /** Everyone searching, as this instance sees the pool. */
  searching(): Ticket[];
}

export class PushNotifier {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  /** Notices sent by this instance (for the tests and /metrics-minded readers). */
  sent = 0;

  constructor(private deps: NotifierDeps) {}

  start() {
    this.timer = setInterval(() => {
      this.running ??= this.round().catch((err) => logger.error("push round failed", err))
        .finally(() => this.running = null);
    }, NOTIFY_EVERY * this.deps.config.realtime.heartbeatMs);
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One look: who asked, who would meet someone searching now, within the rules. */
  async round(now = Date.now()) {
    const searching = this.deps.searching();
    if (!searching.length) return;
    const { kv } = this.deps;
    const members = await subscribers(kv, MAX_MEMBERS);
    for (const [userId, subs] of members) {
      if (searching.some((t) => t.userId === userId)) continue;
      const me = await this.wouldSearch(userId, now);
      if (!me || !searching.some((t) => compatible(me.ticket, t))) continue;
      const timeZone = subs.reduce((a, b) => (b.value.createdAt > a.value.createdAt ? b : a))
        .value.timeZone;
      const seen = await getSent(kv, userId);
      const verdict = noticeAllowed({ timeZone, now, sent: seen.value });
      if (!verdict.ok) continue;
      const next = { day: verdict.day, count: verdict.count, lastAt: now };
      if (!(await claimNotice(kv, userId, seen, next))) continue; // another instance told them
      await this.tell(userId, me.language, subs);
    }
  }

  /** The member's search as it would be now, or null: not notified, refused or in a call. */
  private async wouldSearch(userId: string, now: number) {
    const profile = await readSearchProfile(this.deps.kv, userId, dayKey(now));
    const user = profile.user.value;
    if (!user?.notificationsEnabled || profile.active.value) return null;
    const ticket = ticketFor(profile, { peerId: "", instanceId: "", connId: "" }, {
      type: "find_match",
    }, now);
    return typeof ticket === "string" ? null : { ticket, language: user.language };
  }

  private async tell(
    userId: string,
    language: string,
    subs: Deno.KvEntry<PushSubscriptionRecord>[],
  ) {
    const { kv, config } = this.deps;
    const vapid = await vapidKeys(kv, newVapidKeys);
    const locale = isLocale(language) ? language : "en";
    const payload = JSON.stringify({
      title: sayIn(locale, said("texts.push_title")),
      body: sayIn(locale, said("texts.push_body")),
      url: "/connecting",
    });
    for (const sub of subs) {
      const result = await sendPush(
        sub.value,
        payload,
        vapid,
        `mailto:${config.legal.supportEmail}`,
      )
        .catch((err) => {
          logger.warn("a push message could not be sent", { user: userId, error: String(err) });
          return "failed" as const;
        });
      if (result === "gone") await kv.atomic().check(sub).delete(sub.key).commit();
      if (result === "sent") this.sent++;
    }
  }
}
