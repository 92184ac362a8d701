// The one form state of /auth (components/auth/*Form.tsx): every tab's values live together in the
// island, so switching tabs or a refusal never loses what was typed, and the alert, the server's
// texts and the busy state are the panel's (a tab change clears them).
import type { Form } from "../../lib/client/form.ts";

export interface AuthValues extends Record<string, string | boolean> {
  identifier: string;
  loginPassword: string;
  username: string;
  email: string;
  password: string;
  invitationCode: string;
  ageConfirmed: boolean;
  forgotEmail: string;
  newPassword: string;
  confirmPassword: string;
}

export type AuthForm = Form<AuthValues>;

/** Every field empty but the invitation code the link carried. */
export const authValues = (invitationCode: string): AuthValues => ({
  identifier: "",
  loginPassword: "",
  username: "",
  email: "",
  password: "",
  invitationCode,
  ageConfirmed: false,
  forgotEmail: "",
  newPassword: "",
  confirmPassword: "",
});

/** Each value's field on the page (the id the focus goes to); the rest are the register tab's. */
const FIELD_IDS: Record<string, string> = {
  identifier: "login-identifier",
  loginPassword: "login-password",
  forgotEmail: "forgot-email",
  newPassword: "reset-new",
  confirmPassword: "reset-confirm",
};

export const authFieldId = (field: string): string => FIELD_IDS[field] ?? `reg-${field}`;
