// Browser hooks shared by the admin islands.
import { useEffect, useState } from "react";
import { ApiError } from "../api.ts";
import { toast } from "../toast.ts";
import { ADMIN_REDIRECT_MS } from "../../shared/admin.ts";
import { SECOND_FACTOR_PAGE } from "../../shared/second_factor.ts";
import { t } from "./texts.ts";

/**
 * The time zone to format dates in: "UTC" for the server render and the hydration pass (so both
 * agree), then the viewer's own zone (undefined) once the island runs.
 */
export function useViewerTimeZone(): string | undefined {
  const [zone, setZone] = useState<string | undefined>("UTC");
  useEffect(() => setZone(undefined), []);
  return zone;
}

/** True for a 401 or 403 answer: the viewer is signed out or no longer an administrator. */
export function isDenied(err: unknown): boolean {
  if (stepUp(err)) return true;
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

let leaving = false;

/**
 * An answer asking for the second factor (none set up, or its time in this session ended): the
 * page goes to the second-factor page, which comes back here after. True when it does.
 */
export function stepUp(err: unknown): boolean {
  const need = err instanceof ApiError &&
    (err.body as { secondFactor?: unknown } | null)?.secondFactor;
  if (!need) return false;
  if (!leaving) {
    leaving = true;
    location.assign(`${SECOND_FACTOR_PAGE}?next=${encodeURIComponent(location.pathname)}`);
  }
  return true;
}
/** A viewer who lost the right to be here: an 'Access Denied' toast, then / after 2 s. */
export function accessDenied() {
  if (leaving) return;
  leaving = true;
  toast({
    title: t("accessDenied"),
    description: t("noPermission"),
    variant: "destructive",
  });
  setTimeout(() => location.assign("/"), ADMIN_REDIRECT_MS);
}
