// A member's side of a match: its ICE servers (the configured STUN/TURN list, plus time-limited TURN
// credentials: the TURN REST scheme, username "expiry:userId", credential
// base64(HMAC-SHA1(secret, username))) and its transport policy.
import type { Config } from "../config.ts";
import { hidesIpAddress, type IpRelay } from "../../shared/profile.ts";
import type { IceServer, IceTransportPolicy } from "../../shared/realtime/protocol.ts";

const TURN_TTL_S = 3600;

/**
 * The transport policy of one member's side of a call: "relay" where the site sends every call
 * through its relay, or where the member hides their IP address (their choice, else the site's
 * default, with a relay configured); else "all".
 */
export function transportPolicyFor(
  ice: Config["ice"],
  hideIp: boolean | undefined,
): IceTransportPolicy {
  return hidesIpAddress(hideIp, ipRelayOf(ice)) ? "relay" : "all";
}

/** What this site can do about members' IP addresses (see IpRelay). */
export function ipRelayOf(ice: Config["ice"]): IpRelay {
  return {
    available: ice.relayAvailable,
    byDefault: ice.hideIpDefault,
    always: ice.transportPolicy === "relay",
  };
}

export async function iceServersFor(config: Config, userId: string): Promise<IceServer[]> {
  const servers: IceServer[] = [...config.ice.servers];
  if (config.ice.turnUrls.length && config.ice.turnSecret) {
    const username = `${Math.floor(Date.now() / 1000) + TURN_TTL_S}:${userId}`;
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(config.ice.turnSecret),
      { name: "HMAC", hash: "SHA-1" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(
      await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(username)),
    );
    servers.push({
      urls: config.ice.turnUrls,
      username,
      credential: btoa(String.fromCharCode(...mac)),
    });
  }
  return servers;
}
