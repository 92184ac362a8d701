// Account validation rules and their texts, shared by the forms in the browser
// and the API on the server so both say exactly the same thing.
import { MIN_PASSWORD_LENGTH } from "../constants.ts";

export type AuthTab =
  | "login"
  | "register"
  | "forgot-password"
  | "forgot-password-success"
  | "registration-success"
  | "reset-password"
  | "reset-password-success";

export const AUTH_TEXT = {
  loginMissing: "Please enter both username/email and password",
  fillAll: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  shortPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  invitationRequired: "Please enter your invitation code",
  ageRequired: "You must be 18 or older and accept the Terms of Service",
  badUsername: "Username must be 3 to 20 characters: lowercase letters, digits or _",
  emailRequired: "Please enter your email address",
  passwordsDiffer: "New passwords do not match",
  loginFailed: "Login failed",
  loginFailedDefault: "Please check your credentials and try again",
  registrationFailed: "Registration failed",
  registrationFailedDefault: "Please try a different username or email",
  loggedIn: "Logged in successfully",
  registered: "Registration successful!",
  loggedOut: "Logged out",
  loggedOutLocally: "You have been logged out locally",
  passwordUpdated: "Password updated",
  networkError: "Network error. Please check your connection and try again.",
  resetFailed: "This reset link is invalid or has expired. Please request a new one.",
} as const;

/** Texts of the account protections: email change, current-password checks. */
export const SECURITY_TEXT = {
  currentPasswordLabel: "Current password",
  currentPasswordHelp: "Changing your email needs your current password.",
  currentPasswordRequired: "Please enter your current password to change your email.",
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  emailChanged: "Email changed",
  emailChangedDescription: (email: string) => `Your email is now ${email}.`,
  emailChangeFailed: "Email change failed",
  emailChangeLinkInvalid:
    "This confirmation link is invalid or has expired. Please change your email again.",
  emailUnavailable: "This email address is no longer available. Please choose another one.",
} as const;

/** Texts of the verification mail's Resend (the banner's and the live start screen's). */
export const VERIFY_TEXT = {
  resend: "Resend",
  sending: "Sending...",
  sent: "Verification email sent",
  sentDescription: "Please check your inbox (and spam folder) for the verification link.",
  failed: "Error sending email",
  failedDefault: "Failed to send verification email. Please try again later.",
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,20}$/;

export function validateLogin(i: { identifier: string; password: string }): string | null {
  return !i.identifier.trim() || !i.password ? AUTH_TEXT.loginMissing : null;
}

export function validateRegistration(i: {
  username: string;
  email: string;
  password: string;
  invitationCode: string;
  ageConfirmed: boolean;
}): string | null {
  if (!i.username.trim() || !i.email.trim() || !i.password || !i.invitationCode.trim()) {
    return AUTH_TEXT.fillAll;
  }
  if (!EMAIL_PATTERN.test(i.email.trim())) return AUTH_TEXT.invalidEmail;
  if (i.password.length < MIN_PASSWORD_LENGTH) return AUTH_TEXT.shortPassword;
  if (!USERNAME_PATTERN.test(i.username.trim().toLowerCase())) return AUTH_TEXT.badUsername;
  if (!i.ageConfirmed) return AUTH_TEXT.ageRequired;
  return null;
}

export function validateForgot(i: { email: string }): string | null {
  if (!i.email.trim()) return AUTH_TEXT.emailRequired;
  return EMAIL_PATTERN.test(i.email.trim()) ? null : AUTH_TEXT.invalidEmail;
}

export function validateReset(i: { newPassword: string; confirmPassword: string }): string | null {
  if (i.newPassword !== i.confirmPassword) return AUTH_TEXT.passwordsDiffer;
  return i.newPassword.length < MIN_PASSWORD_LENGTH ? AUTH_TEXT.shortPassword : null;
}
