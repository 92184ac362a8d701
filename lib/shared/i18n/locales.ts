// The languages Glimpse speaks (the profile's languages), and how a request's language is chosen:
// the signed-in member's profile language, else the one the visitor chose with the language
// switcher (a cookie set only by that choice), else the best match for Accept-Language with
// base-language fallback (de-AT → de, zh-Hant → zh), else English.
import { type Language, LANGUAGES } from "../auth/types.ts";

export type Locale = Language;
export const LOCALES: readonly Locale[] = LANGUAGES;
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie the language switcher sets (and nothing else does). */
export const LOCALE_COOKIE = "glimpse_lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** An Accept-Language header's ranges, best first (q=0 ranges left out; at most 32 read). */
export function acceptedRanges(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.split(",").slice(0, 32).entries()) {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > 0) ranges.push({ tag, q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/**
 * The best of our locales for an Accept-Language header, or null when none fits (a "*" range
 * means any, which the caller's default answers). Each range is matched by its base language:
 * "de-AT" → de, "zh-Hant-TW" → zh.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | null {
  for (const tag of acceptedRanges(header)) {
    if (tag === "*") return null;
    const base = tag.split("-")[0];
    if (isLocale(base)) return base;
  }
  return null;
}

export interface LocaleSources {
  /** The signed-in member's profile language. */
  profile?: string | null;
  /** The language switcher's cookie. */
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/**
 * Profile beats the switcher's cookie beats Accept-Language beats English. Each source is read
 * only when the ones before it say nothing (a caller may give getters). `match` reads
 * Accept-Language (the server passes one that remembers its answers).
 */
export function chooseLocale(
  sources: LocaleSources,
  match: (header: string | null | undefined) => Locale | null = matchAcceptLanguage,
): Locale {
  if (isLocale(sources.profile)) return sources.profile;
  if (isLocale(sources.cookie)) return sources.cookie;
  return match(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * A language's name in its own language, as a switcher lists it ("Deutsch", "日本語"), from Intl
 * (first letter raised where the language's own rules do not).
 */
export function endonym(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
