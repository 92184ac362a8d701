// A message the product says, named by its catalog key with its values: how server code, the
// shared rules and the islands name a text (an error, a page's title, a toast, a refusal, a
// mail's line). Nothing here is a sentence: the boundary renders a message in the response's
// (or the page's) language, from the catalogs (lib/shared/i18n/catalog/<namespace>/<locale>.ts).
//
//   throw new AppError(400, said("auth.fillAll"));
//   said("live.hashtag_limit", { max: 5 })
//
// The name is checked against the English catalogs at compile time (a type-only import: no
// catalog reaches a bundle through this module).
import {
  type Catalog,
  currentLocale,
  currentMessages,
  formatIn,
  missingMessage,
  render,
  type Vars,
} from "./messages.ts";
import type { Locale } from "./locales.ts";
import type common from "./catalog/common/en.ts";
import type auth from "./catalog/auth/en.ts";
import type home from "./catalog/home/en.ts";
import type live from "./catalog/live/en.ts";
import type profile from "./catalog/profile/en.ts";
import type plans from "./catalog/plans/en.ts";
import type admin from "./catalog/admin/en.ts";
import type legal from "./catalog/legal/en.ts";
import type email from "./catalog/email/en.ts";
import type texts from "./catalog/texts/en.ts";

/** Every catalog's English messages, by namespace (types only). */
export interface Catalogs {
  common: typeof common;
  auth: typeof auth;
  home: typeof home;
  live: typeof live;
  profile: typeof profile;
  plans: typeof plans;
  admin: typeof admin;
  legal: typeof legal;
  email: typeof email;
  texts: typeof texts;
}

export type Namespace = keyof Catalogs;

/** A message's name: "namespace.key", e.g. "auth.fillAll". */
export type MessageName = {
  [N in Namespace]: `${N}.${keyof Catalogs[N] & string}`;
}[Namespace];

/** A key of one namespace (what `tr(namespace)` takes). */
export type KeyOf<N extends Namespace> = keyof Catalogs[N] & string;

/**
 * A message to say: its name and the values of its {placeholders} (`count` chooses a plural
 * form). `dates` are ISO instants the text names by placeholder: the server writes each in the
 * response's language (UTC, the server knows no member's zone).
 */
export interface Said {
  readonly name: MessageName;
  readonly vars?: Vars;
  readonly dates?: Readonly<Record<string, string>>;
}

/** Names a message. */
export function said(name: MessageName, vars?: Vars, dates?: Record<string, string>): Said {
  const out: { name: MessageName; vars?: Vars; dates?: Record<string, string> } = { name };
  if (vars && Object.keys(vars).length) out.vars = vars;
  if (dates && Object.keys(dates).length) out.dates = dates;
  return out;
}

/** Whether `value` is a message named by `said` (e.g. after a trip through JSON or a cookie). */
export function isSaid(value: unknown): value is Said {
  return typeof value === "object" && value !== null &&
    typeof (value as { name?: unknown }).name === "string" &&
    /^[a-z]+\.[A-Za-z_][A-Za-z0-9_]*$/.test((value as { name: string }).name);
}

/** A name's namespace and key. */
export function splitName(name: MessageName): [Namespace, string] {
  const dot = name.indexOf(".");
  return [name.slice(0, dot) as Namespace, name.slice(dot + 1)];
}

/**
 * The message in the current language (the server's render, or the messages the page embedded
 * for its islands): what a component shows. A name the messages lack shows as itself.
 */
export function say(message: Said): string {
  return sayFrom(currentMessages(), currentLocale(), message);
}

/** The message in `locale`, from `messages` (by namespace). */
export function sayFrom(
  messages: Readonly<Record<string, Catalog>>,
  locale: Locale,
  message: Said,
): string {
  const [ns, key] = splitName(message.name);
  const found = messages[ns]?.[key];
  if (found === undefined) return missingMessage(message.name);
  let vars = message.vars;
  if (message.dates) {
    vars = { ...vars };
    for (const [name, iso] of Object.entries(message.dates)) vars[name] = utcDateTime(iso, locale);
  }
  return render(found, vars, locale);
}

/**
 * An instant as a member reads it in a server's message: date and time in UTC, said so ("Dec 7,
 * 2026, 1:05 PM UTC"); the server knows no member's zone.
 */
export function utcDateTime(iso: string, locale: Locale): string {
  return formatIn(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }, iso) +
    " UTC";
}

/**
 * A message carried inside a string where only a string fits (a zod check's message): its JSON.
 * `fromCarried` reads it back.
 */
export function carried(message: Said): string {
  return JSON.stringify(message);
}

/** A message `carried` put in a string, or null for any other string. */
export function fromCarried(text: string | undefined): Said | null {
  if (!text || text[0] !== "{") return null;
  try {
    const value = JSON.parse(text);
    return isSaid(value) ? value : null;
  } catch {
    return null;
  }
}
