// Browser side of paying for a plan: the checkout window (opened in the click itself, so popup
// blockers let it through, then sent to Stripe once the server has made the session), the page's
// reload when that window closes, the toast for a failed checkout, the hand-over from the window
// Stripe sends back to this site (a message to the page that opened it, which then shows the
// result; a reload of its own could race that page's navigation), and the plan's re-reading after a payment (Stripe's webhook may
// land a moment after the member is back).
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, getJson } from "./api.ts";
import type { TierKey } from "../shared/constants.ts";
import {
  CHECKOUT_TIER_KEY,
  CHECKOUT_WINDOW,
  PLAN_SYNC,
  POPUP_POLL_MS,
  POPUP_SIZE,
  type Usage,
} from "../shared/plans.ts";
import { type Said, said, say } from "../shared/i18n/said.ts";

export const CHECKOUT_PATH = "/api/subscription/create-checkout";
export const PORTAL_PATH = "/api/subscription/portal";
export const LIMIT_PATH = "/api/subscription/session-limit";

/** GET /api/subscription/session-limit. */
export interface LimitStatus {
  tier: TierKey;
  dailySessionsUsed: number;
  dailyLimit: number | "unlimited";
  canStartSession: boolean;
}

/**
 * Opens the checkout window, empty until Stripe's address is known. Call it synchronously in the
 * click handler; null when the browser blocked it.
 */
export function openCheckoutWindow(): Window | null {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, Math.round(screenX + (outerWidth - width) / 2));
  const top = Math.max(0, Math.round(screenY + (outerHeight - height) / 2));
  const w = open(
    "about:blank",
    CHECKOUT_WINDOW,
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!w) return null;
  try {
    const loading = say(said("plans.popupLoading"));
    w.document.title = loading;
    w.document.body.textContent = loading;
  } catch {
    // a reused window already showing another site: Stripe's page replaces it anyway
  }
  return w;
}

/** Calls `onClosed` once `w` is closed, looking every second; returns the way to stop looking. */
export function whenClosed(w: Window, onClosed: () => void): () => void {
  const t = setInterval(() => {
    if (!w.closed) return;
    clearInterval(t);
    onClosed();
  }, POPUP_POLL_MS);
  return () => clearInterval(t);
}

/** An https address, or null (the window is only ever sent to Stripe's pages). */
export function httpsUrl(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * A toast's text: a message of this page, or a text the plans API responded with (already in the
 * page's language).
 */
export type ToastText = Said | string;

/** The toast's text as the page shows it. */
export const shownText = (text: ToastText): string => typeof text === "string" ? text : say(text);

/**
 * The toast for a failed checkout: Stripe not configured; else the server's error with its
 * details; else the network failure.
 */
export function checkoutFailure(err: unknown): { title: ToastText; description?: ToastText } {
  if (!(err instanceof ApiError)) return { title: said("plans.network") };
  const body = (typeof err.body === "object" && err.body !== null ? err.body : {}) as {
    configRequired?: unknown;
    error?: unknown;
    details?: unknown;
  };
  if (body.configRequired === true) return { title: said("plans.notConfigured") };
  const error = typeof body.error === "string" && body.error ? body.error : null;
  const details = typeof body.details === "string" && body.details ? body.details : null;
  if (error && details) return { title: error, description: details };
  return { title: details ?? error ?? said("plans.failed") };
}

/** What the checkout window, back on this site, tells the plans page that opened it. */
export const CHECKOUT_MESSAGE = "glimpse-checkout-result";
export type PaymentResult = "success" | "cancelled";

/**
 * In the checkout window, back on this site from Stripe: hands the result to the plans page that
 * opened it (which shows it) and closes this window. False when no plans page of this site opened
 * it (this page then shows the result itself).
 */
export function returnToOpener(result: PaymentResult): boolean {
  try {
    const opener = globalThis.opener as Window | null;
    if (!opener || opener === globalThis.window || opener.closed) return false;
    if (opener.location.origin !== location.origin) return false;
    if (opener.location.pathname !== "/subscriptions") return false;
    opener.postMessage({ type: CHECKOUT_MESSAGE, result }, location.origin);
  } catch {
    // another site's window (reading its address throws)
    return false;
  }
  close();
  return true;
}

/** The result a checkout window sent this page, or null for any other message. */
export function checkoutResult(e: MessageEvent): PaymentResult | null {
  if (e.origin !== location.origin || e.data?.type !== CHECKOUT_MESSAGE) return null;
  return e.data.result === "success" ? "success" : "cancelled";
}

const PAID: readonly string[] = ["basic", "plus", "vip"];

/** Remembers (or forgets, with null) the plan a checkout was started for. */
export function rememberCheckout(tier: TierKey | null) {
  try {
    if (tier) sessionStorage.setItem(CHECKOUT_TIER_KEY, tier);
    else sessionStorage.removeItem(CHECKOUT_TIER_KEY);
  } catch {
    // storage unavailable: the page then waits for any paid plan
  }
}

/** The plan the last checkout was started for, if this tab remembers it. */
export function checkoutTarget(): TierKey | null {
  try {
    const t = sessionStorage.getItem(CHECKOUT_TIER_KEY);
    return t && PAID.includes(t) ? t as TierKey : null;
  } catch {
    return null;
  }
}

/** idle; updating (waiting for the plan to change); slow (it did not, yet); failed (a read). */
export type SyncState = "idle" | "updating" | "slow" | "failed";

/**
 * The member's plan and today's usage, as rendered, and `start(target)`, which re-reads them
 * every 2 s for up to 20 s until the plan is `target` (or, with no target, any paid plan). A
 * failed read stops it with state "failed"; `start` again is the retry.
 */
export function usePlanSync(initialTier: TierKey | null, initialUsage: Usage | null) {
  const [tier, setTier] = useState(initialTier);
  const [usage, setUsage] = useState(initialUsage);
  const [state, setState] = useState<SyncState>("idle");
  const run = useRef(0);
  useEffect(() => () => void run.current++, []);

  const start = useCallback((target: TierKey | null) => {
    const id = ++run.current;
    const deadline = Date.now() + PLAN_SYNC.forMs;
    setState("updating");
    const step = async () => {
      let s: LimitStatus;
      try {
        s = await getJson<LimitStatus>(LIMIT_PATH);
      } catch {
        if (run.current === id) setState("failed");
        return;
      }
      if (run.current !== id) return;
      setTier(s.tier);
      setUsage({ used: s.dailySessionsUsed, limit: s.dailyLimit });
      if (target ? s.tier === target : s.tier !== "free") {
        rememberCheckout(null);
        setState("idle");
      } else if (Date.now() + PLAN_SYNC.everyMs > deadline) {
        setState("slow");
      } else {
        setTimeout(() => run.current === id && step(), PLAN_SYNC.everyMs);
      }
    };
    step();
  }, []);

  return { tier, usage, state, start };
}
