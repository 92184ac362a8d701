// The server's own messages a member can be shown that no area owns: the HTTP layer's refusals
// (lib/server/http: validation, size and shape limits, origin checks, rate limits, failures), the
// socket handshake's, the location look-up's (lib/server/geo), the push notices and the page-level
// notices of the HTTP layer. Code names each as said("texts.<key>", values).
export default {
  // The HTTP layer (lib/server/http)
  invalidBody: "Invalid request body",
  invalidQuery: "Invalid query",
  notFound: "Not found",
  notAuthenticated: "User not authenticated",
  tooLarge: "The request is too large.",
  crossSite: "Cross-site requests are not allowed.",
  methodNotAllowed: "This method is not allowed.",
  bodyNotAllowed: "A GET or HEAD request cannot have a body.",
  addressTooLong: "The address is too long.",
  failed: "Something went wrong. Please try again.",
  failedWithReference: "Something went wrong. Please try again. (Reference: {reference})",
  storageRefused:
    "Nothing was saved: Glimpse cannot store changes at the moment. Please try again shortly.",
  pageNotFound: "Page not found",
  // lib/server/http/rate_limit.ts, a rate limit's refusal ({minutes}: the wait, as count)
  tooMany: {
    one: "Too many attempts. Please wait {minutes} minute and try again.",
    other: "Too many attempts. Please wait {minutes} minutes and try again.",
  },
  // lib/server/http/flash.ts NOTICES
  noMatchTitle: "No matches found",
  noMatchDescription: "Please try again later.",
  // routes/ws.ts, the socket handshake's refusals
  socketOnly: "This address takes WebSocket connections only.",
  socketCrossSite: "Cross-site sockets are not allowed.",
  // lib/server/geo/private_location.ts and POST /api/location: the location look-up's refusals
  locationNoNames: "Could not get location names",
  locationUnavailable: "Location unavailable",
  // Refusals of /ws messages only a client that breaks the protocol causes (the live page
  // shows its general failure for them).
  rt_too_large: "Message too large",
  rt_malformed: "Malformed message",
  rt_unknown_type: "Unknown message type",
  rt_not_in_match: "You are not in a live session",
  rt_not_your_partner: "Signals go only to your partner",
  rt_bad_reaction: "Unknown reaction",
  rt_not_registered: "Register first",
  rt_not_searching: "There is no search of yours running to widen.",
  rt_bad_widen: "That is not a wider filter for this search.",
  push_title: "Someone is here",
  push_body: "Members who fit your filters are searching now. Tap to search.",
  push_badSubscription: "That is not a push subscription from a browser's push service.",
  push_noSubscription: "This browser is not set to tell you.",
};
