// What the service worker does with a request, as plain functions (the worker and its unit test
// share them). The worker keeps a small shell: the offline page, the stylesheet, the icons and
// the islands' scripts, all built for the current build. It never stores or answers from its
// cache anything else: no API answer, no socket, no metrics, no avatar, no page but the offline
// page. Pages always come from the network; the offline page stands in only when the network
// fails. The offline page is kept in the language of the pages the member gets: when a page comes
// in another language than the stored offline page, the worker fetches that language's instead.
import { isLocale } from "../../shared/i18n/locales.ts";
export type { ShellConfig } from "../../shared/pwa.ts";

/** Every cache this worker makes is named with this prefix and the build's version. */
export const CACHE_PREFIX = "glimpse-shell-";

export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/**
 * Paths the worker leaves entirely to the browser, whatever the request: answers that depend on
 * the member or the moment (the API, the socket, metrics, health, avatars) and the worker's own
 * script and the web app manifest (the browser checks those itself).
 */
const NEVER_TOUCHED = [
  /^\/api(\/|$)/,
  /^\/ws(\/|$)/,
  /^\/metrics(\/|$)/,
  /^\/healthz(\/|$)/,
  /^\/avatars(\/|$)/,
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
];

export function neverTouched(pathname: string): boolean {
  return NEVER_TOUCHED.some((re) => re.test(pathname));
}

export type Decision =
  /** Not answered by the worker: the browser fetches as it would without one. */
  | "pass"
  /** A page: from the network; the offline page when the network fails. Nothing is stored. */
  | "network-first"
  /** A file of the shell: from the cache, else from the network (and then stored). */
  | "cache-first";

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
}

export function decide(
  req: RequestLike,
  origin: string,
  cacheFirst: ReadonlySet<string>,
): Decision {
  if (req.method !== "GET") return "pass";
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return "pass";
  }
  if (url.origin !== origin || neverTouched(url.pathname)) return "pass";
  if (req.mode === "navigate") return "network-first";
  // The shell's files are content-hashed or fixed; a query makes it some other request.
  if (url.search === "" && cacheFirst.has(url.pathname)) return "cache-first";
  return "pass";
}

export interface ResponseLike {
  ok: boolean;
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be stored: a plain 200 from this site that does not forbid storing
 * (`no-store`, `private`) and does not vary on everything. The worker asks for what it stores
 * without cookies, so no member's answer can be among them either.
 */
/**
 * The address of the offline page in a page's language, when the stored one (`storedLang`, its
 * Content-Language) is in another; null when they agree or the page's language is not one the
 * app speaks (a redirect, an error from elsewhere).
 */
export function offlineRefresh(
  offline: string,
  pageLang: string | null,
  storedLang: string | null,
): string | null {
  if (!isLocale(pageLang) || pageLang === storedLang) return null;
  return `${offline}?lang=${pageLang}`;
}

export function mayStore(res: ResponseLike): boolean {
  if (!res.ok || res.status !== 200 || res.type !== "basic") return false;
  const cacheControl = (res.headers.get("cache-control") ?? "").toLowerCase();
  if (/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl)) return false;
  if ((res.headers.get("vary") ?? "").trim() === "*") return false;
  return true;
}
