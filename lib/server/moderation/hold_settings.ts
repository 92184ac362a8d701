// The safety-hold thresholds, read from the environment with the other settings
// (lib/server/config.ts) and validated the same way: a bad value stops start-up naming it.
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const whole = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a whole number" }).int("must be a whole number")
      .min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).default(fallback),
  );

/** The environment variables of safety holds, with their defaults. */
export const HOLD_ENV = {
  /** Distinct members whose "Underage User" reports within the window put a member on hold. */
  HOLD_REPORTERS: whole(1, 100, 2),
  /** The window those reports are counted in, in days. */
  HOLD_WINDOW_DAYS: whole(1, 365, 30),
  /**
   * How long a reporter's account must be to be in good standing, in days (their one report
   * holds at once); 0 turns the single-report hold off.
   */
  HOLD_STANDING_DAYS: whole(0, 3650, 30),
};

export interface HoldSettings {
  reporters: number;
  windowMs: number;
  /** 0: no single report holds. */
  standingMs: number;
}

export function holdSettings(e: {
  HOLD_REPORTERS: number;
  HOLD_WINDOW_DAYS: number;
  HOLD_STANDING_DAYS: number;
}): HoldSettings {
  return {
    reporters: e.HOLD_REPORTERS,
    windowMs: e.HOLD_WINDOW_DAYS * 86400_000,
    standingMs: e.HOLD_STANDING_DAYS * 86400_000,
  };
}
