// The /auth reset-password tab (opened from the mailed link): the new password, twice.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import { type AuthTab, validateReset } from "../../lib/shared/auth/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { NewPasswordFields } from "../NewPasswordFields.tsx";
import type { AuthForm } from "./form.ts";
import { refuse, t } from "./texts.ts";

export interface ResetFormProps {
  form: AuthForm;
  go: (tab: AuthTab) => void;
  /** The mailed link's token. */
  token: string;
}

export function ResetForm({ form, go, token }: ResetFormProps) {
  const { newPassword, confirmPassword } = form.values;

  async function onReset(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    form.update({ submitted: true });
    const problem = validateReset({ newPassword, confirmPassword });
    if (problem) {
      form.problem(
        say(problem),
        problem.name === "auth.passwordsDiffer" ? "confirmPassword" : "newPassword",
      );
      return;
    }
    form.send();
    try {
      await postJson("/api/reset-password", { token, newPassword });
      toast({ title: t("passwordUpdated"), variant: "success" });
      go("reset-password-success");
    } catch (err) {
      const text = errorMessage(err, t("resetFailed"));
      refuse(form, text, { password: "newPassword" });
    } finally {
      form.update({ busy: false });
    }
  }

  return (
    <form class="form" onSubmit={onReset} noValidate>
      <h1 class="card-title">{t("resetTitle")}</h1>
      <NewPasswordFields form={form} />
      {form.error && <p class="form-error" role="alert">{form.error}</p>}
      <button class="button button-primary button-block" type="submit" disabled={form.busy}>
        {form.busy ? t("saving") : t("setNewPassword")}
      </button>
    </form>
  );
}
