// What a live call, and the camera on its own, need of the browser, checked before anything
// starts: a secure context (https; http://localhost and 127.0.0.1 are secure too), the camera and
// microphone API, and WebRTC (the peer connection, and the session descriptions and ICE candidates
// it hands the page). Pure: the globals come in as an argument, so it runs and is tested anywhere;
// a page passes `globalThis`. What is missing is named, and said, by lib/shared/cannot_call.ts.
import { CALL_NEEDS, type Need } from "../shared/cannot_call.ts";

/** The globals the check reads (a page's `globalThis` has them all, when the browser does). */
export interface CallGlobals {
  isSecureContext?: boolean;
  location?: { protocol?: string; hostname?: string };
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
  RTCPeerConnection?: unknown;
  RTCSessionDescription?: unknown;
  RTCIceCandidate?: unknown;
}

/** This device's own addresses, which browsers treat as secure over plain http. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function isSecure(g: CallGlobals): boolean {
  if (typeof g.isSecureContext === "boolean") return g.isSecureContext;
  // A browser that does not say: https, or this device's own address.
  const host = g.location?.hostname ?? "";
  return g.location?.protocol === "https:" || LOOPBACK_HOSTS.has(host) ||
    host.endsWith(".localhost");
}

const isFunction = (x: unknown) => typeof x === "function";

/**
 * What of `needs` this browser lacks, in the order of CALL_NEEDS; empty when it has everything.
 * A page that is not secure is not also said to lack the camera API: browsers hide it from such
 * pages, and the secure address is the fix.
 */
export function missingNeeds(g: CallGlobals, needs: readonly Need[] = CALL_NEEDS): Need[] {
  const secure = isSecure(g);
  const lacks: Record<Need, boolean> = {
    secure: !secure,
    media: secure && !isFunction(g.navigator?.mediaDevices?.getUserMedia),
    webrtc: !isFunction(g.RTCPeerConnection) || !isFunction(g.RTCSessionDescription) ||
      !isFunction(g.RTCIceCandidate),
  };
  return CALL_NEEDS.filter((n) => needs.includes(n) && lacks[n]);
}
