// One-shot messages carried across a redirect or reload in a short-lived cookie, shown by the
// next page as a toast (so a form that works without JavaScript still gets its toast). The cookie
// is HttpOnly, SameSite=Lax, Secure in production, and signed: `<payload>.<mac>`, the payload the
// toast and its expiry (60 s) as base64url JSON, the mac an HMAC-SHA256 of it under a key derived
// from the session secret. A cookie whose mac is wrong, or that has expired, shows nothing and is
// cleared.
import type { Context, MiddlewareHandler, Next } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createHmac, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import type { Flash } from "../../../components/Layout.tsx";
import { localPath } from "./redirect.ts";
import { isSaid, said } from "../../shared/i18n/said.ts";

export const FLASH_COOKIE = "glimpse_flash";

/** How long a flash is good for, in seconds (the cookie's Max-Age and the signed expiry). */
const FLASH_TTL_S = 60;

/** What `setFlash` needs, made known to every request by `flashMiddleware`. */
export interface FlashSeal {
  /** The HMAC key (derived from the session secret with `flashKey`). */
  key: Uint8Array;
  /** Whether the cookie is Secure (production). */
  secure: boolean;
}

declare module "hono" {
  interface ContextVariableMap {
    flashSeal: FlashSeal;
  }
}

/** The flash cookie's own key: the session secret's HMAC of a fixed label. */
export function flashKey(sessionSecret: Uint8Array): Uint8Array {
  return createHmac("sha256", sessionSecret).update("glimpse flash cookie v1").digest();
}

function mac(key: Uint8Array, payload: string): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

/**
 * A toast's title or description as the cookie may carry it: a named message whose values are
 * short texts or numbers.
 */
function fitsFlash(value: unknown): boolean {
  if (!isSaid(value)) return false;
  const vars = value.vars ?? {};
  if (typeof vars !== "object" || vars === null) return false;
  return Object.values(vars).every((x) =>
    typeof x === "number" || (typeof x === "string" && x.length <= 200)
  ) && value.dates === undefined;
}

/** The cookie value for `flash`, good until `now` plus 60 s. */
export function sealFlash(key: Uint8Array, flash: Flash, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ flash, exp: now + FLASH_TTL_S * 1000 }))
    .toString("base64url");
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

/** The flash a cookie value carries, or null if it is not ours, was changed, or has expired. */
export function openFlash(
  key: Uint8Array,
  raw: string | undefined,
  now = Date.now(),
): Flash | null {
  if (!raw) return null;
  const dot = raw.indexOf(".");
  if (dot < 1) return null;
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1), "base64url");
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { flash: v, exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof exp !== "number" || exp <= now) return null;
    if (
      (v?.kind === "success" || v?.kind === "failure" || v?.kind === "info") &&
      fitsFlash(v.title) && (v.description === undefined || fitsFlash(v.description))
    ) return { kind: v.kind, title: v.title, description: v.description };
  } catch {
    // a malformed flash is dropped
  }
  return null;
}

export function setFlash(c: Context, flash: Flash) {
  const seal = c.get("flashSeal");
  if (!seal) throw new Error("setFlash needs flashMiddleware in front of the route");
  setCookie(c, FLASH_COOKIE, sealFlash(seal.key, flash), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: seal.secure,
    maxAge: FLASH_TTL_S,
  });
}

/**
 * Toasts a page shows for a `?notice=` it was sent to by a script that left the page it was on
 * (the toast would otherwise vanish with that page). Only these fixed texts can be shown.
 * 'No matches found' is news, not a success: it has the neutral colour.
 */
export const NOTICES: Record<string, Flash> = {
  "no-match": {
    kind: "info",
    title: said("texts.noMatchTitle"),
    description: said("texts.noMatchDescription"),
  },
};

/**
 * Reads the flash into c.var.flash for HTML pages, and clears it once shown. A page opened with
 * `?notice=` is sent on to the same address without it, the notice carried as the flash, so the
 * address bar (and a reload, a bookmark, a shared link) never repeats it.
 */
export function flashMiddleware(seal: FlashSeal): MiddlewareHandler {
  return (c, next) => {
    c.set("flashSeal", seal);
    const notice = c.req.query("notice");
    if (notice !== undefined && c.req.method === "GET") {
      const url = new URL(c.req.url);
      url.searchParams.delete("notice");
      const known = NOTICES[notice];
      if (known) setFlash(c, known);
      // The path as sent may start `//host` (or `/\host`, `/.//host`): the redirect is a local path.
      return Promise.resolve(c.redirect(localPath(url.pathname + url.search), 303));
    }
    const raw = getCookie(c, FLASH_COOKIE);
    if (raw === undefined) {
      // No toast cookie (most requests): nothing to clear on the way out, next()'s promise is
      // handed on (see checking, request.ts).
      c.set("flash", null);
      return next();
    }
    const flash = openFlash(seal.key, raw);
    c.set("flash", flash);
    return cleared(c, next, raw, flash, seal);
  };
}

/** The route, then the toast cookie cleared once an HTML page showed it, or when it was no good. */
async function cleared(
  c: Context,
  next: Next,
  raw: string,
  flash: Flash | null,
  seal: FlashSeal,
): Promise<void> {
  await next();
  const shown = flash && (c.res.headers.get("content-type") ?? "").startsWith("text/html");
  if (raw && (shown || !flash)) {
    deleteCookie(c, FLASH_COOKIE, { path: "/", secure: seal.secure });
  }
}
