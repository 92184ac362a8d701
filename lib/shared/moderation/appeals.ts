// Appeals: a member who is stopped (today a ban) asks an administrator once for a second look,
// and an administrator answers it: uphold (the ban stays) or lift (the ban ends). An appeal is
// about one "subject", named by its kind and the time it was imposed, so another kind of stop
// (a safety hold) can take appeals the same way later. Safe for the browser bundle.

/** What an appeal asks to end: a ban or a safety hold, named by the time it was imposed. */
export interface AppealSubject {
  kind: "ban" | "hold";
  /** ISO time it was imposed: with the member, it names the ban or hold (a new one has a new time). */
  at: string;
  reason: string;
  /** ISO time the ban ends; null for a permanent ban (and for a hold, which has no end). */
  until: string | null;
}

export type AppealStatus = "pending" | "upheld" | "lifted";
export type AppealDecision = "uphold" | "lift";

/** An appeal as stored and as administrators see it. */
export interface Appeal {
  id: string;
  userId: string;
  /** The member's username when they sent it (a later rename keeps the record readable). */
  username: string;
  subject: AppealSubject;
  text: string;
  /** ISO time sent. */
  sentAt: string;
  status: AppealStatus;
  /** Once answered: when, and by which administrator. */
  answeredAt?: string;
  answeredBy?: string;
  answeredByUsername?: string;
}

/** An appeal as the admin list shows it: is the ban (or hold) it is about still in force? */
export interface AdminAppeal extends Appeal {
  banInForce: boolean;
}

/** The admin list: pending appeals (oldest first), then the latest answered (newest first). */
export interface AdminAppealList {
  pending: AdminAppeal[];
  answered: AdminAppeal[];
}

/** What a banned member may know of their own appeal. */
export interface AppealState {
  /** The most characters an appeal may have. */
  maxLength: number;
  /** Their appeal of the ban (or hold) in force, if they sent one. */
  sent: { sentAt: string; status: AppealStatus } | null;
  /** What it is about: a ban (the sign-in page) or a safety hold (the profile). */
  kind?: AppealSubject["kind"];
}

/** The longest appeal, in characters. */
export const APPEAL_MAX = 1000;

/** The characters of a text as a member counts them (a surrogate pair is one). */
export function appealLength(text: string): number {
  return [...text].length;
}
