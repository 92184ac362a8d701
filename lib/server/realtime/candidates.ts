// What a partner's browser is handed of a member's ICE candidates (docs/realtime.md, "Candidates
// the partner never sees"). A candidate's address is judged by what it is, whatever its type: a
// public address and a browser's mDNS name (`<uuid>.local`) pass; a private, link-local,
// unspecified or multicast address, a name of any other form, and a candidate that does not parse
// are dropped, so that no partner's browser is sent to probe its own network. A loopback address
// passes only where `allowLoopback` (outside production, where both browsers share one machine).
// The related address (`raddr`/`rport`) of every candidate that passes is zeroed, as browsers do:
// it names the member's own device (or, for a relay, their public address) and ICE never uses it.
import { ipv4Bytes, ipv6Groups } from "../ip.ts";
import type { Signal } from "../../shared/realtime/protocol.ts";

export interface CandidateRules {
  /** Whether loopback candidates (127/8, ::1) may pass. */
  allowLoopback: boolean;
}

export type AddressKind =
  | "public"
  | "mdns"
  | "loopback"
  | "private"
  | "link-local"
  | "unspecified"
  | "multicast"
  /** Not an address literal in canonical form, nor a browser's mDNS name. */
  | "other";

const MDNS_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/i;

function ipv4Kind([a, b]: number[]): AddressKind {
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168)) return "private";
  // Shared address space (carrier-grade NAT, 100.64/10): a device's address inside its carrier.
  if (a === 100 && b >= 64 && b < 128) return "private";
  if (a === 169 && b === 254) return "link-local";
  if (a >= 224) return "multicast";
  return "public";
}

/** What an address in a candidate is: IPv4 (canonical dotted quad only), IPv6 or an mDNS name. */
export function addressKind(address: string): AddressKind {
  if (MDNS_NAME.test(address)) return "mdns";
  if (!address.includes(":")) {
    const v4 = ipv4Bytes(address);
    // Only the canonical form: a resolver reads "012.0.0.1" as octal (10.0.0.1).
    return v4 && v4.join(".") === address ? ipv4Kind(v4) : "other";
  }
  const g = ipv6Groups(address.toLowerCase());
  if (!g) return "other";
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): judged as the IPv4 address.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return ipv4Kind([g[6] >> 8, g[6] & 255]);
  }
  if ((g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfec0) return "private";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  return "public";
}

/** Whether a partner's browser may be handed `address`. */
export function addressAllowed(address: string, rules: CandidateRules): boolean {
  const kind = addressKind(address);
  return kind === "public" || kind === "mdns" || (kind === "loopback" && rules.allowLoopback);
}

/**
 * A candidate (`candidate:...`, or an SDP line `a=candidate:...`) as the partner may see it: with
 * its related address zeroed, or null when it is dropped. Its grammar: foundation, component,
 * transport, priority, address, port, `typ` and the type, then name-value pairs.
 */
export function screenCandidate(line: string, rules: CandidateRules): string | null {
  const prefix = line.startsWith("a=candidate:")
    ? "a=candidate:"
    : line.startsWith("candidate:")
    ? "candidate:"
    : null;
  // Printable ASCII only: a line break would smuggle a second line into an SDP.
  if (prefix === null || /[^ -~]/.test(line)) return null;
  const parts = line.slice(prefix.length).split(" ");
  if (parts.length < 8 || parts.length % 2 !== 0 || parts.includes("") || parts[6] !== "typ") {
    return null;
  }
  if (!addressAllowed(parts[4], rules)) return null;
  for (let i = 8; i < parts.length; i += 2) {
    if (parts[i] === "raddr") parts[i + 1] = parts[i + 1].includes(":") ? "::" : "0.0.0.0";
    else if (parts[i] === "rport") parts[i + 1] = "0";
  }
  return prefix + parts.join(" ");
}

/**
 * An SDP as the partner may see it: `a=candidate` lines screened (dropped or with their related
 * address zeroed), and a connection address (`c=`, `a=rtcp:`) that may not pass made unspecified.
 */
export function screenSdp(sdp: string, rules: CandidateRules): string {
  const out: string[] = [];
  for (const raw of sdp.split("\n")) {
    const cr = raw.endsWith("\r") ? "\r" : "";
    const line = cr ? raw.slice(0, -1) : raw;
    if (line.startsWith("a=candidate:")) {
      const kept = screenCandidate(line, rules);
      if (kept !== null) out.push(kept + cr);
      continue;
    }
    const address = /^(c=IN |a=rtcp:\d+ IN )(IP4|IP6) (\S+)$/.exec(line);
    if (address && !addressAllowed(address[3], rules)) {
      out.push(`${address[1]}${address[2]} ${address[2] === "IP4" ? "0.0.0.0" : "::"}${cr}`);
      continue;
    }
    out.push(raw);
  }
  return out.join("\n");
}

/**
 * A signal as the partner may receive it, or null when nothing of it may pass (a candidate
 * dropped). The end of gathering (no candidate, or an empty one) passes as it is.
 */
export function screenSignal(signal: Signal, rules: CandidateRules): Signal | null {
  if (signal.type === "restart") return signal;
  if (signal.type !== "ice-candidate") return { ...signal, sdp: screenSdp(signal.sdp, rules) };
  const c = signal.candidate;
  if (c === null || c.candidate === "") return signal;
  const candidate = screenCandidate(c.candidate, rules);
  return candidate === null ? null : { ...signal, candidate: { ...c, candidate } };
}
