// Renders a whole HTML document: the layout around a page body, the stylesheet, and a module
// script (plus preloads of its shared chunks) for each island the page used. A page that uses
// no island gets no script tag at all.
//
// `renderDocument` renders everything, every time. A running app renders through its
// `PageRenderer`, which keeps what does not change between requests (see there): the bytes it
// serves are the bytes `renderDocument` makes (tests/integration/page_cache_test.ts).
import { type ComponentChildren, h } from "preact";
import { renderToString } from "preact-render-to-string";
import type { Manifest } from "../build/assets.ts";
import { Layout, type LayoutProps } from "../../../components/Layout.tsx";
import { collectIslands } from "./island.tsx";
import { ISLAND_MESSAGES, type IslandName } from "./islands_registry.ts";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { withMessages } from "../../shared/i18n/messages.ts";
import { englishCatalogs, pageMessages, sayIn, serverMessages } from "../i18n/catalogs.ts";
import type { Said } from "../../shared/i18n/said.ts";
import { APP_DESCRIPTION, PNG_ICONS, SVG_ICON, THEME_COLOR } from "../pwa/manifest.ts";
import type { SessionUser } from "../../shared/auth/types.ts";
import { chooseEncoding, compressBytes, MIN_BYTES } from "../http/compress.ts";

const ENGLISH = englishCatalogs();

export interface PageOptions extends Omit<LayoutProps, "children"> {
  title: Said;
  description?: Said;
  status?: number;
  body: ComponentChildren;
  /** The request's language (English when not given). */
  locale?: Locale;
  /**
   * For a guest, this page is the same whatever the request holds but its path and language (no
   * query, no cookie, no per-request data shapes it): its bytes, compressed, are kept per build
   * and language and served from memory. Ignored for a member, or with a toast to show.
   */
  sameForEveryGuest?: boolean;
  /**
   * For a member, everything this page shows of them and their data, spelled out by its route
   * (e.g. their name, filters and sessions left): the page is the same for every request with
   * the same key, path and language, so its bytes, compressed, are kept while none of it changes
   * (a member coming back to an unchanged page). Ignored for a guest, or with a toast or banner.
   */
  sameFor?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's markup inside <body> (before the messages) and the islands it used, in order. */
interface Rendered {
  html: string;
  islands: IslandName[];
}

/** The layout and page rendered in one go. */
function renderWhole(options: PageOptions, locale: Locale): Rendered {
  const {
    title: _t,
    description: _d,
    body,
    status: _s,
    locale: _l,
    sameForEveryGuest: _g,
    sameFor: _f,
    ...layout
  } = options;
  const { result: html, islands } = withMessages(
    serverMessages(locale),
    () => collectIslands(() => renderToString(<Layout {...layout}>{body}</Layout>)),
  );
  return { html, islands };
}

/**
 * The keys of `namespaces` named in the page's markup as the server hands them to an island in its
 * props (e.g. a plan's features by key), as "namespace.key".
 */
function namedKeys(html: string, namespaces: string[]): string[] {
  const named = new Set(Array.from(html.matchAll(/&quot;([A-Za-z_]\w*)&quot;/g), (m) => m[1]));
  const out: string[] = [];
  if (!named.size) return out;
  for (const ns of namespaces) {
    const english = ENGLISH[ns];
    if (!english) continue;
    for (const key of named) if (Object.hasOwn(english, key)) out.push(`${ns}.${key}`);
  }
  return out;
}

/** The message keys the islands' code reads (by namespace, as the build lists them), and `named`. */
function messageKeys(
  assets: Manifest,
  islands: IslandName[],
  named: string[],
): Record<string, Set<string>> {
  const keys: Record<string, Set<string>> = {};
  for (const name of islands) {
    const used = assets.islands[name].messages!;
    for (const ns of ISLAND_MESSAGES[name]) {
      for (const key of used[ns] ?? []) (keys[ns] ??= new Set()).add(key);
    }
  }
  for (const name of named) {
    const dot = name.indexOf(".");
    (keys[name.slice(0, dot)] ??= new Set()).add(name.slice(dot + 1));
  }
  return keys;
}

/**
 * The messages the page's islands read, in its language, as the script element that carries
 * them; "<" escaped so that no text can end the script element. `remember` may keep it.
 */
function messagesScript(
  assets: Manifest,
  locale: Locale,
  rendered: Rendered,
  remember?: (key: string, make: () => string) => string,
): string {
  const { html, islands } = rendered;
  if (!islands.length) return "";
  const namespaces = [...new Set(islands.flatMap((name) => ISLAND_MESSAGES[name]))];
  // Only the keys the islands' code can read, when the build says which (it always does; a
  // hand-made manifest may not: then all of them), and those the islands' props name.
  const all = islands.some((name) => !assets.islands[name]?.messages);
  const named = all ? [] : namedKeys(html, namespaces);
  const make = () =>
    `<script type="application/json" id="messages">${
      JSON.stringify(
        pageMessages(locale, namespaces, all ? undefined : messageKeys(assets, islands, named)),
      ).replace(/</g, "\\u003c")
    }</script>`;
  if (!remember) return make();
  // The islands (in order) decide the namespaces and the keys their code reads; the keys named in
  // their props are the rest.
  return remember(`${locale}\n${islands.join(",")}\n${all ? "*" : named.join(",")}`, make);
}

/** The document around the page's markup. */
function documentOf(
  assets: Manifest,
  options: PageOptions,
  locale: Locale,
  rendered: Rendered,
  messages: string,
): string {
  const { title, description } = options;
  const text = (t: Said) => sayIn(locale, t);
  const pageTitle = text(title);
  const scripts = rendered.islands.map((name) => assets.islands[name]).filter(Boolean);
  const preloads = [...new Set(scripts.flatMap((s) => s.imports))];
  const fullTitle = pageTitle === "Glimpse" ? pageTitle : `${pageTitle} · Glimpse`;
  return "<!doctype html>" +
    `<html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
    `<meta name="color-scheme" content="dark">` +
    `<meta name="theme-color" content="${THEME_COLOR}">` +
    `<title>${escapeHtml(fullTitle)}</title>` +
    `<meta name="description" content="${escapeHtml(text(description ?? APP_DESCRIPTION))}">` +
    `<link rel="icon" href="${SVG_ICON}" type="image/svg+xml">` +
    `<link rel="apple-touch-icon" href="${PNG_ICONS.appleTouch.path}">` +
    `<link rel="manifest" href="/manifest.webmanifest${
      locale === DEFAULT_LOCALE ? "" : `?lang=${locale}`
    }">` +
    `<link rel="stylesheet" href="${assets.css}">` +
    preloads.map((p) => `<link rel="modulepreload" href="${p}">`).join("") +
    scripts.map((s) => `<script type="module" src="${s.file}"></script>`).join("") +
    `</head><body>${rendered.html}${messages}</body></html>`;
}

/** The whole document, rendered from scratch (the reference for what the cached ways serve). */
export function renderDocument(assets: Manifest, options: PageOptions): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const rendered = renderWhole(options, locale);
  return documentOf(assets, options, locale, rendered, messagesScript(assets, locale, rendered));
}

/**
 * Where the banner and the page go in a cached layout, and where the banner ends: elements no
 * component renders. No text can spell them (text and attribute values are rendered with "<"
 * escaped), whatever a member or a path holds.
 */
const BANNER_MARK = "<glimpse-banner></glimpse-banner>";
const BODY_MARK = "<glimpse-body></glimpse-body>";
const bannerMark = () => h("glimpse-banner", null);
const bodyMark = () => h("glimpse-body", null);

/**
 * The member the cached layout is rendered with. The layout reads of the member only whether
 * there is one: any field it read would come out empty here, and the cached page would differ from
 * the fresh one (the tests compare them), rather than show one member's data to another.
 */
const ANY_MEMBER = Object.freeze({}) as SessionUser;

/** A map that forgets everything once it holds `max` entries (the keys are few; this bounds them). */
class Memo<V> {
  #entries = new Map<string, V>();
  constructor(private max: number) {}

  get(key: string, make: () => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.#entries.size >= this.max) this.#entries.clear();
      this.#entries.set(key, value);
    }
    return value;
  }
}

/** A kept page's bytes, as served: plain, and compressed once per encoding when first asked. */
interface KeptPage {
  plain: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
}

/** What a page response depends on of the request, beyond the page's options. */
export interface PageRequest {
  method: string;
  acceptEncoding: string | undefined;
}

const encoder = new TextEncoder();

/**
 * An app's page renderer, made with the build it serves (a new build is a new app, with a new
 * renderer: nothing of an older build is served). It keeps:
 * - a guest page marked `sameForEveryGuest`: its bytes, plain and compressed, per path, status,
 *   title and language;
 * - a member's page whose route spells out what it shows of them (`sameFor`): the same, per that
 *   key too, so a member coming back to an unchanged page gets the bytes made the last time;
 * - the layout around a page (header, footer with the language switcher, bottom navigation),
 *   rendered once per language, path and header state (guest or member, back button, banner
 *   slot), cut in two: the page and the banner, which vary per request, are rendered between the
 *   halves each time (a page with a toast, or a 404, is rendered whole);
 * - the embedded messages, per language and set of islands (and keys their props name).
 */
export class PageRenderer {
  readonly #guest = new Memo<KeptPage>(500);
  /** Members' pages by what they show (`sameFor`): ~10 KB each. */
  readonly #member = new Memo<KeptPage>(1_000);
  readonly #shells = new Memo<string[] | null>(1_000);
  readonly #messages = new Memo<string>(1_000);
  readonly #remember = (key: string, make: () => string) => this.#messages.get(key, make);

  /**
   * `keep: false` keeps nothing: every page is rendered from scratch (what the tests compare the
   * cached pages with).
   */
  constructor(readonly assets: Manifest, private options: { keep: boolean } = { keep: true }) {}

  /** The document, as `renderDocument` makes it, from what is kept where it can be. */
  render(options: PageOptions): string {
    if (!this.options.keep) return renderDocument(this.assets, options);
    const locale = options.locale ?? DEFAULT_LOCALE;
    const shell = options.flash || options.status === 404 ? null : this.#shell(options, locale);
    const rendered = shell ? this.#between(shell, options, locale) : renderWhole(options, locale);
    return documentOf(
      this.assets,
      options,
      locale,
      rendered,
      messagesScript(this.assets, locale, rendered, this.#remember),
    );
  }

  /**
   * The page as a response (see `pageHeaders`), compressed here as the compression middleware
   * would compress it (which then leaves it as it is); a guest's page from memory when it may be.
   */
  response(options: PageOptions, request: PageRequest): Response {
    const status = options.status ?? 200;
    const headers = pageHeaders(options.locale);
    const plainPage = this.options.keep && !options.flash && !hasBanner(options.banner);
    const guest = plainPage && options.sameForEveryGuest && !options.user;
    const member = plainPage && !!options.user && options.sameFor !== undefined;
    // As the compression middleware decides: none for HEAD, a small page or a caller without one;
    // a guest's bytes, compressed once for many requests, may take the slower, smaller encoding
    // (a member's are compressed as every per-request page is: they are made again on a change).
    const encoding = request.method === "HEAD"
      ? null
      : chooseEncoding(request.acceptEncoding, guest);
    let plain: Uint8Array;
    let body: Uint8Array;
    if (guest || member) {
      const locale = options.locale ?? DEFAULT_LOCALE;
      const { path, title, description, back, bare } = options;
      const key = JSON.stringify([
        locale,
        path,
        status,
        title,
        description ?? null,
        back ?? null,
        !!bare,
        member ? options.sameFor : null,
      ]);
      const page = (member ? this.#member : this.#guest).get(
        key,
        () => ({
          plain: encoder.encode(
            member ? this.render(options) : renderDocument(this.assets, options),
          ),
        }),
      );
      plain = page.plain;
      body = encoding && plain.length >= MIN_BYTES
        ? page[encoding] ??= compressBytes(plain, encoding, guest)
        : plain;
    } else {
      plain = encoder.encode(this.render(options));
      body = encoding && plain.length >= MIN_BYTES ? compressBytes(plain, encoding) : plain;
    }
    if (body !== plain) {
      headers["content-encoding"] = encoding!;
      headers["content-length"] = String(body.length);
    }
    return new Response(body as Uint8Array<ArrayBuffer>, { status, headers });
  }

  /**
   * The layout's markup cut where the banner (when there is one) and the page go, or null when
   * it cannot be cut (a layout that used an island itself is rendered whole every time).
   */
  #shell(options: PageOptions, locale: Locale): string[] | null {
    const { path, user, back, bare } = options;
    const banner = hasBanner(options.banner);
    const key = JSON.stringify([locale, path, !!user, back ?? null, !!bare, banner]);
    return this.#shells.get(key, () => {
      const { result: html, islands } = withMessages(
        serverMessages(locale),
        () =>
          collectIslands(() =>
            renderToString(
              <Layout
                path={path}
                user={user ? ANY_MEMBER : null}
                back={back}
                bare={bare}
                flash={null}
                banner={banner ? bannerMark() : undefined}
              >
                {bodyMark()}
              </Layout>,
            )
          ),
      );
      if (islands.length) return null;
      const parts = banner ? html.split(BANNER_MARK) : [html];
      const last = parts.pop()!.split(BODY_MARK);
      parts.push(...last);
      return parts.length === (banner ? 3 : 2) ? parts : null;
    });
  }

  /** The banner and the page rendered in one go (in the order the whole layout renders them). */
  #between(shell: string[], options: PageOptions, locale: Locale): Rendered {
    const banner = hasBanner(options.banner);
    const { result, islands } = withMessages(
      serverMessages(locale),
      () =>
        collectIslands(() =>
          renderToString(
            <>
              {banner ? options.banner : null}
              {bodyMark()}
              {options.body}
            </>,
          )
        ),
    );
    const at = result.indexOf(BODY_MARK);
    const bannerHtml = banner ? result.slice(0, at) : "";
    const bodyHtml = result.slice(at + BODY_MARK.length);
    const html = banner
      ? shell[0] + bannerHtml + shell[1] + bodyHtml + shell[2]
      : shell[0] + bodyHtml + shell[1];
    return { html, islands };
  }
}

/** Whether a banner renders anything (null, undefined and booleans render nothing). */
function hasBanner(banner: ComponentChildren): boolean {
  return banner !== null && banner !== undefined && typeof banner !== "boolean";
}

/** Every page's headers: never stored, in its language, varying with the language's sources. */
function pageHeaders(locale: Locale | undefined): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-language": locale ?? DEFAULT_LOCALE,
    "vary": "Accept-Language, Cookie",
  };
}

/** The page rendered from scratch, as a response (for callers without a renderer). */
export function pageResponse(assets: Manifest, options: PageOptions): Response {
  return new Response(renderDocument(assets, options), {
    status: options.status ?? 200,
    headers: pageHeaders(options.locale),
  });
}
