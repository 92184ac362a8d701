// Facts about the request: the caller's address, the site's own origin, and whether another
// site's page sent it.
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";

/** The caller's IP address as the socket saw it ("local" when the app is called in-process). */
export function clientIp(c: Context): string {
  if (!(c.env as { remoteAddr?: unknown } | undefined)?.remoteAddr) return "local";
  return getConnInfo(c).remote.address ?? "local";
}

/** The origin links in emails and invitations point to: PUBLIC_URL, else the request's. */
export function origin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * False when a browser says another site's page sent the request: an Origin header naming
 * another host than this one (the Host header, or PUBLIC_URL's behind a proxy), or Sec-Fetch-Site
 * saying cross-site or same-site. A request with neither header comes from no browser page.
 */
export function fromOwnSite(c: Context, publicUrl: string | undefined): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return false;
  const from = c.req.header("origin");
  if (!from) return true;
  const allowed = [c.req.header("host"), publicUrl && hostOf(publicUrl)].filter(Boolean);
  return allowed.includes(hostOf(from) ?? "-");
}
