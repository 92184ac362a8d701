// The auth namespace's messages for the account forms, and a server's refusal shown beside the
// field it is about. The forms check with the shared rules (lib/shared/auth/rules.ts), whose
// problems are messages a form says in the page's language (`say`); the server answers in the same
// language, so its refusal is matched to its field by the rules' messages as the page says them.
import {
  focusField,
  type Form,
  type FormValues,
  refusal,
  serverField,
} from "../../lib/client/form.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type auth from "../../lib/shared/i18n/catalog/auth/en.ts";

export type AuthKey = keyof typeof auth & string;

export const t = tr<typeof auth>("auth");

/**
 * The server refused: its text in the alert, and beside the field it is about (`serverField`,
 * renamed by `rename` where the form calls the field otherwise), which gets the focus.
 */
export function refuse<V extends FormValues>(
  form: Form<V>,
  text: string,
  rename?: Record<string, string>,
): void {
  const field = serverField(text, rename);
  form.update(refusal<V>(text, field));
  if (field) focusField(form.id(field));
}

/** A message with one {placeholder} split around it, for markup in its place. */
export function around(message: string, name: string): [before: string, after: string] {
  const at = message.indexOf(`{${name}}`);
  return at < 0 ? [message, ""] : [message.slice(0, at), message.slice(at + name.length + 2)];
}
