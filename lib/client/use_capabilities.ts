// The hook the islands that start a call or the camera check the browser with (the check itself
// is lib/client/capabilities.ts).
import { useLayoutEffect, useState } from "react";
import { missingNeeds } from "./capabilities.ts";
import { CALL_NEEDS, type Need } from "../shared/cannot_call.ts";

/**
 * What this browser lacks of `needs`. `missing` is known from the first render on the page (so an
 * island can start nothing); the server's render, with no browser to check, has nothing missing.
 * `settled` turns true just after hydration, before the first paint: hydration keeps the server's
 * elements with the server's attributes, so what differs from the server's render (a screen, a
 * notice) is rendered only once settled.
 */
export function useMissingNeeds(
  needs: readonly Need[] = CALL_NEEDS,
): { missing: Need[]; settled: boolean } {
  const [missing] = useState(() =>
    typeof document === "undefined" ? [] : missingNeeds(globalThis, needs)
  );
  const [settled, setSettled] = useState(false);
  useLayoutEffect(() => setSettled(true), []);
  return { missing, settled };
}
