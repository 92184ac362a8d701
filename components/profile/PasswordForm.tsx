// /profile's password change: the current password and the new one, twice. The island keeps the
// form's state (useForm with PASSWORD_VALUES), so it outlives a switch to the other tab.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../lib/client/api.ts";
import type { Form } from "../../lib/client/form.ts";
import { toast } from "../../lib/client/toast.ts";
import { validateReset } from "../../lib/shared/auth/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { FormInput } from "../FormInput.tsx";
import { NewPasswordFields } from "../NewPasswordFields.tsx";
import { refuse, t as authText } from "../auth/texts.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export const PASSWORD_VALUES = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function PasswordForm({ form }: { form: Form<typeof PASSWORD_VALUES> }) {
  const { values } = form;

  async function onPassword(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    form.update({ submitted: true });
    const { currentPassword, newPassword, confirmPassword } = values;
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
      await postJson("/api/user/password", { currentPassword, newPassword });
      toast({ title: authText("passwordUpdated"), variant: "success" });
      form.update({ values: PASSWORD_VALUES, submitted: false });
    } catch (err) {
      // The three fields keep what was typed; the server's reason shows beside its field.
      const text = errorMessage(err, t("passwordFailed"));
      toast({ title: t("passwordFailed"), description: text, variant: "destructive" });
      refuse(form, text, { password: "newPassword" });
    } finally {
      form.update({ busy: false });
    }
  }

  return (
    <form class="card form" onSubmit={onPassword} noValidate>
      <h2 class="card-title">{t("changePassword")}</h2>
      <FormInput
        form={form}
        field="currentPassword"
        label={authText("currentPasswordLabel")}
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields form={form} />
      {form.error && <p class="form-error" role="alert">{form.error}</p>}
      <button class="button button-primary" type="submit" disabled={form.busy}>
        {form.busy ? t("updating") : t("updatePassword")}
      </button>
    </form>
  );
}
