import { useEffect, useState } from "react";
import type { JSX } from "react";
import { errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import {
  AUTH_TEXT,
  type AuthTab,
  validateForgot,
  validateLogin,
  validateRegistration,
  validateReset,
} from "../lib/auth/rules.ts";
import { InviteShare } from "../components/InviteShare.tsx";
import { type CachedUser, cacheUser, clearCachedUser } from "../lib/client/user_cache.ts";

export interface AuthPanelProps {
  initialTab: AuthTab;
  signedIn: boolean;
  invitationCode?: string;
  resetToken?: string;
}

type RegisterResult = { username: string; inviteLink?: string };

const TABS: { id: AuthTab; label: string }[] = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
];

export default function AuthPanel(
  { initialTab, signedIn, invitationCode = "", resetToken = "" }: AuthPanelProps,
) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [registered, setRegistered] = useState<RegisterResult | null>(null);

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
    setTab(next);
  };

  async function onLogin(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const identifier = String(form.get("identifier") ?? "");
    const password = String(form.get("password") ?? "");
    const problem = validateLogin({ identifier, password });
    if (problem) return setError(problem);
    setError("");
    setBusy(true);
    try {
      // The server hands 'Logged in successfully' to the next page as a toast.
      cacheUser(
        await postJson<CachedUser>("/api/simple-login", { identifier, password }),
      );
      location.assign("/");
    } catch (err) {
      toast({
        title: AUTH_TEXT.loginFailed,
        description: errorMessage(err, AUTH_TEXT.loginFailedDefault),
        variant: "destructive",
      });
      setBusy(false);
    }
  }

  async function onRegister(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = {
      username: String(form.get("username") ?? "").trim(),
      email: String(form.get("email") ?? "").trim(),
      password: String(form.get("password") ?? ""),
      invitationCode: String(form.get("invitationCode") ?? "").trim(),
      ageConfirmed: form.get("ageConfirmed") === "on",
    };
    const problem = validateRegistration(input);
    if (problem) return setError(problem);
    setError("");
    setBusy(true);
    try {
      const result = await postJson<RegisterResult & CachedUser>("/api/register", input);
      cacheUser(result);
      toast({ title: AUTH_TEXT.registered, variant: "success" });
      setRegistered(result);
      setTab("registration-success");
    } catch (err) {
      toast({
        title: AUTH_TEXT.registrationFailed,
        description: errorMessage(err, AUTH_TEXT.registrationFailedDefault),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  async function onForgot(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    const problem = validateForgot({ email });
    if (problem) return setError(problem);
    setError("");
    setBusy(true);
    try {
      await postJson("/api/forgot-password", { email });
      setTab("forgot-password-success");
    } catch (err) {
      setError(errorMessage(err, AUTH_TEXT.networkError));
    } finally {
      setBusy(false);
    }
  }

  async function onReset(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    const confirmPassword = String(form.get("confirmPassword") ?? "");
    const problem = validateReset({ newPassword, confirmPassword });
    if (problem) return setError(problem);
    setError("");
    setBusy(true);
    try {
      await postJson("/api/reset-password", { token: resetToken, newPassword });
      toast({ title: AUTH_TEXT.passwordUpdated, variant: "success" });
      setTab("reset-password-success");
    } catch (err) {
      setError(errorMessage(err, AUTH_TEXT.resetFailed));
    } finally {
      setBusy(false);
    }
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

  return (
    <div class="card auth-card">
      {(tab === "login" || tab === "register") && (
        <div class="tabs" role="tablist" aria-label="Sign in or register">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              class="tab"
              onClick={() => go(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}

      {tab === "login" && (
        <form
          id="panel-login"
          role="tabpanel"
          aria-labelledby="tab-login"
          class="form"
          onSubmit={onLogin}
          noValidate
        >
          <h1 class="card-title">Welcome back</h1>
          <label class="field">
            <span>Username or email</span>
            <input name="identifier" autoComplete="username" autoCapitalize="none" />
          </label>
          <label class="field">
            <span>Password</span>
            <input name="password" type="password" autoComplete="current-password" />
          </label>
          {errorLine}
          <button class="button button-primary button-block" type="submit" disabled={busy}>
            {busy ? "Logging in..." : "Login"}
          </button>
          <button type="button" class="link-button" onClick={() => go("forgot-password")}>
            Forgot password?
          </button>
        </form>
      )}

      {tab === "register" && (
        <form
          id="panel-register"
          role="tabpanel"
          aria-labelledby="tab-register"
          class="form"
          onSubmit={onRegister}
          noValidate
        >
          <h1 class="card-title">Join with an invitation</h1>
          <label class="field">
            <span>Username</span>
            <input name="username" autoComplete="username" autoCapitalize="none" maxLength={20} />
          </label>
          <label class="field">
            <span>Email</span>
            <input name="email" type="email" autoComplete="email" />
          </label>
          <label class="field">
            <span>Password</span>
            <input name="password" type="password" autoComplete="new-password" />
          </label>
          <label class="field">
            <span>Invitation code</span>
            <input
              name="invitationCode"
              autoCapitalize="characters"
              defaultValue={invitationCode}
            />
          </label>
          <label class="check">
            <input type="checkbox" name="ageConfirmed" />
            <span>
              I am 18 or older and accept the <a href="/terms-of-service">Terms of Service</a>
            </span>
          </label>
          {errorLine}
          <button class="button button-primary button-block" type="submit" disabled={busy}>
            {busy ? "Creating account..." : "Create account"}
          </button>
        </form>
      )}

      {tab === "forgot-password" && (
        <form class="form" onSubmit={onForgot} noValidate>
          <h1 class="card-title">Forgot your password?</h1>
          <p class="muted">Enter your email and we will send you a link to set a new password.</p>
          <label class="field">
            <span>Email</span>
            <input name="email" type="email" autoComplete="email" />
          </label>
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

      {tab === "reset-password" && (
        <form class="form" onSubmit={onReset} noValidate>
          <h1 class="card-title">Set a new password</h1>
          <label class="field">
            <span>New password</span>
            <input name="newPassword" type="password" autoComplete="new-password" />
          </label>
          <label class="field">
            <span>Confirm new password</span>
            <input name="confirmPassword" type="password" autoComplete="new-password" />
          </label>
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
