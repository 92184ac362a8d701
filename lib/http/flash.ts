// One-shot messages carried across a redirect or reload in a short-lived cookie, shown by the
// next page as a toast (so a form that works without JavaScript still gets its toast).
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Flash } from "../../components/Layout.tsx";
import { REPORT_TEXT } from "../moderation/report_texts.ts";

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
      (v?.kind === "success" || v?.kind === "failure") && typeof v.title === "string" &&
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
 */
export const NOTICES: Record<string, Flash> = {
  "no-match": {
    kind: "success",
    title: "No matches found",
    description: "Please try again later.",
  },
  "reported": { kind: "success", title: "Report submitted", description: REPORT_TEXT.submitted },
};

/** Reads the flash into c.var.flash for HTML pages, and clears it once shown. */
export function flashMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const raw = getCookie(c, FLASH_COOKIE);
    const flash = parse(raw) ?? NOTICES[c.req.query("notice") ?? ""] ?? null;
    c.set("flash", flash);
    await next();
    const shown = flash && (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    if (raw && (shown || !flash)) deleteCookie(c, FLASH_COOKIE, { path: "/" });
  };
}
