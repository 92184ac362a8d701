// One-shot messages carried across a redirect or reload in a short-lived cookie, shown by the
// next page as a toast (so a form that works without JavaScript still gets its toast).
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Flash } from "../../components/Layout.tsx";
import { localPath } from "./redirect.ts";

export const FLASH_COOKIE = "glimpse_flash";

export function setFlash(c: Context, flash: Flash) {
  const value = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(flash))));
  setCookie(c, FLASH_COOKIE, value, { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 60 });
}

function parse(raw: string | undefined): Flash | null {
  if (!raw) return null;
  try {
    const json = new TextDecoder().decode(Uint8Array.from(atob(raw), (ch) => ch.charCodeAt(0)));
    const v = JSON.parse(json);
    if (
      (v?.kind === "success" || v?.kind === "failure" || v?.kind === "info") &&
      typeof v.title === "string" &&
      v.title.length <= 200 && (v.description === undefined || typeof v.description === "string")
    ) return { kind: v.kind, title: v.title, description: v.description?.slice(0, 500) };
  } catch {
    // a malformed flash is dropped
  }
  return null;
}

/**
 * Toasts a page shows for a `?notice=` it was sent to by a script that left the page it was on
 * (the toast would otherwise vanish with that page). Only these fixed texts can be shown.
 * 'No matches found' is news, not a success: it has the neutral colour.
 */
export const NOTICES: Record<string, Flash> = {
  "no-match": {
    kind: "info",
    title: "No matches found",
    description: "Please try again later.",
  },
};

/**
 * Reads the flash into c.var.flash for HTML pages, and clears it once shown. A page opened with
 * `?notice=` is sent on to the same address without it, the notice carried as the flash, so the
 * address bar (and a reload, a bookmark, a shared link) never repeats it.
 */
export function flashMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const notice = c.req.query("notice");
    if (notice !== undefined && c.req.method === "GET") {
      const url = new URL(c.req.url);
      url.searchParams.delete("notice");
      const known = NOTICES[notice];
      if (known) setFlash(c, known);
      // The path as sent may start `//host` (or `/\host`, `/.//host`): the redirect is a local path.
      return c.redirect(localPath(url.pathname + url.search), 303);
    }
    const raw = getCookie(c, FLASH_COOKIE);
    const flash = parse(raw);
    c.set("flash", flash);
    await next();
    const shown = flash && (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    if (raw && (shown || !flash)) deleteCookie(c, FLASH_COOKIE, { path: "/" });
  };
}
