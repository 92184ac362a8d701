// The search version (keys.searchVersion): one counter per member that every change to what a
// search is built from moves (the record, the filters, the place, the relations, a pairing).
// A search checks it in place of all those entries (see docs/realtime.md, "The search
// version"), so every writer of them must move it, with this helper, in the same commit.
import { keys } from "./keys.ts";

/** Moves the search version of each member named, in the commit being built. */
export function bumpSearchVersion(
  op: Deno.AtomicOperation,
  ...userIds: string[]
): Deno.AtomicOperation {
  for (const id of userIds) op.sum(keys.searchVersion(id), 1n);
  return op;
}
