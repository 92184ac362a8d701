// Members as the server stores them and as the pages and API see them.
import type { TierKey } from "../constants.ts";
import type { Ban } from "../moderation/bans.ts";
import type { Hold } from "../moderation/holds.ts";

export type Role = "member" | "admin";
export const LANGUAGES = ["en", "es", "fr", "de", "zh", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
  displayName: string;
  bio: string;
  /** 'City, Country', or "" when not set. */
  location: string;
  language: Language;
  faceBlurEnabled: boolean;
  /**
   * The safety shield over partners' video; absent on records made before the setting existed,
   * which means on (read it through toSessionUser).
   */
  safetyShieldEnabled?: boolean;
  /**
   * Calls go through the TURN relay so partners never learn the member's IP address; absent until
   * the member chooses, which means the site's default (HIDE_IP_DEFAULT, lib/shared/profile.ts
   * hidesIpAddress).
   */
  hideIpAddress?: boolean;
  hideExactLocation: boolean;
  notificationsEnabled: boolean;
  avatarUrl: string | null;
  tier: TierKey;
  invitedBy: string | null;
  invitationCode: string | null;
  ageConfirmedAt: string;
  deletedAt?: string;
  /** The member's Stripe customer and subscription, once they have been to checkout. */
  billing?: Billing;
  /** Set while (or since) an administrator banned the member; read through activeBan. */
  ban?: Ban | null;
  /** Set while reports of an underage member hold the account for review; see activeHold. */
  hold?: Hold | null;
}

/** A member's link to Stripe, kept from the webhook events. */
export interface Billing {
  customerId: string;
  /** The subscription that sets the plan now (null before one is known). */
  subscriptionId: string | null;
  /** That subscription's Stripe status (active, past_due, canceled, …). */
  status: string | null;
  /** The `created` time (seconds) of the latest event applied: older events change nothing. */
  eventCreated: number;
  /** Subscriptions seen deleted (the latest 20): no event about them changes the plan again. */
  ended?: string[];
}

/** The signed-in member as pages see them (never the password hash). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  location: string;
  faceBlurEnabled: boolean;
  safetyShieldEnabled: boolean;
  hideExactLocation: boolean;
  tier: TierKey;
}

/** A member as the account API returns them (with the public session id as `token`). */
export interface PublicUser extends SessionUser {
  isAuthenticated: true;
  token: string;
  createdAt: string;
  displayName: string;
  bio: string;
  language: Language;
  notificationsEnabled: boolean;
  avatarUrl: string | null;
  /** The member's choice to hide their IP address; null: not chosen (the site's default). */
  hideIpAddress: boolean | null;
}

export function toSessionUser(u: UserRecord): SessionUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailVerified: u.emailVerified,
    role: u.role,
    location: u.location,
    faceBlurEnabled: u.faceBlurEnabled,
    safetyShieldEnabled: u.safetyShieldEnabled !== false,
    hideExactLocation: u.hideExactLocation,
    tier: u.tier,
  };
}

export function toPublicUser(u: UserRecord, token: string): PublicUser {
  return {
    ...toSessionUser(u),
    isAuthenticated: true,
    token,
    createdAt: u.createdAt,
    displayName: u.displayName,
    bio: u.bio,
    language: u.language,
    notificationsEnabled: u.notificationsEnabled,
    avatarUrl: u.avatarUrl,
    hideIpAddress: u.hideIpAddress ?? null,
  };
}

/** A new member's record: privacy switches on, language en, the free tier. */
export function newUserRecord(
  fields: Pick<UserRecord, "username" | "email" | "passwordHash"> & Partial<UserRecord>,
): UserRecord {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    role: "member",
    emailVerified: false,
    createdAt: now,
    displayName: fields.username,
    bio: "",
    location: "",
    language: "en",
    faceBlurEnabled: true,
    safetyShieldEnabled: true,
    hideExactLocation: true,
    notificationsEnabled: true,
    avatarUrl: null,
    tier: "free",
    invitedBy: null,
    invitationCode: null,
    ageConfirmedAt: now,
    ...fields,
  };
}
