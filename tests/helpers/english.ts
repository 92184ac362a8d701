// A named message as an English page or response says it: what a test expects to read.
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { type MessageName, said } from "../../lib/shared/i18n/said.ts";
import type { Vars } from "../../lib/shared/i18n/messages.ts";

/** The English text of message `name` with `vars` (and `dates`, ISO, written as the server does). */
export function english(name: MessageName, vars?: Vars, dates?: Record<string, string>): string {
  return sayIn("en", said(name, vars, dates));
}
