// Messages in the page's language. Each catalog (lib/shared/i18n/catalog/<namespace>/<locale>.ts) is a
// flat object of messages; English is the reference every other language matches key for key.
// A message is a string with {placeholders}, or plural forms chosen with Intl.PluralRules.
//
// Components read messages through `tr("<namespace>")`, which returns a typed `t(key, vars)`.
// The messages come from the store: on the server the request's language, set around the
// (synchronous) render with `withMessages`; in the browser the messages the page embedded for its
// islands (lib/client/boot.ts), so an island ships only the active language's messages.
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/** Plural forms by Intl.PluralRules category; "other" is always there. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | Plural;
export type Catalog = Record<string, Message>;
/** Another language's catalog: the reference's keys, each a string or plural forms alike. */
export type Translation<C extends Catalog> = {
  [K in keyof C]: C[K] extends string ? string : Plural;
};
export type Vars = Record<string, string | number>;

export interface MessageStore {
  locale: Locale;
  /** Messages by namespace, in `locale`. */
  messages: Record<string, Catalog>;
  /** Told the name ("namespace.key") of a message a page asked for and does not have. */
  onMissing?: (name: string) => void;
}

let store: MessageStore = { locale: DEFAULT_LOCALE, messages: {} };

/** The browser: the page's messages, once, before its islands hydrate. */
export function setMessages(next: MessageStore): void {
  store = next;
}

/** The server: runs a synchronous render with `next` as the messages, then puts back the last. */
export function withMessages<T>(next: MessageStore, render: () => T): T {
  const previous = store;
  store = next;
  try {
    return render();
  } finally {
    store = previous;
  }
}

export function currentLocale(): Locale {
  return store.locale;
}

/** The current messages, by namespace. */
export function currentMessages(): Readonly<Record<string, Catalog>> {
  return store.messages;
}

/** Fills {name} placeholders; an unknown one stays as written. */
export function interpolate(text: string, vars?: Vars, locale: Locale = store.locale): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? numberFormat(locale).format(value) : value;
  });
}

/** The message's text for `vars` (its plural form chosen by `vars.count`). */
export function render(message: Message, vars?: Vars, locale: Locale = store.locale): string {
  if (typeof message === "string") return interpolate(message, vars, locale);
  const count = Number(vars?.count ?? 0);
  const category = intl(Intl.PluralRules, locale).select(count);
  return interpolate(message[category] ?? message.other, vars, locale);
}

/**
 * `t` for one namespace: `const t = tr<typeof en>("live")` (a type-only import of the English
 * catalog, so no catalog reaches a bundle), then `t("searching")`, `t("skipsLeft", { count })`.
 * A key the page's messages lack shows as "namespace.key" (the catalog tests keep that from
 * shipping).
 */
export function tr<C extends Catalog>(namespace: string) {
  return (key: keyof C & string, vars?: Vars): string => {
    const message = store.messages[namespace]?.[key];
    if (message === undefined) return missingMessage(`${namespace}.${key}`);
    return render(message, vars);
  };
}

/** A key the page's messages lack: told to the store's `onMissing` (the browser logs each once). */
export function missingMessage(name: string): string {
  store.onMissing?.(name);
  return name;
}

/** The console line's start when a page lacks a message (the tests listen for it). */
export const MISSING_MESSAGE = "Missing message:";

// Formats, all from Intl in the page's language.

/**
 * Intl's formatters, made once per kind (the constructor), language and options and used again:
 * making one costs tens of microseconds (its locale data is looked up), using one a fraction of
 * that. A formatter is found only by its own constructor, language and options, so none answers
 * in another language (and one made by a constructor since replaced, e.g. by a polyfill, is not
 * used again).
 */
const formatters = new WeakMap<object, Map<string, unknown>>();
/** Past this many formatters of one kind, that kind starts again empty (options may be data). */
const FORMATTERS_MAX = 500;

function intl<T>(
  // deno-lint-ignore no-explicit-any
  Kind: new (locale: string, options?: any) => T,
  locale: string,
  options?: object,
): T {
  let kept = formatters.get(Kind) as Map<string, T> | undefined;
  if (!kept) formatters.set(Kind, kept = new Map());
  const key = options === undefined ? locale : `${locale} ${JSON.stringify(options)}`;
  let formatter = kept.get(key);
  if (formatter === undefined) {
    formatter = new Kind(locale, options);
    if (kept.size >= FORMATTERS_MAX) kept.clear();
    kept.set(key, formatter);
  }
  return formatter;
}

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return intl(Intl.NumberFormat, locale, options);
}

export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(store.locale, options).format(n);
}

/** A price in its currency ("4,99 €" in de, "$4.99" in en): `amount` in the currency's units. */
export function formatPrice(amount: number, currency: string): string {
  return numberFormat(store.locale, { style: "currency", currency }).format(amount);
}

export function formatDate(
  date: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
): string {
  return intl(Intl.DateTimeFormat, store.locale, options).format(new Date(date));
}

/** `date` in `locale` with `options` (a language other than the page's, e.g. a mail's). */
export function formatIn(
  locale: Locale,
  options: Intl.DateTimeFormatOptions,
  date: Date | string | number,
): string {
  return intl(Intl.DateTimeFormat, locale, options).format(new Date(date));
}

export function formatDateTime(date: Date | string | number): string {
  return formatDate(date, { dateStyle: "medium", timeStyle: "short" });
}

/** A duration of whole seconds, e.g. "1 min, 34 sec" (en), "1 Min., 34 Sek." (de). */
export function formatDuration(totalSeconds: number): string {
  const locale = store.locale;
  const s = Math.max(0, Math.round(totalSeconds));
  const parts = { hours: Math.floor(s / 3600), minutes: Math.floor(s / 60) % 60, seconds: s % 60 };
  // deno-lint-ignore no-explicit-any
  const DurationFormat = (Intl as any).DurationFormat;
  if (DurationFormat) {
    const format = intl<{ format(d: object): string }>(DurationFormat, locale, { style: "short" });
    return format.format(parts.hours ? parts : { minutes: parts.minutes, seconds: parts.seconds });
  }
  const unit = (value: number, u: string) =>
    numberFormat(locale, { style: "unit", unit: u, unitDisplay: "short" }).format(value);
  const out = [];
  if (parts.hours) out.push(unit(parts.hours, "hour"));
  if (parts.hours || parts.minutes) out.push(unit(parts.minutes, "minute"));
  out.push(unit(parts.seconds, "second"));
  return intl(Intl.ListFormat, locale, { style: "narrow", type: "unit" }).format(out);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
];

/** How long ago (or ahead) `date` is from `now`: "3 minutes ago", "vor 3 Minuten". */
export function formatRelative(date: Date | string | number, now: number = Date.now()): string {
  const diff = new Date(date).getTime() - now;
  const format = intl(Intl.RelativeTimeFormat, store.locale, { numeric: "auto" });
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms || unit === "second") {
      return format.format(Math.round(diff / ms), unit);
    }
  }
  return format.format(0, "second");
}

/** A country (ISO 3166 code), region (UN M.49 code, e.g. "150" Europe) or language's name. */
export function displayName(type: "region" | "language", code: string): string {
  try {
    return intl(Intl.DisplayNames, store.locale, { type, fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Sorts names with the page language's collation. */
export function sortByName<T>(items: T[], name: (item: T) => string): T[] {
  const collator = intl(Intl.Collator, store.locale);
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
