// Every redirect stays on this site. `localPath` turns any candidate address into a path on this
// origin, and `localRedirects` applies it to every Location header the app responds with, so a
// path a stranger wrote (`//evil.example/`, `/\evil.example/`, `/.//evil.example`) can never send
// a browser to another site.
import type { MiddlewareHandler } from "hono";
import { type Finisher, finishing } from "./response.ts";

/** A base no real address has: what a candidate resolves against to see where it would go. */
const PROBE_ORIGIN = "http://local.invalid";

/**
 * The candidate as a path on this origin: resolved the way a browser resolves a Location (tabs
 * and newlines dropped, backslashes read as slashes, dot segments removed), then any run of
 * leading slashes becomes one, so the result always starts with exactly one `/` and never names
 * a host. A candidate that names another origin (`https://x`, `//x`, `\\x`) or cannot be read
 * becomes `/`; one that names an origin in `own` (this site's, written in full) keeps its path.
 */
export function localPath(candidate: string, own: ReadonlySet<string> = new Set()): string {
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PROBE_ORIGIN && !own.has(url.origin)) return "/";
  const path = url.pathname.replace(/^[/\\]+/, "/");
  return path + url.search + url.hash;
}

/** Rewrites every response's Location header to `localPath` of itself (this site's origins kept). */
export function localRedirects(): MiddlewareHandler {
  return finishing(localRedirectsFinisher());
}

/** localRedirects' work on the way out (the app runs it in one layer with the other finishers). */
export function localRedirectsFinisher(): Finisher {
  return (c) => {
    const location = c.res.headers.get("location");
    if (location === null) return;
    const safe = localPath(location, c.get("ownOrigins"));
    if (safe === location) return;
    try {
      c.res.headers.set("location", safe);
    } catch {
      // Immutable headers (a Response made elsewhere): copy it once.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("location", safe);
    }
  };
}
