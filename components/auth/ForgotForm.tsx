// The /auth forgot-password tab: the address a reset link goes to.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../client/api.ts";
import { AUTH_TEXT, type AuthTab, checkEmail, validateForgot } from "../../shared/auth/rules.ts";
import { FormInput } from "../FormInput.tsx";
import type { AuthForm } from "./form.ts";

export function ForgotForm({ form, go }: { form: AuthForm; go: (tab: AuthTab) => void }) {
  const { forgotEmail } = form.values;

  async function onForgot(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    form.update({ submitted: true });
    const problem = validateForgot({ email: forgotEmail });
    if (problem) {
      form.problem(problem, "forgotEmail");
      return;
    }
    form.send();
    try {
      await postJson("/api/forgot-password", { email: forgotEmail.trim() });
      go("forgot-password-success");
    } catch (err) {
      const text = errorMessage(err, AUTH_TEXT.networkError);
      form.refused(text, { email: "forgotEmail" });
    } finally {
      form.update({ busy: false });
    }
  }

  return (
    <form class="form" onSubmit={onForgot} noValidate>
      <h1 class="card-title">Forgot your password?</h1>
      <p class="muted">Enter your email and we will send you a link to set a new password.</p>
      <FormInput
        form={form}
        field="forgotEmail"
        label="Email"
        name="email"
        type="email"
        check={checkEmail}
        autoComplete="email"
        autoCapitalize="none"
      />
      {form.error && <p class="form-error" role="alert">{form.error}</p>}
      <button class="button button-primary button-block" type="submit" disabled={form.busy}>
        {form.busy ? "Sending..." : "Send reset link"}
      </button>
      <button type="button" class="link-button" onClick={() => go("login")}>
        Back to login
      </button>
    </form>
  );
}
