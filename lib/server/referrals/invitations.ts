// A member's own invitation codes as they see them: the unused ones to hand out, and the used
// ones with who joined with each and whether that friend verified their email (which is what
// earns a referral and a new code, lib/shared/referrals/rules.ts).
import { getManyChunked } from "../../../kv/db.ts";
import { keys } from "../../../kv/keys.ts";
import { listInvitationsOf } from "../../../kv/users.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import type { MemberInvitations } from "../../shared/referrals/board.ts";

export async function memberInvitations(kv: Deno.Kv, userId: string): Promise<MemberInvitations> {
  const all = await listInvitationsOf(kv, userId);
  const used = all.filter((i) => i.usedBy);
  const friends = await getManyChunked<UserRecord>(kv, used.map((i) => keys.user(i.usedBy!)));
  return {
    unused: all.filter((i) => !i.usedBy).map((i) => i.code),
    used: used.map((i, n) => {
      const u = friends[n].value;
      const live = u && !u.deletedAt ? u : null;
      return {
        code: i.code,
        joinedAs: live?.username ?? null,
        verified: live?.emailVerified ?? false,
      };
    }),
  };
}
