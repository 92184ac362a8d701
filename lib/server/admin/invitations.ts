// Invitation codes an administrator creates for people to join: unused, owned by nobody, all
// created in one commit with the audit entry that names them.
import { createOperatorInvitations } from "../../../kv/users.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { type Actor, auditEntry } from "./audit.ts";

export async function createAdminInvitations(
  kv: Deno.Kv,
  actor: Actor,
  count: number,
): Promise<string[]> {
  return await createOperatorInvitations(kv, count, (op, codes) => {
    appendAudit(
      op,
      auditEntry(actor, "create_invitations", {
        id: null,
        label: `${codes.length} invitation code${codes.length === 1 ? "" : "s"}`,
      }, { details: { count: codes.length, codes: codes.join(" ") } }),
    );
  });
}
