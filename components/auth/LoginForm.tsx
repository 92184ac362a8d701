// The /auth login tab: username or email and password; a full page load to / once signed in.
import { type JSX, useState } from "react";
import { type ApiError, errorMessage, postJson } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import { type CachedUser, cacheUser } from "../../lib/client/user_cache.ts";
import { type AuthTab, validateLogin } from "../../lib/shared/auth/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { FormInput } from "../FormInput.tsx";
import type { AuthForm } from "./form.ts";
import { t } from "./texts.ts";
import type { AppealState } from "../../lib/shared/moderation/appeals.ts";
import { AppealForm } from "./AppealForm.tsx";
import { PasskeySignIn } from "./PasskeySignIn.tsx";

export function LoginForm({ form, go }: { form: AuthForm; go: (tab: AuthTab) => void }) {
  const { identifier, loginPassword } = form.values;
  // A banned member's refusal (403) comes with a pass to appeal the ban.
  const [appeal, setAppeal] = useState<AppealState>();

  async function onLogin(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = validateLogin({ identifier, password: loginPassword });
    if (problem) {
      const passwordMissing = problem.name === "auth.loginMissing" && identifier.trim();
      form.problem(say(problem), passwordMissing ? "loginPassword" : "identifier");
      return;
    }
    form.send();
    try {
      // The server hands 'Logged in successfully' to the next page as a toast.
      cacheUser(
        await postJson<CachedUser>("/api/simple-login", { identifier, password: loginPassword }),
      );
      location.assign("/");
    } catch (err) {
      const text = errorMessage(err, t("loginFailedDefault"));
      toast({ title: t("loginFailed"), description: text, variant: "destructive" });
      form.update({ error: text, busy: false });
      // A banned member's refusal says whether they may still appeal the ban.
      setAppeal(((err as ApiError).body as { appeal?: AppealState } | undefined)?.appeal);
    }
  }

  return (
    <div id="panel-login" role="tabpanel" aria-labelledby="tab-login">
      <form class="form" onSubmit={onLogin} noValidate>
        <h1 class="card-title">{t("loginTitle")}</h1>
        <FormInput
          form={form}
          field="identifier"
          label={t("identifierLabel")}
          autoComplete="username webauthn"
          autoCapitalize="none"
        />
        <FormInput
          form={form}
          field="loginPassword"
          label={t("passwordLabel")}
          name="password"
          type="password"
          autoComplete="current-password"
        />
        {form.error && <p class="form-error" role="alert">{form.error}</p>}
        <button class="button button-primary button-block" type="submit" disabled={form.busy}>
          {form.busy ? t("loggingIn") : t("loginButton")}
        </button>
        <button type="button" class="link-button" onClick={() => go("forgot-password")}>
          {t("forgotLink")}
        </button>
      </form>
      <PasskeySignIn
        onRefused={(text, state) => {
          form.update({ error: text, busy: false });
          setAppeal(state);
        }}
      />
      {appeal && (
        <AppealForm
          state={appeal}
          title={t("appealTitle")}
          intro={t("appealIntro")}
          upheld={t("appealUpheldNotice")}
        />
      )}
    </div>
  );
}
