// Plans and referrals: the /subscriptions page (plan cards, usage card, payment banners, checkout
// and billing portal texts, including the errors the plans API returns), the home screen's
// sessions-left line, the invitation share buttons (/viral and after registration) and the
// /viral and /leaderboard pages (challenges, points, ranks, prizes), and what the server answers
// Stripe's webhook.
export default {
  // The plans page (islands/SubscriptionsPage.tsx, components/plans/)
  heading: "Choose your plan",
  intro: "Unlimited sessions and HD quality with Premium.",
  success: "Payment successful! Your subscription has been upgraded.",
  cancelled: "Payment cancelled. You can try again anytime.",
  dismiss: "Dismiss",
  updating: "Updating your plan…",
  processing: "Your payment is being processed. Your plan will update in a moment.",
  loadFailed: "Failed to load subscription options. Please try again.",
  retry: "Retry",
  usageTitle: "Your plan",
  unlimited: "Unlimited sessions",
  renews: "Renews at midnight UTC",
  popular: "Popular",
  current: "Current Plan",
  freePlan: "Free plan",
  upgrade: "Upgrade",
  upgrading: "Upgrading...",
  signIn: "Sign in to upgrade",
  change: "Change plan",
  manage: "Manage subscription",
  opening: "Opening...",
  paying: "Finish paying in the Stripe window. This page updates when you close it.",
  popupLoading: "Opening secure checkout…",
  seePlans: "see plans",
  whyTitle: "Why Choose Premium?",
  cancelAnytime: "Cancel anytime. Your plan stays active until the end of the period you paid for.",

  // The plans API's errors (routes/api/subscription.ts) and the checkout's toasts
  notConfigured: "Stripe is not configured yet. Please contact support to enable payments.",
  failed: "Failed to create checkout session. Please try again.",
  network: "Checkout failed. Please try again.",
  badTier: "Please choose the basic, plus or vip plan.",
  unreachable: "The payment provider could not be reached. No payment was taken.",
  noSubscription: "You have no subscription to manage yet.",
  alreadySubscribed: "You already have a subscription. Change your plan in the billing portal.",
  portalFailed: "Could not open the billing portal. Please try again.",
  popupBlocked: "Your browser blocked the payment window. Open this link to pay:",
  needsScript:
    "Payments open in a secure Stripe window, which needs JavaScript. Please turn it on.",
  notConfiguredDetails: "The {tier} plan cannot be bought until payments are configured.",
  // Stripe's webhook (routes/api/stripe.ts): what the server answers Stripe
  webhookNotConfigured: "Stripe webhooks are not configured on this server.",
  webhookBadSignature: "Invalid Stripe signature.",

  // Plan cards and the usage card
  tierFree: "Free",
  tierBasic: "Basic",
  tierPlus: "Plus",
  tierVip: "VIP",
  perMonth: "{price}/month",
  moreFeatures: { one: "{count} more feature", other: "{count} more features" },
  usageHeading: "Your plan: {plan}",
  sessionsToday: "Sessions today: {used} of {limit}",
  featureSessionsPerDay: {
    one: "{count} POV session per day",
    other: "{count} POV sessions per day",
  },
  featureUnlimited: "Unlimited POV sessions",
  featureFilters: "Location, hashtag and language filters",
  featureFaceBlur: "On-device face blur",
  featureShield: "On-device safety shield",
  featureReactions: "Emoji reactions",
  featureClip: "30-second clip recorder",
  featureHd: "HD video quality",
  featureFirst: "Served first when matching",
  whyUnlimited: "Unlimited POV sessions every day",
  whyVip: "VIP members are matched first",

  // The home screen's line
  sessionsLeft: { one: "{count} session left today", other: "{count} sessions left today" },
  noSessionsLeft: "No sessions left today",

  // Sharing an invitation (/viral and after registration)
  shareText: "Join me on Glimpse: live point-of-view video with strangers around the world.",
  shareTitle: "Glimpse invitation",
  mailSubject: "Join me on Glimpse",
  yourCode: "Your code",
  inviteLink: "Your invitation link",
  share: "Share",
  copyLink: "Copy link",
  copied: "Copied!",
  linkCopied: "Referral link copied!",
  copyFailed: "Could not copy the link",
  shareOnX: "Share on X",
  instagramCopied: "Referral link copied! Paste it into your Instagram story or bio.",
  shareOn: "Share on",
  // The apps' own names
  appX: "X / Twitter",
  appWhatsApp: "WhatsApp",
  appTelegram: "Telegram",
  appInstagram: "Instagram",
  email: "Email",

  // /viral
  viralPageTitle: "Invite friends",
  viralHeading: "Grow Glimpse",
  inviteFriends: "Invite Friends",
  inviteEarn: {
    one: "You hold up to {count} unused invitation. Each friend who joins with your code and " +
      "verifies their email earns you a new one.",
    other: "You hold up to {count} unused invitations. Each friend who joins with your code " +
      "and verifies their email earns you a new one.",
  },
  inviteAllUsed: "All your invitations are used. Each friend who joins with your code and " +
    "verifies their email earns you a new one.",
  youHaveUnused: {
    one: "You have {count} unused invitation.",
    other: "You have {count} unused invitations.",
  },
  invitationsUsed: "Invitations used",
  deletedAccount: "a deleted account",
  joinedVerified: "joined, verified",
  joinedUnverified: "joined, email not verified yet",
  weeklyChallenges: "Weekly Challenges",
  creditedWeekly: "{period}: each reward is credited once a week.",
  challengeFriends: { one: "Invite {count} friend", other: "Invite {count} friends" },
  challengeSessions: {
    one: "Complete {count} POV session",
    other: "Complete {count} POV sessions",
  },
  challengeCountries: {
    one: "Meet people from {count} country",
    other: "Meet people from {count} countries",
  },
  rewardPoints: { one: "+{count} point", other: "+{count} points" },
  rewardBadge: "Globetrotter badge",
  rewardCredited: "done, reward credited",
  globalLeaderboard: "Global Leaderboard",
  seeAll: "See all",
  youAreRank: "{period}: you are #{rank} of {ranked}.",
  earnToJoin: "{period}: earn points to join the leaderboard.",
  yourImpact: "Your Impact",
  rank: "Rank",
  points: "Points",
  referrals: "Referrals",
  povSessions: "POV sessions",
  countriesMet: "Countries met",
  badges: "Globetrotter badges",
  weekSummary: "{period}: {points}, rank {rank}.",
  howPointsWork: "How points work",
  ruleFriend: {
    one: "{count} point for each friend who joins with your code and verifies their email",
    other: "{count} points for each friend who joins with your code and verifies their email",
  },
  ruleSession: {
    one: "{count} point for each POV session you complete (a call that connected and lasted " +
      "{seconds} s or more; up to {perDay} a day with the same partner)",
    other: "{count} points for each POV session you complete (a call that connected and " +
      "lasted {seconds} s or more; up to {perDay} a day with the same partner)",
  },
  ruleCountry: {
    one: "{count} point for each country you meet someone from for the first time " +
      "(in two years)",
    other: "{count} points for each country you meet someone from for the first time " +
      "(in two years)",
  },

  // Periods (both pages)
  periodWeek: "This Week",
  periodMonth: "This Month",
  periodAll: "All Time",
  periodNote: "This week runs Monday to Sunday (ISO weeks), this month is the calendar month, " +
    "both in UTC. A period counts what happened in it; all time counts everything.",

  // Ranks and counts (both pages)
  rankOf: "#{rank} of {ranked}",
  pointsCount: { one: "{count} point", other: "{count} points" },
  referralsCount: { one: "{count} referral", other: "{count} referrals" },
  membersCount: { one: "{count} member", other: "{count} members" },
  formerMember: "former member",
  unknownCountry: "Unknown",

  // /leaderboard
  leaderboard: "Leaderboard",
  members: "Members",
  onlineNow: "Online now",
  countries: "Countries",
  period: "Period",
  topReferrers: "Top Referrers",
  nobodyYet: "Nobody has earned points in this period yet.",
  countriesNote: "Members by the country on their profile today.",
  noLocations: "No member has shared a location yet.",
  weeklyPrizes: "Weekly Prizes",
  topTen: "Top 10",
  prizeCashPremium: "{cash} plus {duration} premium",
  months: { one: "{count} month", other: "{count} months" },
  years: { one: "{count} year", other: "{count} years" },
  prizeMerch: "Glimpse merchandise",
  climbUp: "Climb Up",
};
