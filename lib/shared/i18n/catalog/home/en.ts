// The welcome screen and the home (Discover) page, hashtags and the discovery map, the public
// start, fallback and not-found pages, the dev outbox page, the installable app (manifest
// description, offline page) and the small shared parts (logo, spinner).
export default {
  // Page titles (page()'s `title` names them).
  titleWelcome: "Welcome",
  titleStart: "Start",
  titleDiscover: "Discover",
  titleHashtags: "Hashtags",
  titleMap: "Discover the world",
  titleOffline: "Offline",
  offlineMetaDescription: "You are offline.",
  titleOutbox: "Outbox",
  titleSimple: "Glimpse",
  appDescription: "Live point-of-view video with a stranger, somewhere else.",

  // Logo, spinner.
  logoHome: "Glimpse home",
  loading: "Loading...",

  // Welcome screen.
  heroTitle: "See the world through a stranger's eyes",
  heroSubtitle:
    "Glimpse pairs you with someone somewhere else for a short live point-of-view video call.",
  getStarted: "Get Started",
  haveAccount: "I have an account",
  whyGlimpse: "Why Glimpse",
  featurePovTitle: "Live point of view",
  featurePovText:
    "Point your rear camera at where you are and see where a stranger is, live, for thirty seconds.",
  featurePrivateTitle: "Private by design",
  featurePrivateText:
    "Face blur, on by default, blurs the faces it finds in your video on your device before sending. The safety shield keeps your partner's video blurred until your device has checked it. Your exact location never leaves our server, and no video is stored there.",
  featureInviteTitle: "Invite-only, adults only",
  featureInviteText:
    "Members join with an invitation, are 18 or older, and can report or block anyone in one tap.",
  plans: "Plans",

  // The landing page's picture of a call and the steps of a session.
  howTitle: "How a session works",
  sceneLocation: "Lisbon, Portugal",
  sceneTag: "sunset",
  sceneEncrypted: "Encrypted",
  stepStartTitle: "Start",
  stepStartText: "Tap Start and we find someone online who matches your filters.",
  stepCameraTitle: "Point your camera",
  stepCameraText: "Show them where you are with your rear camera; faces are blurred on your phone.",
  stepNextTitle: "Thirty seconds, then Next",
  stepNextText: "React, say hi, and when the time is up, meet the next place in one tap.",

  // Discover (home) screen.
  greeting: "Hi {username}, where to next?",
  discoverSubtitle:
    "Meet a stranger's point of view for 30 seconds. Point your rear camera at where you are.",
  startPov: "Start POV Connection",
  prefTitle: "Connection preference",
  edit: "Edit",
  prefGlobal: "Global: match with anyone in the world",
  prefContinent: "Continent: match with people in the chosen place",
  prefCountry: "Country: match with people in the chosen place",
  prefCity: "City: match with people in your city",
  prefNearby: "Nearby: match within 25km",
  prefCountryNamed: "Country: {country}",
  prefContinentNamed: "Continent: {continent}",
  sessionsLeft: { one: "{count} session left today", other: "{count} sessions left today" },
  noSessionsLeft: "No sessions left today",
  seePlans: "see plans",

  // Hashtag cards on the home page.
  interestsTitle: "Your interests",
  moreInterests: "+{count} more",
  popularTitle: "Popular this week",
  popularHint: "Tap one to add it to your filters.",
  tagAdded: "#{tag} added",
  tagRemoved: "#{tag} removed",

  // /hashtags.
  yourHashtags: "Your hashtags",
  searchHashtags: "Search hashtags",
  categories: "Categories",
  categoryAll: "All",
  categoryActivities: "Activities",
  categoryEntertainment: "Entertainment",
  categoryFood: "Food & Drink",
  categoryHealth: "Health & Wellness",
  categoryPlaces: "Places",
  categoryAnimals: "Animals & Pets",
  selectedCount: "Selected ({count})",
  pickAtLeastOne: "Pick at least one hashtag below.",
  removeTag: "Remove #{tag}",
  saving: "Saving...",
  saveHashtags: "Save Hashtags",
  suggested: "Suggested",
  noSuggestion: "No suggested hashtag matches “{query}”.",
  hashtagsSaved: "Hashtags saved!",
  hashtagsSavedDescription: "Successfully updated your hashtags.",
  hashtagsError: "Failed to save hashtags",
  hashtagsErrorDescription: "There was an error saving your hashtags. Please try again.",
  noHashtags: "No hashtags selected",
  noHashtagsDescription: "Please select at least one hashtag.",
  filtersSavedDescription: "Your filter preferences have been updated.",
  saveError: "Error saving filters",
  saveErrorDescription: "There was a problem saving your filters. Please try again.",

  // /map-discovery.
  nobodyOnline:
    "Nobody else is online right now. Counts show members active in the last few minutes.",
  regions: "Regions",
  regionPin: "{name}, {count} online",
  regionCount: "{count} online",
  activeUsers: "Active Users: {count}",
  popularHere: "Popular here this week. Tap to add to your filters:",
  popularIn: "Popular in {name}",
  noHashtagsIn: "No hashtags were used in {name} in the last 7 days yet.",
  connectWith: "Connect with {name}",
  pickRegion: "Pick a region to see who is around and what they share.",
  advancedFilters: "Advanced Filters",
  membersOnline: "Members online:",
  legendNone: "None",

  // /test, /simple and the not-found page.
  startExploring: "Start exploring",
  login: "Login",
  aboutGlimpse: "About Glimpse",
  liveMode: "Live mode: test features are disabled.",
  notFoundTitle: "Page not found",
  notFoundText: "There is nothing at {path}. It may have moved, or the link may be mistyped.",
  simpleText: "A lightweight page of Glimpse. Everything starts from the home screen.",
  goHome: "Go to Home",
  seePlansButton: "See plans",

  // The offline page the service worker keeps.
  offlineTitle: "You are offline",
  offlineDescription:
    "This page could not load: there is no connection to Glimpse. Check your Wi‑Fi or mobile data, then try again.",
  offlineNote: "Live video, matches and your account need a connection.",
  retry: "Retry",

  // /dev/outbox (development only).
  outboxIntro:
    "Emails kept by the outbox provider ({provider}). This page does not exist in production.",
  noEmails: "No emails yet.",
  mailTo: "to",
};
