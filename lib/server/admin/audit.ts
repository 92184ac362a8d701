// The audit log as administrators read it: who did what to whom, when, and why. Every admin
// action writes its entry in the commit that does the action (see kv/audit.ts).
import { type AuditAction, type AuditEntry, listAudit } from "../../../kv/audit.ts";
import type { SessionUser } from "../../shared/auth/types.ts";
import { AdminError, readingCursor } from "./users.ts";
import { said } from "../../shared/i18n/said.ts";

export type { AuditAction, AuditEntry };

/** Who acts: the signed-in administrator. */
export type Actor = Pick<SessionUser, "id" | "username">;

let lastMs = -1;
let seqInMs = 0;

/**
 * An entry id that sorts after every id made before it in this process: a UUIDv7 (the time in
 * ms, then a counter of ids made in that ms, then random bits). Entries are keyed by time, then
 * id, so two entries of one commit (a review and the ban it imposes) list in the order they
 * were made, the later first.
 */
export function auditId(now = Date.now()): string {
  seqInMs = now === lastMs ? Math.min(seqInMs + 1, 0xfff) : 0;
  lastMs = now;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(now / 2 ** (8 * (5 - i))) & 0xff;
  bytes[6] = 0x70 | (seqInMs >> 8);
  bytes[7] = seqInMs & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${
    hex.slice(20)
  }`;
}

/** A new entry for `actor` doing `action` now. */
export function auditEntry(
  actor: Actor,
  action: AuditAction,
  target: { id: string | null; label: string },
  fields: { reason?: string; details?: AuditEntry["details"] } = {},
  now = Date.now(),
): AuditEntry {
  return {
    id: auditId(now),
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

/** One page of the log, newest first; a cursor this server did not hand out returns 400. */
export function auditPage(kv: Deno.Kv, limit: number, cursor?: string) {
  return readingCursor(cursor, () => listAudit(kv, limit, cursor));
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
  throw new AdminError(said("admin.changedMeanwhile"), 409);
}
