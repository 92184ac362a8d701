// ICE servers for a match: the configured STUN/TURN list, plus time-limited TURN credentials
// (the TURN REST scheme: username "expiry:userId", credential base64(HMAC-SHA1(secret, username))).
import type { Config } from "../config.ts";
import type { IceServer } from "./protocol.ts";

const TURN_TTL_S = 3600;

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
