// Every catalog, by namespace and language, for the server: pages render with the request's
// language, API errors and emails go out in it, and each page embeds the messages its islands use.
import { type Catalog, type MessageStore, setMessages } from "../../shared/i18n/messages.ts";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { type Said, sayFrom } from "../../shared/i18n/said.ts";
import common from "../../shared/i18n/catalog/common/mod.ts";
import auth from "../../shared/i18n/catalog/auth/mod.ts";
import home from "../../shared/i18n/catalog/home/mod.ts";
import live from "../../shared/i18n/catalog/live/mod.ts";
import profile from "../../shared/i18n/catalog/profile/mod.ts";
import plans from "../../shared/i18n/catalog/plans/mod.ts";
import admin from "../../shared/i18n/catalog/admin/mod.ts";
import legal from "../../shared/i18n/catalog/legal/mod.ts";
import email from "../../shared/i18n/catalog/email/mod.ts";
import texts from "../../shared/i18n/catalog/texts/mod.ts";

export const CATALOGS: Record<string, Record<Locale, Catalog>> = {
  common,
  auth,
  home,
  live,
  profile,
  plans,
  admin,
  legal,
  email,
  texts,
};

export type Namespace = keyof typeof CATALOGS;

const stores = new Map<Locale, MessageStore>();

/** Everything in `locale`: what the server renders and answers with. */
export function serverMessages(locale: Locale): MessageStore {
  let store = stores.get(locale);
  if (!store) {
    const messages: Record<string, Catalog> = {};
    for (const [ns, byLocale] of Object.entries(CATALOGS)) messages[ns] = byLocale[locale];
    store = { locale, messages };
    stores.set(locale, store);
  }
  return store;
}

/** Every namespace's English catalog (what the build scans island code against). */
export function englishCatalogs(): Record<string, Catalog> {
  return Object.fromEntries(Object.entries(CATALOGS).map(([ns, c]) => [ns, c.en]));
}

/**
 * What a page embeds for its islands: `namespaces` in `locale`; with
 * `keys` (by namespace), only those keys of each.
 */
export function pageMessages(
  locale: Locale,
  namespaces: readonly string[],
  keys?: Record<string, ReadonlySet<string>>,
): MessageStore {
  const messages: Record<string, Catalog> = {};
  for (const ns of namespaces) {
    const catalog = CATALOGS[ns][locale];
    const wanted = keys?.[ns];
    messages[ns] = wanted
      ? Object.fromEntries(Object.entries(catalog).filter(([key]) => wanted.has(key)))
      : catalog;
  }
  return { locale, messages };
}

// The server's messages outside a request (a render with no language given: English).
setMessages(serverMessages(DEFAULT_LOCALE));

/** A message in `locale`: what a response, a mail or a push says. */
export function sayIn(locale: Locale, message: Said): string {
  return sayFrom(serverMessages(locale).messages, locale, message);
}
