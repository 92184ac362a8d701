// The /auth register tab: username, email, password, invitation code and the age box, each checked
// with the server's own rules; the server's refusal shows beside the field it is about.
import type { JSX } from "react";
import { errorMessage, postJson } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import {
  type AuthTab,
  charCount,
  checkEmail,
  checkNewPassword,
  checkRegistration,
  checkUsername,
  normalizeUsername,
  RULE_HINT,
  USERNAME_MAX_LENGTH,
} from "../../lib/shared/auth/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { FormInput } from "../FormInput.tsx";
import type { AuthForm } from "./form.ts";
import { around, refuse, t } from "./texts.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type common from "../../lib/shared/i18n/catalog/common/en.ts";

const tc = tr<typeof common>("common");
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
      form.problem(say(problem.message), problem.field);
      return;
    }
    form.send();
    try {
      // The same answer whether or not the address has an account: the mailed link goes on.
      const sent = await postJson<{ email: string }>("/api/register", input);
      onSent(sent.email);
      go("registration-sent");
    } catch (err) {
      const text = errorMessage(err, t("registrationFailedDefault"));
      toast({ title: t("registrationFailed"), description: text, variant: "destructive" });
      refuse(form, text);
    } finally {
      form.update({ busy: false });
    }
  }

  const [ageBefore, ageAfter] = around(t("ageConfirm"), "terms");
  return (
    <div id="panel-register" role="tabpanel" aria-labelledby="tab-register">
      <form class="form" onSubmit={onRegister} noValidate>
        <h1 class="card-title">{t("registerTitle")}</h1>
        <FormInput
          form={form}
          field="username"
          label={t("usernameLabel")}
          hint={say(RULE_HINT.username)}
          check={checkUsername}
          count={{ n: charCount(normalizeUsername(values.username)), max: USERNAME_MAX_LENGTH }}
          autoComplete="username"
          autoCapitalize="none"
        />
        <FormInput
          form={form}
          field="email"
          label={t("emailLabel")}
          type="email"
          hint={say(RULE_HINT.email)}
          check={checkEmail}
          autoComplete="email"
          autoCapitalize="none"
        />
        <FormInput
          form={form}
          field="password"
          label={t("passwordLabel")}
          type="password"
          hint={say(RULE_HINT.password)}
          check={checkNewPassword}
          autoComplete="new-password"
        />
        <FormInput
          form={form}
          field="invitationCode"
          label={t("invitationLabel")}
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
            {ageBefore || null}
            <a href="/terms-of-service">{tc("terms")}</a>
            {ageAfter || null}
          </span>
        </label>
        {form.error && <p class="form-error" role="alert">{form.error}</p>}
        <button class="button button-primary button-block" type="submit" disabled={form.busy}>
          {form.busy ? t("creatingAccount") : t("createAccount")}
        </button>
      </form>
    </div>
  );
}
