// The code field of the second-factor forms: its label, the input (the browser may fill a
// one-time code), and the server's refusal under it, announced when it appears.
import type { CodeForm } from "../../lib/client/admin/second_factor.ts";
import { FACTOR_CODE_MAX } from "../../lib/shared/second_factor.ts";

export function CodeField({ form, id, label, digitsOnly = false }: {
  form: CodeForm;
  id: string;
  label: string;
  /** Only an authenticator code fits (the set-up's first code): a numeric keyboard. */
  digitsOnly?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <>
      <label class="field">
        <span>{label}</span>
        <input
          id={id}
          name="code"
          type="text"
          class="admin-factor-code"
          autocomplete="one-time-code"
          inputMode={digitsOnly ? "numeric" : "text"}
          spellcheck={false}
          required
          maxLength={FACTOR_CODE_MAX}
          value={form.code}
          onInput={(e) => form.setCode(e.currentTarget.value)}
          aria-invalid={form.problem ? true : undefined}
          aria-describedby={form.problem ? errorId : undefined}
        />
      </label>
      {form.problem && <p id={errorId} class="form-error" role="alert">{form.problem}</p>}
    </>
  );
}
