// Facts about the request: the caller's address, and whether another site's page sent it. The
// site's own origin is never taken from the request (see `config.origin`).
import type { Context, MiddlewareHandler, Next } from "hono";
import { getConnInfo } from "hono/deno";
import type { Config } from "../config.ts";
import { ipv4Bytes, ipv6Groups } from "../ip.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The origins this site's own pages have (set first thing by `ownSite`). */
    ownOrigins: ReadonlySet<string>;
  }
}

/** The caller's IP address as the socket saw it ("local" when the app is called in-process). */
export function clientIp(c: Context): string {
  if (!(c.env as { remoteAddr?: unknown } | undefined)?.remoteAddr) return "local";
  return getConnInfo(c).remote.address ?? "local";
}

/**
 * The caller's address behind `hops` trusted proxies (TRUST_PROXY): each proxy appends the address
 * it was called from to X-Forwarded-For, so the caller is the hops-th entry from the right; what
 * the caller wrote further left is theirs to forge and is ignored. With no proxies, or a header
 * shorter than the proxies (a request that did not pass them), the socket's address.
 */
export function clientIpBehind(hops: number): (c: Context) => string {
  if (hops === 0) return clientIp;
  return (c) => {
    const forwarded = (c.req.header("x-forwarded-for") ?? "").split(",").map((s) => s.trim())
      .filter(Boolean);
    const ip = forwarded.length >= hops ? forwarded[forwarded.length - hops] : "";
    return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : clientIp(c);
  };
}

/**
 * What per-address limits count an address as: an IPv4 address itself, an IPv6 address's /64
 * (the block one subscriber's devices draw fresh addresses from) as `2001:db8:0:1::/64`, and an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket sees IPv4) as its IPv4
 * address. Brackets and a zone id (`%eth0`) are dropped; anything else is counted as written.
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (!ip.includes(":")) return ipv4Bytes(ip)?.join(".") ?? ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join(".");
  }
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(":")}::/64`;
}

/** `ip` passed through `addressKey`: the caller's address as per-address limits count it. */
export function addressKeyOf(ip: (c: Context) => string): (c: Context) => string {
  return (c) => addressKey(ip(c));
}

/** A URL's origin in canonical form (lower-case host, no default port), or null. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The origins this site's pages have, from the configuration alone: `config.origin` (PUBLIC_URL,
 * else http://HOSTNAME:PORT), PUBLIC_URL's, and outside production the loopback names and the
 * configured HOSTNAME on the configured PORT. The request's Host header counts only as one of
 * these.
 */
export function ownOrigins(config: Config): ReadonlySet<string> {
  const urls = [config.origin, config.publicUrl];
  if (!config.production) {
    const hosts = ["localhost", "127.0.0.1", "[::1]"];
    if (!WILDCARD_HOSTS.has(config.hostname)) {
      hosts.push(config.hostname.includes(":") ? `[${config.hostname}]` : config.hostname);
    }
    urls.push(...hosts.map((h) => `http://${h}:${config.port}`));
  }
  return new Set(urls.map((u) => u && originOf(u)).filter((o): o is string => !!o));
}

/**
 * What a middleware that does its work before the route and nothing after it does: throw to
 * refuse, or return a promise while it reads (a request's body).
 */
export type Check = (c: Context) => void | Promise<void>;

/**
 * Checks as one middleware: in the order given, each after the one before is done, as if each were
 * a middleware of its own used in that order (`checking(a, b)` does what `app.use(a); app.use(b)`
 * would), with one layer instead of one each; a promise is made only by a check that returns one,
 * and next()'s promise is handed on, not awaited (every layer and every await cost a request a
 * few promises and their turns).
 */
export function checking(...checks: Check[]): MiddlewareHandler {
  const from = (c: Context, next: Next, first: number): Promise<void> => {
    for (let i = first; i < checks.length; i++) {
      const pending = checks[i](c);
      if (pending) return pending.then(() => from(c, next, i + 1));
    }
    return next();
  };
  return (c, next) => from(c, next, 0);
}

/** Makes the site's own origins known to the checks below, for every request. */
export function ownSite(config: Config): MiddlewareHandler {
  return checking(ownSiteCheck(config));
}

/** ownSite's work (the app runs it in one layer with the other checks). */
export function ownSiteCheck(config: Config): Check {
  const origins = ownOrigins(config);
  return (c) => {
    c.set("ownOrigins", origins);
  };
}

/** What a browser says about where the request comes from. */
export type Provenance = "own" | "foreign" | "unknown";

/**
 * Where a browser says the request comes from: "own" for `Sec-Fetch-Site: same-origin` or an
 * Origin naming one of this site's origins; "foreign" for `Sec-Fetch-Site: cross-site` or
 * `same-site`, or any other Origin (`null` included); "unknown" when it says neither.
 */
export function provenance(c: Context, publicUrl?: string): Provenance {
  const site = c.req.header("sec-fetch-site");
  if (site === "same-origin") return "own";
  if (site === "cross-site" || site === "same-site") return "foreign";
  const from = c.req.header("origin");
  if (from === undefined) return "unknown";
  const own = c.get("ownOrigins") ?? new Set(publicUrl ? [originOf(publicUrl)] : []);
  const origin = originOf(from);
  return origin && own.has(origin) ? "own" : "foreign";
}

/**
 * False when a browser says another site's page sent the request (see `provenance`). A request
 * that says neither comes from no browser page; what such a request may do is the caller's rule.
 */
export function fromOwnSite(c: Context, publicUrl?: string): boolean {
  return provenance(c, publicUrl) !== "foreign";
}
