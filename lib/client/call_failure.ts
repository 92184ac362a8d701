// Why a call could not connect, from what the page itself observed of its peer link: the
// candidates its browser gathered (its own address as the internet sees it, the relay's), the
// relay's errors by the way it was tried (UDP, TCP, TLS), and what the partner's page sent.
// - Nothing got out (no relay and, where the member shows their address, not even their public
//   address): their network blocks calls.
// - The relay answered with a refusal: it refused the connection.
// - The relay could not be reached while the internet could (or the member hides their address,
//   so only the relay was tried): the relay could not be reached, over every way it is offered.
// - This side had a way in but the partner's side offered none, or no path between them worked:
//   the partner's network could not be reached.

import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export type Way = "udp" | "tcp" | "tls";

/**
 * How long a new link looks for a way out before it is said to have failed when none was found:
 * no address beyond the device's own here (the browser may go on trying a blocked relay for half a
 * minute), or none at all from the partner's side. A way that is found connects within a second
 * or two, on the slowest network of the lab (TLS on 443) within five.
 */
export const WAY_OUT_LIMIT_MS = 8000;

export interface PathObservations {
  /** "relay": only the relay was tried (hide IP, or the operator's choice). */
  policy: RTCIceTransportPolicy;
  /** How the relay is offered (the TURN URLs of the configuration). */
  ways: Way[];
  /** The candidates this page's browser gathered, by type. */
  local: { srflx: number; relay: number };
  /** The relay's errors (RTCPeerConnectionIceErrorEvent), by way. */
  errors: { way: Way; code: number }[];
}

export type FailureWhy =
  | { kind: "network" }
  | { kind: "relay-refused" }
  | { kind: "relay-unreachable"; ways: Way[] }
  | { kind: "partner" };

/** The ICE error code of a server that could not be reached (as opposed to one that refused). */
export const UNREACHABLE = 701;

/** The way a TURN URL reaches the relay; null for a STUN URL. */
export function wayOf(url: string): Way | null {
  if (url.startsWith("turns:")) return "tls";
  if (!url.startsWith("turn:")) return null;
  return /[?&]transport=tcp\b/.test(url) ? "tcp" : "udp";
}

export function diagnose(o: PathObservations): FailureWhy {
  if (o.local.relay > 0 || (o.policy === "all" && o.local.srflx > 0 && o.ways.length === 0)) {
    return { kind: "partner" };
  }
  if (o.errors.some((e) => e.code !== UNREACHABLE)) return { kind: "relay-refused" };
  if (o.policy === "all" && o.local.srflx === 0) return { kind: "network" };
  if (o.ways.length === 0) return { kind: "partner" };
  // No way gave a relay address: every way was tried and none got through (in time).
  return { kind: "relay-unreachable", ways: o.ways };
}

/** A relay's error (an `icecandidateerror`) as the diagnosis keeps it; null for a STUN server's. */
export function relayError(e: RTCPeerConnectionIceErrorEvent): { way: Way; code: number } | null {
  const way = wayOf(e.url ?? "");
  return way ? { way, code: e.errorCode } : null;
}

/** The ways in the order a member reads them ("UDP, TCP, TLS"). */
export function waysText(ways: Way[]): string {
  return (["udp", "tcp", "tls"] as const).filter((w) => ways.includes(w)).map((w) =>
    w.toUpperCase()
  ).join(", ");
}

/** What happened, in the member's words (the live view's and the connection check's). */
export function whyText(why: FailureWhy): string {
  switch (why.kind) {
    case "network":
      return t("whyNetwork");
    case "relay-refused":
      return t("whyRelayRefused");
    case "relay-unreachable":
      return t("whyRelayUnreachable", { ways: waysText(why.ways) });
    case "partner":
      return t("whyPartner");
  }
}

/** The ways the relay is offered in a list of ICE servers (its TURN URLs). */
export function waysOf(iceServers: RTCIceServer[]): Way[] {
  const urls = iceServers.flatMap((s) => typeof s.urls === "string" ? [s.urls] : s.urls);
  return [...new Set(urls.map(wayOf).filter((w): w is Way => w !== null))];
}
