// The shell on every page (header, navigation, toasts, footer and its language switcher).
export default {
  skipToContent: "Skip to content",
  back: "Back",
  account: "Account",
  profile: "Profile",
  loginRegister: "Login / Register",
  dismissNotification: "Dismiss notification",
  notifications: "Notifications",
  mainNav: "Main",
  navHome: "Home",
  navPremium: "Premium",
  navDiscover: "Discover",
  navProfile: "Profile",
  logout: "Logout",
  footer: "About Glimpse",
  language: "Language",
  terms: "Terms of Service",
  languageUnknown: "Please choose one of the languages offered.",
  privacy: "Privacy Policy",
  // "Tell me when someone is here" (components/PushOptIn.tsx; the API's refusals are texts.push_*).
  push_ask: "Tell me when someone is here",
  push_on:
    "This browser will tell you when members who fit your filters are searching: at most 3 times a day, never between 22:00 and 08:00.",
  push_blocked: "Notifications are blocked for Glimpse in this browser's settings.",
  push_unsupported: "This browser cannot show notifications from Glimpse.",
  push_failed: "Could not turn on notifications. Please try again.",
  holdBannerRegion: "Account under review",
  holdBanner:
    "Your account is under review after a safety report: you cannot search or be matched for now.",
  holdBannerLink: "See why and appeal",
};
