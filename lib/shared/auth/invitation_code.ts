// Invitation codes: 10 characters from an alphabet without look-alikes (no 0/O, 1/I).
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // 32 symbols: no bias

export function newInvitationCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
}

/** Upper-cases and drops spaces and dashes, so 'abcd-efgh 23' reads as typed on a card. */
export function normalizeInvitationCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, "");
}

export const INVITATIONS_PER_MEMBER = 5;
