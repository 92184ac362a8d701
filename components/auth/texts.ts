// The auth namespace's messages for the account forms, and the account rules' texts shown by key.
// The forms check with the shared rules (lib/shared/auth/rules.ts), which answer in English, the
// server's language of record; the auth catalog holds each of those texts under a key named like
// its constant (AUTH_TEXT.x as "x", RULE_HINT.x as "hintX", PROFILE_RULE_TEXT.x as "x", SECURITY_TEXT.x
// as "x"), so a verdict shows in the page's language, and a refusal the server already sent in the
// page's language is still matched to its field.
import { focusField, type Form, type FormValues, refusal } from "../../lib/client/form.ts";
import {
  AUTH_TEXT,
  type FieldCheck,
  fieldOfServerText,
  PROFILE_RULE_TEXT,
  RULE_HINT,
  SECURITY_TEXT,
} from "../../lib/shared/auth/rules.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type auth from "../../lib/shared/i18n/catalog/auth/en.ts";

export type AuthKey = keyof typeof auth & string;

export const t = tr<typeof auth>("auth");

/** SECURITY_TEXT's fixed texts (the others take an address). */
const SECURITY_KEYS = [
  "currentPasswordLabel",
  "currentPasswordHelp",
  "currentPasswordRequired",
  "emailChanged",
  "emailChangeFailed",
  "emailChangeLinkInvalid",
  "emailUnavailable",
] as const satisfies readonly (keyof typeof SECURITY_TEXT & AuthKey)[];

const hintKey = (name: keyof typeof RULE_HINT) =>
  `hint${name[0].toUpperCase()}${name.slice(1)}` as `hint${Capitalize<typeof name>}`;

/** Each rule text's key (a key the catalog lacks fails the type check here). */
const KEY_OF_TEXT = new Map<string, AuthKey>([
  ...(Object.keys(AUTH_TEXT) as (keyof typeof AUTH_TEXT)[]).map((k) =>
    [AUTH_TEXT[k], k] as [string, AuthKey]
  ),
  ...(Object.keys(RULE_HINT) as (keyof typeof RULE_HINT)[]).map((k) =>
    [RULE_HINT[k], hintKey(k)] as [string, AuthKey]
  ),
  ...(Object.keys(PROFILE_RULE_TEXT) as (keyof typeof PROFILE_RULE_TEXT)[]).map((k) =>
    [PROFILE_RULE_TEXT[k], k] as [string, AuthKey]
  ),
  ...SECURITY_KEYS.map((k) => [SECURITY_TEXT[k], k] as [string, AuthKey]),
]);

/** A rule's English text in the page's language (any other text, e.g. the server's, as it is). */
export function ruleText(text: string): string {
  const key = KEY_OF_TEXT.get(text);
  return key ? t(key) : text;
}

/** A rule's live check, its problem in the page's language. */
export function ruleCheck(check: (value: string) => FieldCheck): (value: string) => FieldCheck {
  return (value) => {
    const verdict = check(value);
    return verdict.problem ? { ...verdict, problem: ruleText(verdict.problem) } : verdict;
  };
}

/**
 * The field a server's refusal is about (`fieldOfServerText`), whether the text came in English or
 * in the page's language, renamed by `rename` where the form calls the field otherwise.
 */
export function refusedField(text: string, rename: Record<string, string> = {}): string | null {
  let known = fieldOfServerText(text);
  if (!known) {
    for (const [english, key] of KEY_OF_TEXT) {
      if (t(key) === text) {
        known = fieldOfServerText(english);
        if (known) break;
      }
    }
  }
  return known && (rename[known] ?? known);
}

/** The server refused: `form.refused`, with the field found in the page's language too. */
export function refuse<V extends FormValues>(
  form: Form<V>,
  text: string,
  rename?: Record<string, string>,
): void {
  const field = refusedField(text, rename);
  form.update(refusal<V>(text, field));
  if (field) focusField(form.id(field));
}

/** A message with one {placeholder} split around it, for markup in its place. */
export function around(message: string, name: string): [before: string, after: string] {
  const at = message.indexOf(`{${name}}`);
  return at < 0 ? [message, ""] : [message.slice(0, at), message.slice(at + name.length + 2)];
}
