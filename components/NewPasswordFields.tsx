// The new password, twice: its rule's hint and check, then the confirmation. The reset link's form
// on /auth and the password change on /profile both ask for it this way.
import type { Form } from "../client/form.ts";
import { checkNewPassword, RULE_HINT } from "../shared/auth/rules.ts";
import { FormInput } from "./FormInput.tsx";

export function NewPasswordFields(
  { form }: { form: Form<{ newPassword: string; confirmPassword: string }> },
) {
  return (
    <>
      <FormInput
        form={form}
        field="newPassword"
        label="New password"
        type="password"
        hint={RULE_HINT.password}
        check={checkNewPassword}
        autoComplete="new-password"
      />
      <FormInput
        form={form}
        field="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
