// The /auth register tab: username, email, password, invitation code and the age box, each checked
// with the server's own rules; the server's refusal shows beside the field it is about.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../client/api.ts";
import { toast } from "../../client/toast.ts";
import {
  AUTH_TEXT,
  type AuthTab,
  charCount,
  checkEmail,
  checkNewPassword,
  checkRegistration,
  checkUsername,
  normalizeUsername,
  RULE_HINT,
  USERNAME_MAX_LENGTH,
} from "../../shared/auth/rules.ts";
import { FormInput } from "../FormInput.tsx";
import type { AuthForm } from "./form.ts";

export interface RegisterFormProps {
  form: AuthForm;
  go: (tab: AuthTab) => void;
  /** The server took the registration and mailed its link to this address. */
  onSent(email: string): void;
}

export function RegisterForm({ form, go, onSent }: RegisterFormProps) {
  const { values } = form;

  async function onRegister(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    form.update({ submitted: true });
    const input = {
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      invitationCode: values.invitationCode.trim(),
      ageConfirmed: values.ageConfirmed,
    };
    const problem = checkRegistration(input);
    if (problem) {
      form.problem(problem.message, problem.field);
      return;
    }
    form.send();
    try {
      // The same answer whether or not the address has an account: the mailed link goes on.
      const sent = await postJson<{ email: string }>("/api/register", input);
      onSent(sent.email);
      go("registration-sent");
    } catch (err) {
      const text = errorMessage(err, AUTH_TEXT.registrationFailedDefault);
      toast({ title: AUTH_TEXT.registrationFailed, description: text, variant: "destructive" });
      form.refused(text);
    } finally {
      form.update({ busy: false });
    }
  }

  return (
    <div id="panel-register" role="tabpanel" aria-labelledby="tab-register">
      <form class="form" onSubmit={onRegister} noValidate>
        <h1 class="card-title">Join with an invitation</h1>
        <FormInput
          form={form}
          field="username"
          label="Username"
          hint={RULE_HINT.username}
          check={checkUsername}
          count={{ n: charCount(normalizeUsername(values.username)), max: USERNAME_MAX_LENGTH }}
          autoComplete="username"
          autoCapitalize="none"
        />
        <FormInput
          form={form}
          field="email"
          label="Email"
          type="email"
          hint={RULE_HINT.email}
          check={checkEmail}
          autoComplete="email"
          autoCapitalize="none"
        />
        <FormInput
          form={form}
          field="password"
          label="Password"
          type="password"
          hint={RULE_HINT.password}
          check={checkNewPassword}
          autoComplete="new-password"
        />
        <FormInput
          form={form}
          field="invitationCode"
          label="Invitation code"
          autoComplete="off"
          autoCapitalize="characters"
        />
        <label class="check">
          <input
            id="reg-ageConfirmed"
            type="checkbox"
            name="ageConfirmed"
            checked={values.ageConfirmed}
            onChange={(e) => form.edit("ageConfirmed")(e.currentTarget.checked)}
          />
          <span>
            I am 18 or older and accept the <a href="/terms-of-service">Terms of Service</a>
          </span>
        </label>
        {form.error && <p class="form-error" role="alert">{form.error}</p>}
        <button class="button button-primary button-block" type="submit" disabled={form.busy}>
          {form.busy ? "Creating account..." : "Create account"}
        </button>
      </form>
    </div>
  );
}
