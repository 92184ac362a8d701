// The /auth forgot-password tab: the address a reset link goes to.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../lib/client/api.ts";
import { type AuthTab, checkEmail, validateForgot } from "../../lib/shared/auth/rules.ts";
import { FormInput } from "../FormInput.tsx";
import type { AuthForm } from "./form.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { refuse, t } from "./texts.ts";

export function ForgotForm({ form, go }: { form: AuthForm; go: (tab: AuthTab) => void }) {
  const { forgotEmail } = form.values;

  async function onForgot(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    form.update({ submitted: true });
    const problem = validateForgot({ email: forgotEmail });
    if (problem) {
      form.problem(say(problem), "forgotEmail");
      return;
    }
    form.send();
    try {
      await postJson("/api/forgot-password", { email: forgotEmail.trim() });
      go("forgot-password-success");
    } catch (err) {
      const text = errorMessage(err, t("networkError"));
      refuse(form, text, { email: "forgotEmail" });
    } finally {
      form.update({ busy: false });
    }
  }

  return (
    <form class="form" onSubmit={onForgot} noValidate>
      <h1 class="card-title">{t("forgotTitle")}</h1>
      <p class="muted">{t("forgotIntro")}</p>
      <FormInput
        form={form}
        field="forgotEmail"
        label={t("emailLabel")}
        name="email"
        type="email"
        check={checkEmail}
        autoComplete="email"
        autoCapitalize="none"
      />
      {form.error && <p class="form-error" role="alert">{form.error}</p>}
      <button class="button button-primary button-block" type="submit" disabled={form.busy}>
        {form.busy ? t("sending") : t("sendResetLink")}
      </button>
      <button type="button" class="link-button" onClick={() => go("login")}>
        {t("backToLogin")}
      </button>
    </form>
  );
}
