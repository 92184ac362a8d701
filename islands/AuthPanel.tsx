import { useEffect, useState } from "react";
import { RESET, useForm } from "../lib/client/form.ts";
import type { AuthTab } from "../lib/shared/auth/rules.ts";
import { clearCachedUser } from "../lib/client/user_cache.ts";
import { authFieldId, authValues } from "../components/auth/form.ts";
import { AuthTabs } from "../components/auth/AuthTabs.tsx";
import { LoginForm } from "../components/auth/LoginForm.tsx";
import { RegisterForm } from "../components/auth/RegisterForm.tsx";
import { ForgotForm } from "../components/auth/ForgotForm.tsx";
import { ResetForm } from "../components/auth/ResetForm.tsx";
import { Notice, Welcome } from "../components/auth/AuthNotices.tsx";
import { around, t } from "../components/auth/texts.ts";

export interface AuthPanelProps {
  initialTab: AuthTab;
  signedIn: boolean;
  invitationCode?: string;
  resetToken?: string;
  /** On the welcome tab (rendered signed in): the new member's name and invitation link. */
  registered?: { username: string; inviteLink?: string };
}

/** /auth: the tabs over one form state (every value kept across tabs) and the screens after. */
export default function AuthPanel(
  { initialTab, signedIn, invitationCode = "", resetToken = "", registered }: AuthPanelProps,
) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const form = useForm(authValues(invitationCode), authFieldId);
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
    form.update(RESET);
    setTab(next);
  };

  if (signedIn && tab !== "registration-success") {
    return (
      <div class="card auth-card" role="status">
        <h1 class="card-title">{t("signedInTitle")}</h1>
        <p class="muted">{t("signedInRedirect")}</p>
      </div>
    );
  }

  const [sentBefore, sentAfter] = around(t("registrationSent"), "email");
  return (
    <div class="card auth-card">
      {(tab === "login" || tab === "register") && <AuthTabs tab={tab} go={go} />}
      {tab === "login" && <LoginForm form={form} go={go} />}
      {tab === "register" && <RegisterForm form={form} go={go} onSent={setSentTo} />}
      {tab === "forgot-password" && <ForgotForm form={form} go={go} />}
      {tab === "forgot-password-success" && (
        <Notice title={t("checkInbox")} action={t("backToLogin")} go={go}>
          {t("forgotSent")}
        </Notice>
      )}
      {tab === "registration-sent" && (
        <Notice title={t("checkInbox")} action={t("signIn")} go={go}>
          {sentBefore || null}
          <strong class="auth-sent-to">{sentTo}</strong>
          {sentAfter || null}
        </Notice>
      )}
      {tab === "reset-password" && <ResetForm form={form} go={go} token={resetToken} />}
      {tab === "reset-password-success" && (
        <Notice title={t("passwordUpdated")} action={t("loginButton")} primary go={go}>
          {t("resetDone")}
        </Notice>
      )}
      {tab === "registration-success" && <Welcome registered={registered} />}
    </div>
  );
}
