// Members in KV: the record, its unique username and email indexes, and their invitations.
import { keys } from "./keys.ts";
import { getManyChunked } from "./db.ts";
import { bumpSearchVersion } from "./search_version.ts";
import { enqueueIn } from "./queue.ts";
import { listNewMember } from "./user_lists.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";
import { INVITATIONS_PER_MEMBER, newInvitationCode } from "../lib/shared/auth/invitation_code.ts";
import { moveCountry, prepareJoined, prepareVerified } from "./referrals.ts";

export interface Invitation {
  code: string;
  ownerId: string | null;
  createdAt: string;
  usedBy?: string;
  usedAt?: string;
  /** Issued because a friend who joined with the owner's code verified their email. */
  earned?: boolean;
}

export type CreateUserResult =
  | { ok: true; user: UserRecord; codes: string[] }
  | { ok: false; reason: "username_taken" | "email_taken" | "invalid_invitation" };

export async function getUser(kv: Deno.Kv, id: string): Promise<UserRecord | null> {
  return liveUser(await kv.get<UserRecord>(keys.user(id)));
}

/** The member a read of keys.user holds, or null (none, or an account marked deleted). */
export function liveUser(entry: Deno.KvEntryMaybe<UserRecord>): UserRecord | null {
  return entry.value && !entry.value.deletedAt ? entry.value : null;
}

/** Every member whose account is not deleted (a scan: fine for an invite-only community). */
export async function listUsers(kv: Deno.Kv): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for await (const e of kv.list<UserRecord>({ prefix: keys.usersPrefix() })) {
    if (e.value && !e.value.deletedAt) out.push(e.value);
  }
  return out;
}

export async function findUserByUsername(kv: Deno.Kv, username: string) {
  const id = await kv.get<string>(keys.userByUsername(username.toLowerCase()));
  return id.value ? await getUser(kv, id.value) : null;
}

export async function findUserByEmail(kv: Deno.Kv, email: string) {
  const id = await kv.get<string>(keys.userByEmail(email.toLowerCase()));
  return id.value ? await getUser(kv, id.value) : null;
}

/** By username or email: an identifier with an @ is an email. */
export async function findUserByIdentifier(kv: Deno.Kv, identifier: string) {
  const id = identifier.trim();
  return id.includes("@") ? await findUserByEmail(kv, id) : await findUserByUsername(kv, id);
}

/**
 * Creates a member in one atomic commit: the username and email must still be free and the
 * invitation still unused. The new member gets their own invitation codes, and their place in the
 * members' list and count, in the same commit.
 * Of any number of racing registrations for one username, email or code, exactly one wins.
 * `message` (the verification mail's) is queued by the same commit: exactly when the member is.
 * The code's owner counts one more friend joined (kv/referrals.ts), in the same commit.
 */
export async function createUserWithInvitation(
  kv: Deno.Kv,
  user: UserRecord,
  invitationCode: string | null,
  message?: unknown,
  attempt = 0,
): Promise<CreateUserResult> {
  const invitationEntry = invitationCode
    ? await kv.get<Invitation>(keys.invitation(invitationCode))
    : null;
  if (invitationEntry && (!invitationEntry.value || invitationEntry.value.usedBy)) {
    return { ok: false, reason: "invalid_invitation" };
  }
  const codes = Array.from({ length: INVITATIONS_PER_MEMBER }, newInvitationCode);
  const now = user.createdAt;
  const record: UserRecord = {
    ...user,
    invitedBy: invitationEntry?.value?.ownerId ?? null,
    invitationCode: invitationCode,
  };
  const op = kv.atomic()
    .check({ key: keys.user(user.id), versionstamp: null })
    .check({ key: keys.userByUsername(user.username.toLowerCase()), versionstamp: null })
    .check({ key: keys.userByEmail(user.email.toLowerCase()), versionstamp: null })
    .set(keys.user(user.id), record)
    .set(keys.userByUsername(user.username.toLowerCase()), user.id)
    .set(keys.userByEmail(user.email.toLowerCase()), user.id);
  listNewMember(op, record);
  moveCountry(op, null, record);
  const joined = await prepareJoined(
    kv,
    invitationEntry?.value?.ownerId ?? null,
    Date.parse(now) || Date.now(),
  );
  joined?.(op);
  if (invitationEntry?.value) {
    op.check(invitationEntry).set(
      keys.invitation(invitationEntry.value.code),
      {
        ...invitationEntry.value,
        usedBy: user.id,
        usedAt: now,
      } satisfies Invitation,
    );
  }
  for (const code of codes) {
    op.check({ key: keys.invitation(code), versionstamp: null })
      .set(keys.invitation(code), { code, ownerId: user.id, createdAt: now } satisfies Invitation)
      .set(keys.invitationByOwner(user.id, code), true);
  }
  if (message !== undefined) enqueueIn(kv, op, message);
  const result = await op.commit();
  if (result.ok) return { ok: true, user: record, codes };

  // Find out which check lost, for a precise result.
  const [byName, byEmail, inv] = await kv.getMany<[string, string, Invitation]>([
    keys.userByUsername(user.username.toLowerCase()),
    keys.userByEmail(user.email.toLowerCase()),
    keys.invitation(invitationCode ?? "-"),
  ]);
  if (byName.value) return { ok: false, reason: "username_taken" };
  if (byEmail.value) return { ok: false, reason: "email_taken" };
  if (invitationCode && (!inv.value || inv.value.usedBy)) {
    return { ok: false, reason: "invalid_invitation" };
  }
  // The inviter's figures moved meanwhile (another friend of theirs joined or verified), or a
  // freshly generated code collided (1 in 32^10) or the id did: try again.
  if (attempt >= 8) throw new Error("registration kept colliding with other writes");
  return await createUserWithInvitation(
    kv,
    { ...user, id: crypto.randomUUID() },
    invitationCode,
    message,
    attempt + 1,
  );
}

/** Creates n unused invitation codes owned by a member (or by nobody, for the operator). */
export async function createInvitations(
  kv: Deno.Kv,
  ownerId: string | null,
  n: number,
): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < n) {
    const code = newInvitationCode();
    const op = kv.atomic().check({ key: keys.invitation(code), versionstamp: null })
      .set(
        keys.invitation(code),
        {
          code,
          ownerId,
          createdAt: new Date().toISOString(),
        } satisfies Invitation,
      );
    if (ownerId) op.set(keys.invitationByOwner(ownerId, code), true);
    if ((await op.commit()).ok) codes.push(code);
  }
  return codes;
}

/**
 * Creates `n` (at most 50) unused invitation codes owned by nobody in one commit, with whatever
 * `also` adds (the audit entry): all of them land, or none (a code collision retries).
 */
export async function createOperatorInvitations(
  kv: Deno.Kv,
  n: number,
  also: (op: Deno.AtomicOperation, codes: string[]) => void,
): Promise<string[]> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const codes = [...new Set(Array.from({ length: n }, newInvitationCode))];
    if (codes.length !== n) continue;
    const createdAt = new Date().toISOString();
    const op = kv.atomic();
    for (const code of codes) {
      op.check({ key: keys.invitation(code), versionstamp: null })
        .set(keys.invitation(code), { code, ownerId: null, createdAt } satisfies Invitation);
    }
    also(op, codes);
    if ((await op.commit()).ok) return codes;
  }
  throw new Error("invitation codes could not be stored");
}

export async function getInvitation(kv: Deno.Kv, code: string) {
  return (await kv.get<Invitation>(keys.invitation(code))).value;
}

/** Every invitation code, used or not, whoever owns it. */
export async function listInvitations(kv: Deno.Kv): Promise<Invitation[]> {
  const out: Invitation[] = [];
  for await (const e of kv.list<Invitation>({ prefix: keys.invitationsPrefix() })) {
    out.push(e.value);
  }
  return out;
}

export async function listInvitationsOf(kv: Deno.Kv, ownerId: string): Promise<Invitation[]> {
  const codes: string[] = [];
  for await (const e of kv.list({ prefix: keys.invitationsByOwnerPrefix(ownerId) })) {
    codes.push(String(e.key[2]));
  }
  const entries = await getManyChunked<Invitation>(kv, codes.map(keys.invitation));
  const out = entries.flatMap((e) => (e.value ? [e.value] : []));
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.code.localeCompare(b.code));
}

export type UpdateResult =
  | { ok: true; user: UserRecord }
  | { ok: false; reason: "not_found" | "username_taken" | "email_taken" | "conflict" };

/**
 * Read-modify-write of a member, moving the username and email indexes when those change.
 * Retries a few times when another write got in between. `message` is queued by the same commit,
 * and so are the referral effects of the change (see referralEffects) at `now`.
 */
export async function updateUser(
  kv: Deno.Kv,
  id: string,
  change: (u: UserRecord) => UserRecord,
  message?: unknown,
  now = Date.now(),
): Promise<UpdateResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<UserRecord>(keys.user(id));
    if (!entry.value || entry.value.deletedAt) return { ok: false, reason: "not_found" };
    const before = entry.value;
    const after = change(before);
    const op = bumpSearchVersion(kv.atomic().check(entry).set(keys.user(id), after), id);
    const oldName = before.username.toLowerCase(), newName = after.username.toLowerCase();
    const oldEmail = before.email.toLowerCase(), newEmail = after.email.toLowerCase();
    if (oldName !== newName) {
      op.check({ key: keys.userByUsername(newName), versionstamp: null })
        .delete(keys.userByUsername(oldName)).set(keys.userByUsername(newName), id);
    }
    if (oldEmail !== newEmail) {
      op.check({ key: keys.userByEmail(newEmail), versionstamp: null })
        .delete(keys.userByEmail(oldEmail)).set(keys.userByEmail(newEmail), id);
    }
    if (message !== undefined) enqueueIn(kv, op, message);
    await referralEffects(kv, op, before, after, now);
    if ((await op.commit()).ok) return { ok: true, user: after };
    if (oldName !== newName && (await kv.get(keys.userByUsername(newName))).value) {
      return { ok: false, reason: "username_taken" };
    }
    if (oldEmail !== newEmail && (await kv.get(keys.userByEmail(newEmail))).value) {
      return { ok: false, reason: "email_taken" };
    }
  }
  return { ok: false, reason: "conflict" };
}

/**
 * Adds a change of a member's record that keeps their username and email (a ban, a verified
 * address) to a commit, checked against the record as read now, moving their search version (a
 * search in progress sees it). Returns the record before and as it will be, or null for no such
 * member. The caller commits, and retries a failed commit. The referral effects of the change
 * (see referralEffects) at `now` ride in the same commit.
 */
export async function putUserIn(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  userId: string,
  change: (u: UserRecord) => Omit<UserRecord, "username" | "email">,
  now = Date.now(),
): Promise<{ before: UserRecord; after: UserRecord } | null> {
  const entry = await kv.get<UserRecord>(keys.user(userId));
  if (!entry.value || entry.value.deletedAt) return null;
  const after: UserRecord = {
    ...change(entry.value),
    username: entry.value.username,
    email: entry.value.email,
  };
  bumpSearchVersion(op.check(entry).set(keys.user(userId), after), userId);
  await referralEffects(kv, op, entry.value, after, now);
  return { before: entry.value, after };
}

/**
 * What a change of a member's record means for the referral figures, added to its commit: a
 * country changed moves the members-per-country counts; a first verified address of an invited
 * member credits their inviter (a referral, points, maybe a challenge and a new code).
 */
async function referralEffects(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  before: UserRecord,
  after: UserRecord,
  now: number,
) {
  moveCountry(op, before, after);
  if (!before.emailVerified && after.emailVerified) (await prepareVerified(kv, after, now))?.(op);
}
