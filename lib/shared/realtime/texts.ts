// The realtime socket's refusals, by code, with the message a member is shown. A module of its
// own with no imports but the filters' limits and `said`, so the browser can read the codes
// without bundling the protocol's validation (zod). The server says a code's message in the
// socket's language (lib/server/realtime/connection.ts `send`); the browser shows a code's text
// from the live catalog (lib/shared/i18n/catalog/live, as rt_<code>) and never reads the
// message. Refusals only a client breaking the protocol meets are the texts catalog's (rt_<code>).
import { MAX_DAILY_HASHTAGS, MAX_HASHTAG_LENGTH } from "../filters.ts";
import { type Said, said } from "../i18n/said.ts";

/**
 * What the server can refuse or report, by code, with the message a member is shown. The server
 * sends both (`{ type: "error", code, message }`). Pure: the browser bundles only the codes.
 */
export const RT_MESSAGE = /* @__PURE__ */ (() =>
  ({
    no_match: said("live.rt_no_match"),
    session_limit: said("live.rt_session_limit"),
    not_authenticated: said("live.rt_not_authenticated"),
    on_hold: said("live.rt_on_hold"),
    too_large: said("texts.rt_too_large"),
    malformed: said("texts.rt_malformed"),
    unknown_type: said("texts.rt_unknown_type"),
    flood: said("live.rt_flood"),
    not_in_match: said("texts.rt_not_in_match"),
    not_your_partner: said("texts.rt_not_your_partner"),
    bad_reaction: said("texts.rt_bad_reaction"),
    not_registered: said("texts.rt_not_registered"),
    location_required: said("live.rt_location_required"),
    email_unverified: said("live.rt_email_unverified"),
    bad_hashtag: said("live.rt_bad_hashtag", { max: MAX_HASHTAG_LENGTH }),
    hashtag_limit: said("live.rt_hashtag_limit", { count: MAX_DAILY_HASHTAGS }),
    set_filters_limit: said("live.rt_set_filters_limit"),
    replaced: said("live.rt_replaced"),
    failed: said("live.rt_failed"),
    not_searching: said("texts.rt_not_searching"),
    bad_widen: said("texts.rt_bad_widen"),
    storage: said("live.rt_storage"),
  }) satisfies Record<string, Said>)();

export type RtErrorCode = keyof typeof RT_MESSAGE;

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
