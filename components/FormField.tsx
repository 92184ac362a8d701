// One form field as every form shows it: a label, the input, and under it one line that states the
// rule before anything is typed, then the problem (the shared rule's text, or the server's) as
// the member types, with a character counter where there is a limit. Nothing is cut: a value over
// its limit stays as typed and the line says why it will be refused. A password field carries a
// show-password toggle. Used inside islands (it keeps the touched and revealed states).
import { useState } from "react";
import type { FieldCheck } from "../lib/shared/auth/rules.ts";
import { say } from "../lib/shared/i18n/said.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type auth from "../lib/shared/i18n/catalog/auth/en.ts";

const t = tr<typeof auth>("auth");

export interface FormFieldProps {
  /** The input's id; the hint line is `${id}-hint`. */
  id: string;
  label: string;
  name: string;
  value: string;
  onValue(value: string): void;
  type?: "text" | "email" | "password" | "search";
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  /** The rule, shown while nothing is wrong. */
  hint?: string;
  /** The shared rule's live verdict on the value. */
  check?: (value: string) => FieldCheck;
  /** A counter "n/max" (n as counted by the rule). */
  count?: { n: number; max: number };
  /** The server's text about this field, shown until the value changes. */
  serverError?: string;
  /** The form was submitted: show every problem, not only the final ones. */
  submitted?: boolean;
  autoComplete?: string;
  autoCapitalize?: "none" | "characters";
  /** The browser's own required check (forms that leave validation to the browser). */
  required?: boolean;
  placeholder?: string;
  inputMode?: "text" | "email";
  /** Grows to fill a row (the hashtag editor). */
  class?: string;
  onKeyDown?: (e: KeyboardEvent) => void;
}

/**
 * The problem a field shows now: the server's, else the rule's (in the page's language) once it
 * is worth saying.
 */
export function shownProblem(
  value: string,
  { check, serverError, submitted, touched }: {
    check?: (value: string) => FieldCheck;
    serverError?: string;
    submitted?: boolean;
    touched?: boolean;
  },
): string | null {
  if (serverError) return serverError;
  if (!check || (!value && !submitted)) return null;
  const verdict = check(value);
  return verdict.problem && (verdict.final || touched || submitted) ? say(verdict.problem) : null;
}

export function FormField(props: FormFieldProps) {
  const { id, label, name, value, type = "text", rows, hint, count } = props;
  const [touched, setTouched] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const problem = shownProblem(value, { ...props, touched });
  const over = count ? count.n > count.max : false;
  const hintId = `${id}-hint`;
  const line = problem ?? hint;
  const state = problem ? "error" : "idle";
  const common = {
    id,
    name,
    value,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": line || count ? hintId : undefined,
    onBlur: () => value && setTouched(true),
    autoComplete: props.autoComplete,
    placeholder: props.placeholder,
    required: props.required,
    onKeyDown: props.onKeyDown,
  };
  const password = type === "password";
  return (
    <div class={`field${props.class ? ` ${props.class}` : ""}`}>
      <label for={id}>{label}</label>
      {rows
        ? (
          <textarea
            {...common}
            rows={rows}
            onInput={(e) => props.onValue(e.currentTarget.value)}
          />
        )
        : (
          <div class={password ? "field-control field-control-reveal" : "field-control"}>
            <input
              {...common}
              type={password && revealed ? "text" : type}
              autoCapitalize={props.autoCapitalize}
              inputMode={props.inputMode}
              spellcheck={password || props.autoCapitalize === "none" ? false : undefined}
              onInput={(e) => props.onValue(e.currentTarget.value)}
            />
            {password && (
              <button
                type="button"
                class="reveal-button"
                aria-label={t("showPassword")}
                aria-pressed={revealed}
                aria-controls={id}
                title={revealed ? t("hidePassword") : t("showPassword")}
                onClick={() => setRevealed(!revealed)}
              >
                <EyeIcon crossed={revealed} />
              </button>
            )}
          </div>
        )}
      {(line || count) && (
        <p id={hintId} class="field-hint" data-state={state}>
          {line && <span class="field-hint-text">{line}</span>}
          {count && (
            <span class="field-count" data-over={over ? "true" : undefined}>
              {count.n}/{count.max}
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** An eye (crossed once the password shows: the next press hides it). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <path d="M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}
