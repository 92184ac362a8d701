// Whether a request comes from this machine: for pages that only the developer at the keyboard may
// see (/dev/outbox lists sign-in and reset links). The socket decides, never a header a caller can
// write: its remote address must be loopback. A request a proxy passed on (X-Forwarded-For,
// X-Real-IP, Forwarded) counts as from this machine only when every address it names is loopback,
// whatever TRUST_PROXY says: a proxy on this machine makes every caller's socket a loopback one.
import type { Context } from "hono";
import { clientIp } from "./request.ts";

/**
 * 127.0.0.0/8, ::1 and IPv4-mapped 127.x, as a socket or a proxy writes them; "local" is the app
 * called in-process (no socket). Any other spelling is not loopback (a refusal, never a pass).
 */
export function isLoopback(address: string): boolean {
  const a = address.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (a === "local" || a === "::1" || a === "0:0:0:0:0:0:0:1") return true;
  const v4 = a.startsWith("::ffff:") ? a.slice("::ffff:".length) : a;
  const parts = v4.split(".");
  return parts.length === 4 && parts[0] === "127" &&
    parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** True when the socket and every address a proxy named for the request are loopback. */
export function fromThisMachine(c: Context): boolean {
  if (!isLoopback(clientIp(c))) return false;
  if (c.req.header("forwarded") !== undefined) return false;
  for (const header of ["x-forwarded-for", "x-real-ip"]) {
    const value = c.req.header(header);
    if (value === undefined) continue;
    const named = value.split(",").map((s) => s.trim());
    if (!named.every(isLoopback)) return false;
  }
  return true;
}
