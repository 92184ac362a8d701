// The growing wait before responding to failed sign-ins to an account under a spread-out guess.
import assert from "node:assert/strict";
import { LOGIN_FREE_FAILURES, loginFailureDelayMs } from "../../lib/server/http/rate_limit.ts";

Deno.test("login delay: none for the first failures, then doubling up to 3 s", () => {
  for (let n = 0; n <= LOGIN_FREE_FAILURES; n++) assert.equal(loginFailureDelayMs(n), 0, `${n}`);
  const next = [1, 2, 3, 4, 5, 6].map((k) => loginFailureDelayMs(LOGIN_FREE_FAILURES + k));
  assert.deepEqual(next, [125, 250, 500, 1000, 2000, 3000]);
  assert.equal(loginFailureDelayMs(100), 3000);
  assert.equal(loginFailureDelayMs(1_000_000), 3000);
});
