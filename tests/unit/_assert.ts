// Minimal assertions (JSR's @std/assert is not reachable from our machines).
import assert from "node:assert/strict";

export function assertEquals<T>(actual: T, expected: T, message?: string) {
  if (message === undefined) assert.deepEqual(actual, expected);
  else assert.deepEqual(actual, expected, message);
}
