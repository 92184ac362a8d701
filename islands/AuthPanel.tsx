import { useEffect, useState } from "react";
import type { JSX } from "react";
import { errorMessage, postJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import {
  AUTH_TEXT,
  type AuthTab,
  charCount,
  checkEmail,
  checkNewPassword,
  checkRegistration,
  checkUsername,
  fieldOfServerText,
  normalizeUsername,
  RULE_HINT,
  USERNAME_MAX_LENGTH,
  validateForgot,
  validateLogin,
  validateReset,
} from "../shared/auth/rules.ts";
import { InviteShare } from "../components/InviteShare.tsx";
import { FormField } from "../components/FormField.tsx";
import { type CachedUser, cacheUser, clearCachedUser } from "../client/user_cache.ts";

export interface AuthPanelProps {
  initialTab: AuthTab;
  signedIn: boolean;
  invitationCode?: string;
  resetToken?: string;
  /** On the welcome tab (rendered signed in): the new member's name and invitation link. */
  registered?: { username: string; inviteLink?: string };
}

const TABS: { id: "login" | "register"; label: string }[] = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
];

/** The server's texts about one field, keyed by the field's name. */
type ServerErrors = Record<string, string>;

/** Moves focus to a form's field (by id) once the browser has painted the problem. */
function focusField(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export default function AuthPanel(
  { initialTab, signedIn, invitationCode = "", resetToken = "", registered }: AuthPanelProps,
) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // Every value lives here, so switching tabs or a refusal never loses what was typed.
  const [identifier, setIdentifier] = useState("");
  const [loginPassword, setLoginPassword] = useState("");
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState(invitationCode);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [forgotEmail, setForgotEmail] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [sentTo, setSentTo] = useState("");

  // A guest on /auth has no member to remember.
  useEffect(() => {
    if (!signedIn) clearCachedUser();
  }, []);

  useEffect(() => {
    if (signedIn && tab !== "registration-success") {
      const timer = setTimeout(() => location.assign("/"), 1000);
      return () => clearTimeout(timer);
    }
  }, [signedIn, tab]);

  const go = (next: AuthTab) => {
    setError("");
    setServerErrors({});
    setSubmitted(false);
    setTab(next);
  };

  /** A setter that also drops the server's text about that field (the value changed). */
  const edit = (field: string, set: (v: string) => void) => (value: string) => {
    set(value);
    if (serverErrors[field]) {
      setServerErrors(({ [field]: _, ...rest }) => rest);
    }
  };

  /** Shows a refusal of the server's: in the form's alert, and beside its field when it has one. */
  function refused(text: string, idPrefix: string, fieldMap: Record<string, string> = {}) {
    setError(text);
    const known = fieldOfServerText(text);
    const field = known ? fieldMap[known] ?? known : null;
    if (field) {
      setServerErrors({ [field]: text });
      focusField(`${idPrefix}-${field}`);
    }
  }

  async function onLogin(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = validateLogin({ identifier, password: loginPassword });
    if (problem) {
      setError(problem);
      const passwordMissing = problem === AUTH_TEXT.loginMissing && identifier.trim();
      focusField(passwordMissing ? "login-password" : "login-identifier");
      return;
    }
    setError("");
    setBusy(true);
    try {
      // The server hands 'Logged in successfully' to the next page as a toast.
      cacheUser(
        await postJson<CachedUser>("/api/simple-login", { identifier, password: loginPassword }),
      );
      location.assign("/");
    } catch (err) {
      const text = errorMessage(err, AUTH_TEXT.loginFailedDefault);
      toast({ title: AUTH_TEXT.loginFailed, description: text, variant: "destructive" });
      setError(text);
      setBusy(false);
    }
  }

  async function onRegister(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    const input = {
      username: username.trim(),
      email: email.trim(),
      password,
      invitationCode: code.trim(),
      ageConfirmed,
    };
    const problem = checkRegistration(input);
    if (problem) {
      setError(problem.message);
      focusField(`reg-${problem.field}`);
      return;
    }
    setError("");
    setServerErrors({});
    setBusy(true);
    try {
      // The same answer whether or not the address has an account: the mailed link goes on.
      const sent = await postJson<{ email: string }>("/api/register", input);
      setSentTo(sent.email);
      go("registration-sent");
    } catch (err) {
      const text = errorMessage(err, AUTH_TEXT.registrationFailedDefault);
      toast({ title: AUTH_TEXT.registrationFailed, description: text, variant: "destructive" });
      refused(text, "reg");
    } finally {
      setBusy(false);
    }
  }

  async function onForgot(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    const problem = validateForgot({ email: forgotEmail });
    if (problem) {
      setError(problem);
      focusField("forgot-email");
      return;
    }
    setError("");
    setBusy(true);
    try {
      await postJson("/api/forgot-password", { email: forgotEmail.trim() });
      go("forgot-password-success");
    } catch (err) {
      refused(errorMessage(err, AUTH_TEXT.networkError), "forgot");
    } finally {
      setBusy(false);
    }
  }

  async function onReset(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    const problem = validateReset({ newPassword, confirmPassword });
    if (problem) {
      setError(problem);
      focusField(problem === AUTH_TEXT.passwordsDiffer ? "reset-confirm" : "reset-new");
      return;
    }
    setError("");
    setBusy(true);
    try {
      await postJson("/api/reset-password", { token: resetToken, newPassword });
      toast({ title: AUTH_TEXT.passwordUpdated, variant: "success" });
      go("reset-password-success");
    } catch (err) {
      refused(errorMessage(err, AUTH_TEXT.resetFailed), "reset", { password: "new" });
    } finally {
      setBusy(false);
    }
  }

  function onTabKey(e: JSX.TargetedKeyboardEvent<HTMLDivElement>) {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === "ArrowRight"
      ? (i + 1) % TABS.length
      : e.key === "ArrowLeft"
      ? (i + TABS.length - 1) % TABS.length
      : e.key === "Home"
      ? 0
      : e.key === "End"
      ? TABS.length - 1
      : -1;
    if (next < 0) return;
    e.preventDefault();
    go(TABS[next].id);
    focusField(`tab-${TABS[next].id}`);
  }

  if (signedIn && tab !== "registration-success") {
    return (
      <div class="card auth-card" role="status">
        <h1 class="card-title">You are signed in</h1>
        <p class="muted">Taking you to Glimpse...</p>
      </div>
    );
  }

  const errorLine = error && <p class="form-error" role="alert">{error}</p>;
  const typedName = normalizeUsername(username);

  return (
    <div class="card auth-card">
      {(tab === "login" || tab === "register") && (
        <div class="tabs" role="tablist" aria-label="Sign in or register" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              class="tab"
              onClick={() => go(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}

      {tab === "login" && (
        <div id="panel-login" role="tabpanel" aria-labelledby="tab-login">
          <form class="form" onSubmit={onLogin} noValidate>
            <h1 class="card-title">Welcome back</h1>
            <FormField
              id="login-identifier"
              label="Username or email"
              name="identifier"
              value={identifier}
              onValue={setIdentifier}
              autoComplete="username"
              autoCapitalize="none"
            />
            <FormField
              id="login-password"
              label="Password"
              name="password"
              type="password"
              value={loginPassword}
              onValue={setLoginPassword}
              autoComplete="current-password"
            />
            {errorLine}
            <button class="button button-primary button-block" type="submit" disabled={busy}>
              {busy ? "Logging in..." : "Login"}
            </button>
            <button type="button" class="link-button" onClick={() => go("forgot-password")}>
              Forgot password?
            </button>
          </form>
        </div>
      )}

      {tab === "register" && (
        <div id="panel-register" role="tabpanel" aria-labelledby="tab-register">
          <form class="form" onSubmit={onRegister} noValidate>
            <h1 class="card-title">Join with an invitation</h1>
            <FormField
              id="reg-username"
              label="Username"
              name="username"
              value={username}
              onValue={edit("username", setUsername)}
              hint={RULE_HINT.username}
              check={checkUsername}
              count={{ n: charCount(typedName), max: USERNAME_MAX_LENGTH }}
              serverError={serverErrors.username}
              submitted={submitted}
              autoComplete="username"
              autoCapitalize="none"
            />
            <FormField
              id="reg-email"
              label="Email"
              name="email"
              type="email"
              value={email}
              onValue={edit("email", setEmail)}
              hint={RULE_HINT.email}
              check={checkEmail}
              serverError={serverErrors.email}
              submitted={submitted}
              autoComplete="email"
              autoCapitalize="none"
            />
            <FormField
              id="reg-password"
              label="Password"
              name="password"
              type="password"
              value={password}
              onValue={edit("password", setPassword)}
              hint={RULE_HINT.password}
              check={checkNewPassword}
              serverError={serverErrors.password}
              submitted={submitted}
              autoComplete="new-password"
            />
            <FormField
              id="reg-invitationCode"
              label="Invitation code"
              name="invitationCode"
              value={code}
              onValue={edit("invitationCode", setCode)}
              serverError={serverErrors.invitationCode}
              autoComplete="off"
              autoCapitalize="characters"
            />
            <label class="check">
              <input
                id="reg-ageConfirmed"
                type="checkbox"
                name="ageConfirmed"
                checked={ageConfirmed}
                onChange={(e) =>
                  setAgeConfirmed(e.currentTarget.checked)}
              />
              <span>
                I am 18 or older and accept the <a href="/terms-of-service">Terms of Service</a>
              </span>
            </label>
            {errorLine}
            <button class="button button-primary button-block" type="submit" disabled={busy}>
              {busy ? "Creating account..." : "Create account"}
            </button>
          </form>
        </div>
      )}

      {tab === "forgot-password" && (
        <form class="form" onSubmit={onForgot} noValidate>
          <h1 class="card-title">Forgot your password?</h1>
          <p class="muted">Enter your email and we will send you a link to set a new password.</p>
          <FormField
            id="forgot-email"
            label="Email"
            name="email"
            type="email"
            value={forgotEmail}
            onValue={edit("email", setForgotEmail)}
            check={checkEmail}
            serverError={serverErrors.email}
            submitted={submitted}
            autoComplete="email"
            autoCapitalize="none"
          />
          {errorLine}
          <button class="button button-primary button-block" type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </button>
          <button type="button" class="link-button" onClick={() => go("login")}>
            Back to login
          </button>
        </form>
      )}

      {tab === "forgot-password-success" && (
        <div class="form" role="status">
          <h1 class="card-title">Check your inbox</h1>
          <p class="muted">
            If an account exists for that email, a link to reset your password is on its way. The
            link works once and for one hour.
          </p>
          <button type="button" class="button button-secondary" onClick={() => go("login")}>
            Back to login
          </button>
        </div>
      )}

      {tab === "registration-sent" && (
        <div class="form" role="status">
          <h1 class="card-title">Check your inbox</h1>
          <p class="muted">
            We sent a link to{" "}
            <strong class="auth-sent-to">{sentTo}</strong>. Open it on this device to finish
            creating your account.
          </p>
          <button type="button" class="button button-secondary" onClick={() => go("login")}>
            Sign in
          </button>
        </div>
      )}

      {tab === "reset-password" && (
        <form class="form" onSubmit={onReset} noValidate>
          <h1 class="card-title">Set a new password</h1>
          <FormField
            id="reset-new"
            label="New password"
            name="newPassword"
            type="password"
            value={newPassword}
            onValue={edit("new", setNewPassword)}
            hint={RULE_HINT.password}
            check={checkNewPassword}
            serverError={serverErrors.new}
            submitted={submitted}
            autoComplete="new-password"
          />
          <FormField
            id="reset-confirm"
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            value={confirmPassword}
            onValue={setConfirmPassword}
            autoComplete="new-password"
          />
          {errorLine}
          <button class="button button-primary button-block" type="submit" disabled={busy}>
            {busy ? "Saving..." : "Set new password"}
          </button>
        </form>
      )}

      {tab === "reset-password-success" && (
        <div class="form" role="status">
          <h1 class="card-title">Password updated</h1>
          <p class="muted">Your new password is set. Every other device was signed out.</p>
          <button type="button" class="button button-primary" onClick={() => go("login")}>
            Login
          </button>
        </div>
      )}

      {tab === "registration-success" && (
        <div class="form" role="status">
          <h1 class="card-title">
            Welcome to Glimpse{registered ? `, ${registered.username}` : ""}!
          </h1>
          <p class="muted">
            We sent you an email to verify your address. Glimpse is invite-only: share your own
            invitation with a friend.
          </p>
          {registered?.inviteLink && <InviteShare link={registered.inviteLink} />}
          <a class="button button-primary button-block" href="/">Start exploring</a>
        </div>
      )}
    </div>
  );
}
