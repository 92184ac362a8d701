// The audit log as administrators read it: who did what to whom, when, and why. Every admin
// action writes its entry in the commit that does the action (see kv/audit.ts).
import { type AuditAction, type AuditEntry, listAudit } from "../../kv/audit.ts";
import type { SessionUser } from "../auth/types.ts";
import { AdminError } from "./users.ts";
import { ADMIN_TEXT } from "./shared.ts";

export type { AuditAction, AuditEntry };

/** Who acts: the signed-in administrator. */
export type Actor = Pick<SessionUser, "id" | "username">;

/** A new entry for `actor` doing `action` now. */
export function auditEntry(
  actor: Actor,
  action: AuditAction,
  target: { id: string | null; label: string },
  fields: { reason?: string; details?: AuditEntry["details"] } = {},
  now = Date.now(),
): AuditEntry {
  return {
    id: crypto.randomUUID(),
    at: new Date(now).toISOString(),
    actorId: actor.id,
    actorUsername: actor.username,
    action,
    targetId: target.id,
    targetLabel: target.label,
    reason: fields.reason ?? "",
    details: fields.details ?? {},
  };
}

/** One page of the log, newest first; a cursor this server did not hand out answers 400. */
export async function auditPage(kv: Deno.Kv, limit: number, cursor?: string) {
  try {
    return await listAudit(kv, limit, cursor);
  } catch (err) {
    if (cursor && (err instanceof TypeError || err instanceof Error)) {
      throw new AdminError(ADMIN_TEXT.badCursor, 400);
    }
    throw err;
  }
}

const COMMIT_ATTEMPTS = 5;

/**
 * Builds an action and its audit entry into fresh commits until one lands (another write to the
 * same record got in between: the build re-reads it).
 */
export async function commitRetrying<T>(
  kv: Deno.Kv,
  build: (op: Deno.AtomicOperation) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < COMMIT_ATTEMPTS; attempt++) {
    const op = kv.atomic();
    const value = await build(op);
    if ((await op.commit()).ok) return value;
  }
  throw new AdminError(ADMIN_TEXT.changedMeanwhile, 409);
}
