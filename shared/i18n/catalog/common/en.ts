// The shell on every page (header, navigation, toasts, footer and its language switcher).
export default {
  skipToContent: "Skip to content",
  back: "Back",
  account: "Account",
  profile: "Profile",
  loginRegister: "Login / Register",
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
  privacy: "Privacy Policy",
};
