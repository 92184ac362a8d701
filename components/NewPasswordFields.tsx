// The new password, twice: its rule's hint and check, then the confirmation. The reset link's form
// on /auth and the password change on /profile both ask for it this way.
import type { Form } from "../lib/client/form.ts";
import { checkNewPassword, RULE_HINT } from "../lib/shared/auth/rules.ts";
import { say } from "../lib/shared/i18n/said.ts";
import { FormInput } from "./FormInput.tsx";
import { t } from "./auth/texts.ts";

export function NewPasswordFields(
  { form }: { form: Form<{ newPassword: string; confirmPassword: string }> },
) {
  return (
    <>
      <FormInput
        form={form}
        field="newPassword"
        label={t("newPasswordLabel")}
        type="password"
        hint={say(RULE_HINT.password)}
        check={checkNewPassword}
        autoComplete="new-password"
      />
      <FormInput
        form={form}
        field="confirmPassword"
        label={t("confirmPasswordLabel")}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
