// The /ws protocol: every inbound message is validated here; outbound messages are typed, and
// every refusal carries a code whose member-facing text lives in texts.ts.
import { z } from "zod";
import { filtersPatchSchema, hashtagSchema } from "../filters_schema.ts";
import { type MediaProfile, REACTION_EMOJI } from "../constants.ts";
import { MAX_HASHTAGS } from "../filters.ts";
import { RT_MESSAGE, type RtErrorCode } from "./texts.ts";
import type { Said } from "../i18n/said.ts";
import type { Language } from "../auth/types.ts";
import type { WaitEstimate } from "../waiting.ts";
import type { Reach } from "../widening.ts";

export const MAX_MESSAGE_BYTES = 64 * 1024;

export { REACTION_EMOJI };

export { RT_MESSAGE, type RtErrorCode };

/** A refusal by its code, its message named (the server says it in the socket's language). */
export function rtError(code: RtErrorCode): { type: "error"; code: RtErrorCode; message: Said } {
  return { type: "error", code, message: RT_MESSAGE[code] };
}

const peerId = z.string().regex(/^[A-Za-z0-9_-]{21}$/);

/** The longest session description relayed (Chromium's offer for a call is 6-7 KB). */
export const MAX_SDP_CHARS = 16 * 1024;

// A signal keeps only the fields named here (zod objects drop any other), and the hub relays the
// parsed signal, screened (candidates.ts), never what arrived.
const iceCandidate = z.object({
  candidate: z.string().max(2048),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

export const signalSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("offer"), sdp: z.string().max(MAX_SDP_CHARS) }),
  z.object({ type: z.literal("answer"), sdp: z.string().max(MAX_SDP_CHARS) }),
  z.object({ type: z.literal("ice-candidate"), candidate: iceCandidate.nullable() }),
  /** The answerer asks the offerer for an ICE restart (its path stopped, or its network changed). */
  z.object({ type: z.literal("restart") }),
]);

export const inboundSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("register"),
    peerId: peerId.optional(),
    /** Rejoining a match whose peer link still carries the call (only the socket dropped). */
    keepsLink: z.boolean().optional(),
  }),
  z.object({ type: z.literal("set_filters"), filters: filtersPatchSchema }),
  z.object({ type: z.literal("signal"), to: peerId, signal: signalSchema }),
  z.object({
    type: z.literal("find_match"),
    preferences: z.object({
      hideLocation: z.boolean().optional(),
      // The same hashtags as the filters API takes: normalised, then checked.
      hashtags: z.array(hashtagSchema).max(MAX_HASHTAGS)
        .transform((tags) => [...new Set(tags)]).optional(),
    }).optional(),
  }),
  z.object({
    type: z.literal("end_session"),
    reason: z.string().max(40).optional(),
    /** The page's link failed before it ever connected: the match may count as no session. */
    linkFailed: z.boolean().optional(),
  }),
  /** The page's peer link has connected (once a match): the match counts as a session. */
  z.object({ type: z.literal("link_connected") }),
  z.object({ type: z.literal("reaction"), emoji: z.string().max(16) }),
  z.object({ type: z.literal("ping") }),
  /** Widen the running search `searchId` to a wider filter, for this search only. */
  z.object({
    type: z.literal("widen"),
    searchId: z.string().max(64),
    to: z.discriminatedUnion("location", [
      z.object({ location: z.literal("country"), country: z.string().min(1).max(80) }),
      z.object({ location: z.literal("continent"), continent: z.string().min(1).max(40) }),
      z.object({ location: z.literal("global") }),
    ]),
  }),
]);

export type Inbound = z.infer<typeof inboundSchema>;
export type Signal = z.infer<typeof signalSchema>;

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export type IceTransportPolicy = "all" | "relay";

/**
 * What the server sends. `Text` is a refusal's message: a string on the wire, a named message
 * (`Said`) while the server builds it (`ServerOutbound`; the socket says it in its language).
 */
export type Outbound<Text = string> =
  | { type: "registered"; userId: string; peerId: string; resumed?: boolean }
  | {
    type: "match_found";
    matchId: string;
    peerId: string;
    hashtag: string;
    location: string;
    role: "offerer" | "answerer";
    iceServers: IceServer[];
    /**
     * "relay": this member's browser gathers and sends only TURN relay candidates, so the partner
     * never sees their IP address (the site's ICE_TRANSPORT_POLICY, or the member's Hide my IP).
     */
    iceTransportPolicy: IceTransportPolicy;
    /** When the match ends, by the clock of the instance that made it. */
    endsAt: number;
    /**
     * The ms left of the match as the sending instance sees it: the page counts them on its own
     * clock, whatever the browser's clock says (absent from older servers: endsAt is used).
     */
    endsIn?: number;
    /** False while the partner is between sockets (a reload, a page change). */
    partnerConnected: boolean;
    /** The language the partner speaks (their profile language); absent on older matches. */
    partnerLanguage?: Language;
    resumed?: boolean;
    /** What this member's camera sends: from their own plan. */
    media: MediaProfile;
  }
  | { type: "signal"; from: string; signal: Signal }
  /** `counted: false`: the match counted as no session (its link never connected). */
  | { type: "session_ended"; reason: string; counted?: boolean }
  | { type: "reaction"; emoji: string }
  | { type: "session_limit_reached"; code: "session_limit"; message: Text }
  | { type: "no_match_found"; code: "no_match"; message: Text }
  | { type: "searching" }
  /**
   * While a search runs, every few seconds: members searching now and those the member's filters
   * allow, rounded (lib/shared/waiting.ts: 0 is "fewer than 5"), the wait searches like it took
   * of late, the wider filter offered (if any) and the one it was widened to (if it was).
   */
  | {
    type: "waiting";
    searchId: string;
    searching: number;
    allowed: number;
    estimate: WaitEstimate;
    offer: NamedReach | null;
    widenedTo: NamedReach | null;
  }
  /** A widen the server did not take (the search is not this socket's running one, or the step is not wider). */
  | { type: "widen_refused"; code: RtErrorCode; message: Text }
  /** The partner's socket is back; `linkKept`: their peer link went on (only rebuild if ours broke). */
  | { type: "partner_reconnected"; linkKept: boolean }
  | { type: "pong" }
  | { type: "error"; code: RtErrorCode; message: Text };

/** A message as the server builds it: a refusal's message named, not yet said. */
export type ServerOutbound = Outbound<Said>;

/**
 * A wider filter as the page is sent it: with the place's code (ISO 3166 for a country, UN M.49
 * for a continent), by which the page names it in its language.
 */
export type NamedReach = Reach & { code?: string };

export type ParseResult = { ok: true; message: Inbound } | { ok: false; error: RtErrorCode };

export function parseInbound(raw: string | ArrayBuffer | Blob): ParseResult {
  if (typeof raw !== "string") return { ok: false, error: "malformed" };
  if (raw.length > MAX_MESSAGE_BYTES) return { ok: false, error: "too_large" };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: "malformed" };
  }
  const known = typeof data === "object" && data !== null &&
    inboundSchema.options.some((o) => o.shape.type.value === (data as { type?: unknown }).type);
  if (!known) return { ok: false, error: "unknown_type" };
  const parsed = inboundSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const hashtags = parsed.error.issues.some((i) => i.path.includes("hashtags"));
  return { ok: false, error: hashtags ? "bad_hashtag" : "malformed" };
}

const PEER_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A peer id: 21 random characters from a 64-symbol alphabet. */
export function newPeerId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (b) => PEER_ALPHABET[b & 63]).join("");
}
