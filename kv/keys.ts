// Typed builders for every Deno KV key Glimpse writes. All KV keys are made here.
export const keys = {
  health: (id: string) => ["health", id] as const,
  meta: (name: string) => ["meta", name] as const,

  user: (id: string) => ["users", id] as const,
  usersPrefix: () => ["users"] as const,
  userByUsername: (lower: string) => ["users_by_username", lower] as const,
  userByEmail: (lower: string) => ["users_by_email", lower] as const,
  usersByUsernamePrefix: () => ["users_by_username"] as const,
  usersByEmailPrefix: () => ["users_by_email"] as const,
  /**
   * Every listed member (not deleted) by creation time, then id: the admin lists page through it
   * newest first. Written in the commit that creates the member, removed in the one that deletes.
   */
  userByCreated: (createdMs: number, id: string) => ["users_by_created", createdMs, id] as const,
  usersByCreatedPrefix: () => ["users_by_created"] as const,
  /** How many users_by_created entries there are (a KV sum moved in the same commits). */
  usersCount: () => ["users_count"] as const,

  session: (sid: string) => ["sessions", sid] as const,
  userSession: (userId: string, sid: string) => ["user_sessions", userId, sid] as const,
  userSessionsPrefix: (userId: string) => ["user_sessions", userId] as const,
  /** A session that ended, kept a minute so every instance closes its sockets (by time). */
  sessionEnd: (at: number, id: string) => ["session_ends", at, id] as const,
  sessionEndsPrefix: () => ["session_ends"] as const,
  /** Summed with every session end: the key instances watch to hear of one at once. */
  sessionEndsSignal: () => ["session_ends_seq"] as const,
  /**
   * A browser a member has signed in with, by the SHA-256 of its device cookie (kv/devices.ts):
   * a sign-in from a browser not listed here is mailed to the member.
   */
  knownDevice: (userId: string, deviceHash: string) =>
    ["known_devices", userId, deviceHash] as const,
  knownDevicesPrefix: (userId: string) => ["known_devices", userId] as const,
  /** A member's passkey (a WebAuthn credential), by its credential id (kv/passkeys.ts). */
  passkey: (userId: string, credentialId: string) => ["passkeys", userId, credentialId] as const,
  passkeysPrefix: (userId: string) => ["passkeys", userId] as const,
  /** A WebAuthn challenge the server handed out, by its text: used once, kept five minutes. */
  passkeyChallenge: (challenge: string) => ["passkey_challenges", challenge] as const,

  invitation: (code: string) => ["invitations", code] as const,
  invitationsPrefix: () => ["invitations"] as const,
  invitationByOwner: (ownerId: string, code: string) =>
    ["invitations_by_owner", ownerId, code] as const,
  invitationsByOwnerPrefix: (ownerId: string) => ["invitations_by_owner", ownerId] as const,

  emailToken: (hash: string) => ["email_tokens", hash] as const,
  outbox: (id: string) => ["outbox", id] as const,
  outboxPrefix: () => ["outbox"] as const,

  /** A subject's count and its window (kv/rate_limits.ts). */
  rateLimit: (scope: string, subject: string) => ["rate_limits", scope, subject] as const,
  /** An address a member signed in from (the per-account sign-in limit spares it). */
  knownLoginIp: (userId: string, ip: string) => ["login_known_ip", userId, ip] as const,
  knownLoginIpsPrefix: (userId: string) => ["login_known_ip", userId] as const,
  /** How many times a queue message was delivered (its handler counts). */
  queueAttempts: (id: string) => ["queue_attempts", id] as const,
  /** A settle mark's answer (lib/server/jobs.ts queueSettled); kept a minute. */
  queueSettled: (token: string) => ["queue_settled", token] as const,
  /** A message of the job table (kv/queue.ts), by the time it is due, where KV has no queue. */
  job: (dueAt: number, id: string) => ["jobs", dueAt, id] as const,
  jobsPrefix: () => ["jobs"] as const,
  /** Bumped with every job written: listeners watch it. */
  jobSignal: () => ["jobs_signal"] as const,

  avatar: (userId: string) => ["avatars", userId] as const,
  filters: (userId: string) => ["filters", userId] as const,
  location: (userId: string) => ["locations", userId] as const,
  /** How many members used a hashtag on a day (a KV sum); scope: a continent, or "all". */
  hashtagUse: (day: string, scope: string, tag: string) =>
    ["hashtag_use", day, scope, tag] as const,
  hashtagUsePrefix: (day: string, scope: string) => ["hashtag_use", day, scope] as const,
  hashtagUseRoot: () => ["hashtag_use"] as const,
  /** A member's use of a hashtag on a day is counted in hashtagUse (once a day per member). */
  hashtagMember: (day: string, tag: string, userId: string) =>
    ["hashtag_member", day, tag, userId] as const,
  /** The distinct hashtags a member searched with on a day (capped, see noteMemberHashtags). */
  memberHashtags: (userId: string, day: string) => ["member_hashtags", userId, day] as const,
  presence: (userId: string) => ["presence", userId] as const,
  presencePrefix: () => ["presence"] as const,
  /**
   * A member's relations to other members, under one prefix so one list reads them all when a
   * search starts: blocks (either way round) and the partners met in the last 24 hours.
   */
  relationsPrefix: (userId: string) => ["rel", userId] as const,
  /**
   * Moves with every change to what a search is built from: the member record, the filters, the
   * place, the relations (blocks, reports) and today's session count (every pairing). A search
   * checks this one counter in place of those entries (KV allows 100 checks a commit), so every
   * writer of them sums it.
   */
  searchVersion: (userId: string) => ["search_version", userId] as const,
  block: (userId: string, otherId: string) => ["rel", userId, "block", otherId] as const,
  blocksPrefix: (userId: string) => ["rel", userId, "block"] as const,

  mmWaiting: (userId: string) => ["mm", "waiting", userId] as const,
  mmWaitingPrefix: () => ["mm", "waiting"] as const,
  mmActive: (userId: string) => ["mm", "active", userId] as const,
  /** How long one instance's recent searches waited, by kind of filter (kv/wait_stats.ts). */
  mmWaits: (instanceId: string) => ["mm", "waits", instanceId] as const,
  mmWaitsPrefix: () => ["mm", "waits"] as const,

  /** The site's VAPID key pair for Web Push (kv/push.ts), made once by whichever instance first needs it. */
  pushVapid: () => ["push", "vapid"] as const,
  /** A browser a member asked to be told through (one per push endpoint, by its hash). */
  pushSub: (userId: string, subId: string) => ["push", "subs", userId, subId] as const,
  pushSubsOf: (userId: string) => ["push", "subs", userId] as const,
  pushSubsPrefix: () => ["push", "subs"] as const,
  /** The notices a member was sent on their latest local day (the daily cap). */
  pushSent: (userId: string) => ["push", "sent", userId] as const,
  /**
   * A partner of the last 24 hours: one record per partner, of the latest meeting, with the peer
   * id they had then (a report names that).
   */
  mmHistory: (userId: string, partnerId: string) => ["rel", userId, "met", partnerId] as const,
  metPrefix: (userId: string) => ["rel", userId, "met"] as const,
  match: (id: string) => ["matches", id] as const,
  matchesPrefix: () => ["matches"] as const,
  usage: (userId: string, day: string) => ["usage", userId, day] as const,

  rtInbox: (instanceId: string, id: string) => ["rt", "inbox", instanceId, id] as const,
  rtInboxPrefix: (instanceId: string) => ["rt", "inbox", instanceId] as const,
  rtInboxSignal: (instanceId: string) => ["rt", "inbox_seq", instanceId] as const,
  /** The messages of the last commit that posted to an instance: its watch carries them. */
  rtInboxLatest: (instanceId: string) => ["rt", "inbox_latest", instanceId] as const,
  rtInstance: (instanceId: string) => ["rt", "instance", instanceId] as const,
  rtInstancesPrefix: () => ["rt", "instance"] as const,

  stats: (userId: string) => ["stats", userId] as const,
  /** A member has session statistics in a month (the retention sweep's index). */
  statsMonth: (month: string, userId: string) => ["stats_months", month, userId] as const,
  statsMonthsPrefix: () => ["stats_months"] as const,

  report: (id: string) => ["reports", id] as const,
  reportsPrefix: () => ["reports"] as const,
  /** The old status index (before reports were listed by time); removed by the backfill. */
  legacyReportsByStatusPrefix: () => ["reports_by_status"] as const,
  /** scope: a status, or "all". */
  reportByTime: (scope: string, createdMs: number, id: string) =>
    ["reports_by_time", scope, createdMs, id] as const,
  reportsByTimePrefix: (scope: string) => ["reports_by_time", scope] as const,
  /** A report a member filed or is named in (the search by username). */
  reportOfMember: (userId: string, createdMs: number, id: string) =>
    ["reports_of_member", userId, createdMs, id] as const,
  reportsOfMemberPrefix: (userId: string) => ["reports_of_member", userId] as const,
  /** When a reporter last reported a member (kept 30 days): distinct reporters are counted. */
  reportMark: (reportedId: string, reporterId: string) =>
    ["report_marks", reportedId, reporterId] as const,
  reportMarksPrefix: (reportedId: string) => ["report_marks", reportedId] as const,
  /** The pending queue in triage order: most distinct reporters first, then oldest first. */
  pendingRank: (count: number, createdMs: number, id: string) =>
    ["pending_rank", count ? -count : 0, createdMs, id] as const,
  pendingRankPrefix: () => ["pending_rank"] as const,
  /** The count a pending report is ranked under (to find its pendingRank key). */
  pendingRankOf: (id: string) => ["pending_rank_of", id] as const,
  /** A member's pending reports, and their triage state. */
  pendingOf: (reportedId: string, createdMs: number, id: string) =>
    ["pending_of", reportedId, createdMs, id] as const,
  pendingOfPrefix: (reportedId: string) => ["pending_of", reportedId] as const,
  pendingState: (reportedId: string) => ["pending_state", reportedId] as const,
  pendingStatePrefix: () => ["pending_state"] as const,
  /** A member's report of one match (a match is reported once by each side). Expires. */
  reportOfMatch: (reporterId: string, matchId: string) =>
    ["report_of_match", reporterId, matchId] as const,
  /** How many reports a member filed on a day. Expires. */
  reportsOnDay: (reporterId: string, day: string) => ["reports_on_day", reporterId, day] as const,

  /**
   * An administrator's second factors (kv/second_factor.ts): the authenticator app (TOTP) they
   * confirmed, one being set up (expires), their recovery codes (hashed), and the sessions in which
   * they gave a factor (by session id; expires when the step-up does).
   */
  adminTotp: (userId: string) => ["admin_totp", userId] as const,
  adminTotpPending: (userId: string) => ["admin_totp_pending", userId] as const,
  adminRecoveryCodes: (userId: string) => ["admin_recovery_codes", userId] as const,
  adminFactorSession: (sid: string) => ["admin_factor_sessions", sid] as const,

  /** The audit log, by time (ms) then id: appended, never edited, swept after a year. */
  audit: (atMs: number, id: string) => ["audit", atMs, id] as const,

  /** An appeal, by id; its subject's one appeal; pending and answered ones by time (ms). */
  appeal: (id: string) => ["appeals", id] as const,
  appealOf: (userId: string, kind: string, at: string) => ["appeal_of", userId, kind, at] as const,
  appealOfPrefix: (userId: string) => ["appeal_of", userId] as const,
  appealsByState: (state: "pending" | "answered", ms: number, id: string) =>
    ["appeals_by_state", state, ms, id] as const,
  appealsByStatePrefix: (state: "pending" | "answered") => ["appeals_by_state", state] as const,
  /** Members on a safety hold, by when it was placed (ms): the admin queue lists them first. */
  hold: (atMs: number, userId: string) => ["holds", atMs, userId] as const,
  holdsPrefix: () => ["holds"] as const,
  /** A banned member's short-lived pass to send their appeal, by the hash of its token. Expires. */
  appealPass: (tokenHash: string) => ["appeal_passes", tokenHash] as const,

  /** A Stripe webhook event, claimed by the commit that applies it (so it is applied once). */
  stripeEvent: (eventId: string) => ["stripe_events", eventId] as const,
  /** The member a Stripe customer belongs to (one customer per member, made at first checkout). */
  stripeCustomer: (customerId: string) => ["stripe_customers", customerId] as const,
  auditPrefix: () => ["audit"] as const,

  /**
   * The referral figures of a member in one bucket of a period ("week:2026-W47", "month:2026-11",
   * "all"): friends joined and verified, sessions, countries met, points, badges.
   */
  refFigures: (userId: string, bucket: string) => ["ref_figures", userId, bucket] as const,
  refFiguresPrefix: (userId: string) => ["ref_figures", userId] as const,
  /** A bucket's ranking: most points first, then who reached them first. Moved with the figures. */
  refBoard: (bucket: string, points: number, at: number, userId: string) =>
    ["ref_board", bucket, -points, at, userId] as const,
  refBoardPrefix: (bucket: string) => ["ref_board", bucket] as const,
  refBoardRoot: () => ["ref_board"] as const,
  /** How many members of a bucket have exactly `points` (a KV sum): a member's rank without a scan. */
  refPoints: (bucket: string, points: number) => ["ref_points", bucket, points] as const,
  refPointsPrefix: (bucket: string) => ["ref_points", bucket] as const,
  refPointsRoot: () => ["ref_points"] as const,
  /** The same by hundreds of points (points 0–99 are hundred 0). */
  refHundreds: (bucket: string, hundred: number) => ["ref_points100", bucket, hundred] as const,
  refHundredsPrefix: (bucket: string) => ["ref_points100", bucket] as const,
  refHundredsRoot: () => ["ref_points100"] as const,
  /** A member met someone from a country in a bucket (the all-time flag lasts two years). */
  refMet: (userId: string, bucket: string, country: string) =>
    ["ref_met", userId, bucket, country] as const,
  refMetPrefix: (userId: string) => ["ref_met", userId] as const,
  /** A weekly challenge's reward, credited once: written by the commit that credits it. */
  refReward: (userId: string, week: string, challenge: string) =>
    ["ref_reward", userId, week, challenge] as const,
  refRewardPrefix: (userId: string) => ["ref_reward", userId] as const,
  /**
   * How many sessions of a pair of members counted for the referral figures on a UTC day (a KV
   * u64; `low` < `high`, so either order names one pair). Expires after two days.
   */
  refPairDay: (day: string, low: string, high: string) => ["ref_pair_day", day, low, high] as const,
  /** An invited member whose verification counted for their inviter (once per member). */
  refFriend: (inviteeId: string) => ["ref_friend", inviteeId] as const,
  /** Members (not deleted) whose location is in a country (a KV sum). */
  countryMembers: (country: string) => ["country_members", country] as const,
  countryMembersPrefix: () => ["country_members"] as const,

  purgeDue: (dueAt: number, userId: string) => ["purge_due", dueAt, userId] as const,
  purgeDuePrefix: () => ["purge_due"] as const,
};
