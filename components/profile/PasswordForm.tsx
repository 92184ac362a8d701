// /profile's password change: the current password and the new one, twice. The island keeps the
// form's state (useForm with PASSWORD_VALUES), so it outlives a switch to the other tab.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../client/api.ts";
import type { Form } from "../../client/form.ts";
import { toast } from "../../client/toast.ts";
import { AUTH_TEXT, validateReset } from "../../shared/auth/rules.ts";
import { PROFILE_TEXT } from "../../shared/profile.ts";
import { FormInput } from "../FormInput.tsx";
import { NewPasswordFields } from "../NewPasswordFields.tsx";

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
        problem,
        problem === AUTH_TEXT.passwordsDiffer ? "confirmPassword" : "newPassword",
      );
      return;
    }
    form.send();
    try {
      await postJson("/api/user/password", { currentPassword, newPassword });
      toast({ title: AUTH_TEXT.passwordUpdated, variant: "success" });
      form.update({ values: PASSWORD_VALUES, submitted: false });
    } catch (err) {
      // The three fields keep what was typed; the server's reason shows beside its field.
      const text = errorMessage(err, PROFILE_TEXT.passwordFailed);
      toast({ title: PROFILE_TEXT.passwordFailed, description: text, variant: "destructive" });
      form.refused(text, { password: "newPassword" });
    } finally {
      form.update({ busy: false });
    }
  }

  return (
    <form class="card form" onSubmit={onPassword} noValidate>
      <h2 class="card-title">Change password</h2>
      <FormInput
        form={form}
        field="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields form={form} />
      {form.error && <p class="form-error" role="alert">{form.error}</p>}
      <button class="button button-primary" type="submit" disabled={form.busy}>
        {form.busy ? "Updating..." : "Update password"}
      </button>
    </form>
  );
}
