// The texts of "Tell me when someone is here" (Web Push), in English as the server words them;
// the pages show them from their catalogs (profile: push_<key>, live: push_<key>).
export const PUSH_TEXT = {
  ask: "Tell me when someone is here",
  on:
    "This browser will tell you when members who fit your filters are searching: at most 3 times a day, never between 22:00 and 08:00.",
  blocked: "Notifications are blocked for Glimpse in this browser's settings.",
  unsupported: "This browser cannot show notifications from Glimpse.",
  failed: "Could not turn on notifications. Please try again.",
  badSubscription: "That is not a push subscription from a browser's push service.",
  noSubscription: "This browser is not set to tell you.",
} as const;
