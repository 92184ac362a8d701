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

export const APPEAL_TEXT = {
  textRequired: "Please write your appeal.",
  textTooLong: `Your appeal must be at most ${APPEAL_MAX} characters.`,
  alreadySent:
    "You have already sent an appeal for this ban. An administrator will answer it by email.",
  noPass: "Sign in with your password again to send an appeal.",
  notBanned: "Your account is not banned, so there is nothing to appeal.",
  tryAgain: "Your appeal could not be sent. Please try again.",
  sent: "Appeal sent",
  sentDescription: "An administrator will read it and answer you by email.",
  appealNotFound: "Appeal not found",
  alreadyAnswered: "This appeal has already been answered.",
  banReplaced: "This member has been banned again since; the appeal is about a ban that has ended.",
  badDecision: "Decision must be uphold or lift",
  banEnded: "The ban this appeal is about has already ended, so it can only be lifted.",
  alreadySentHold:
    "You have already sent an appeal for this hold. An administrator will answer it by email.",
  holdEnded: "The hold this appeal is about has already ended, so it can only be lifted.",
  holdReplaced:
    "This member has been put on hold again since; the appeal is about a hold that has ended.",
  upheldHoldDescription: (username: string) =>
    `The hold on ${username} stays. They have been told by email.`,
  liftedHoldDescription: (username: string) =>
    `The hold on ${username} is lifted. They have been told by email and can search again.`,
  upheld: "Appeal upheld",
  upheldDescription: (username: string) =>
    `The ban on ${username} stays. They have been told by email.`,
  lifted: "Appeal accepted",
  liftedDescription: (username: string) =>
    `The ban on ${username} is lifted. They have been told by email and can sign in again.`,
} as const;

/** The characters of a text as a member counts them (a surrogate pair is one). */
export function appealLength(text: string): number {
  return [...text].length;
}
