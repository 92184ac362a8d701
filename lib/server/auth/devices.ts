// Which browser signs in: a long-lived, random, HttpOnly device cookie names it (never the
// User-Agent, which any two browsers may share). Each sign-in lists the browser for its member; a
// sign-in from a browser the account had not used before queues a mail to the member (the
// account's very first browser is only listed: there is no other device yet to warn from).
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { noteDevice } from "../../../kv/devices.ts";
import { enqueue } from "../../../kv/queue.ts";
import { newSignInMail } from "./account_mail.ts";
import { lastSeenOf, listUserSessions, type SessionRecord } from "../../../kv/sessions.ts";
import { type DeviceView, parseUserAgent } from "../../shared/devices.ts";

export const DEVICE_COOKIE = "glimpse_device";

/** 400 days: the longest a browser keeps a cookie. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** 32 random bytes, base64url without padding. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** What KV keeps of a device id: its SHA-256, so the store never holds the cookie itself. */
async function deviceHash(id: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(id));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * At a sign-in: the browser's device cookie (made now when it has none, or a malformed one), set
 * again for another 400 days; the browser listed for the member; and, when it is new to an account
 * that has signed in elsewhere before, the member's mail queued (when `announce`).
 */
export async function noteSignInDevice(
  c: Context,
  kv: Deno.Kv,
  opts: { userId: string; userAgent: string; origin: string; secure: boolean; announce: boolean },
) {
  const held = getCookie(c, DEVICE_COOKIE);
  const id = held && DEVICE_ID.test(held) ? held : newDeviceId();
  setCookie(c, DEVICE_COOKIE, id, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: opts.secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  const news = await noteDevice(kv, opts.userId, await deviceHash(id));
  if (news === "new" && opts.announce) {
    await enqueue(kv, newSignInMail(opts.userId, opts.userAgent, Date.now(), opts.origin));
  }
}

/** A session as the devices list shows it to its member (`currentSid`: the asking device's). */
export function toDeviceView(session: SessionRecord, currentSid: string): DeviceView {
  const { browser, system } = parseUserAgent(session.userAgent);
  return {
    id: session.sid,
    browser,
    system,
    city: session.place?.city ?? null,
    signedInAt: session.createdAt,
    lastSeenAt: lastSeenOf(session),
    current: session.sid === currentSid,
  };
}

/** The member's devices, the asking one first, then by last seen (most recent first). */
export async function listDevices(kv: Deno.Kv, userId: string, currentSid: string) {
  const views = (await listUserSessions(kv, userId)).map((s) => toDeviceView(s, currentSid));
  return views.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
}
