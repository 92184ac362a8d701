// The realtime socket's refusals, by code, with the text a member is shown. A module of its own
// with no imports but the filters' texts, so the browser can read the codes without bundling
// the protocol's validation (zod). The texts are the English source: the browser shows a code's
// text from the live catalog (lib/shared/i18n/catalog/live), whose keys are these codes.
import { BAD_HASHTAG_TEXT, MAX_DAILY_HASHTAGS } from "../filters.ts";

/**
 * What the server can refuse or report, by code, with the text a member is shown. The server
 * sends both (`{ type: "error", code, message }`); the browser maps the code to its text in the
 * page's language and never reads the message. Pure: its template text would keep it in the live
 * page's script otherwise.
 */
export const RT_TEXT = /* @__PURE__ */ (() =>
  ({
    no_match:
      "No other users are currently looking for connections. Please try again in a few minutes.",
    session_limit: "You have used all of today's sessions on your plan. Upgrade for more.",
    not_authenticated: "Please sign in to connect.",
    on_hold:
      "Your account is under review after a safety report. You cannot search or be matched until an administrator has reviewed it. You can appeal from your profile.",
    too_large: "Message too large",
    malformed: "Malformed message",
    unknown_type: "Unknown message type",
    flood: "Too many messages. Please slow down.",
    not_in_match: "You are not in a live session",
    not_your_partner: "Signals go only to your partner",
    bad_reaction: "Unknown reaction",
    not_registered: "Register first",
    location_required: "Location Required",
    email_unverified:
      "Please verify your email address before starting a live session. We sent you a link when you registered.",
    bad_hashtag: BAD_HASHTAG_TEXT,
    hashtag_limit:
      `You have searched with ${MAX_DAILY_HASHTAGS} hashtags of your own today. Search with ones you have used or the suggested ones, or try new ones tomorrow.`,
    set_filters_limit: "Filters are changing too often. Please wait a moment.",
    replaced:
      "Glimpse is open in another tab or window. This one has stopped; reload it to use it here.",
    failed: "Something went wrong. Please try again.",
    not_searching: "There is no search of yours running to widen.",
    bad_widen: "That is not a wider filter for this search.",
    storage:
      "Nothing was saved: Glimpse cannot store changes at the moment. Please try again shortly.",
  }) as const)();

export type RtErrorCode = keyof typeof RT_TEXT;

/**
 * How the server closes a socket for good, by why. The page does not reconnect after any of
 * these (connecting again cannot help).
 */
export const CLOSE_CODE = {
  /** Signed out, or never signed in. */
  notAuthenticated: 4401,
  /** The member opened a newer socket beyond the cap. */
  replaced: 4409,
  /** A policy breach: a flood, or too many refused messages. */
  policy: 1008,
  /** A message too large. */
  tooLarge: 1009,
} as const;
