// The new password, twice: its rule's hint and check, then the confirmation. The reset link's form
// on /auth and the password change on /profile both ask for it this way.
import type { Form } from "../lib/client/form.ts";
import { checkNewPassword } from "../lib/shared/auth/rules.ts";
import { FormInput } from "./FormInput.tsx";
import { ruleCheck, t } from "./auth/texts.ts";

const checkPassword = ruleCheck(checkNewPassword);

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
        hint={t("hintPassword")}
        check={checkPassword}
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
