// Renders a whole HTML document: the layout around a page body, the stylesheet, and a module
// script (plus preloads of its shared chunks) for each island the page used. A page that uses
// no island gets no script tag at all.
import type { ComponentChildren } from "preact";
import { renderToString } from "preact-render-to-string";
import type { Manifest } from "../build/assets.ts";
import { Layout, type LayoutProps } from "../../components/Layout.tsx";
import { collectIslands } from "./island.tsx";
import { ISLAND_MESSAGES } from "./islands_registry.ts";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { localize, withMessages } from "../../shared/i18n/messages.ts";
import { englishCatalogs, pageMessages, serverMessages } from "../i18n/catalogs.ts";

const ENGLISH = englishCatalogs();
import { APP_DESCRIPTION, PNG_ICONS, SVG_ICON, THEME_COLOR } from "../pwa/manifest.ts";

export interface PageOptions extends Omit<LayoutProps, "children"> {
  title: string;
  description?: string;
  status?: number;
  body: ComponentChildren;
  /** The request's language (English when not given). */
  locale?: Locale;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderDocument(assets: Manifest, options: PageOptions): string {
  const { title, description, body, status: _status, locale = DEFAULT_LOCALE, ...layout } = options;
  const store = serverMessages(locale);
  const { result: html, islands } = withMessages(
    store,
    () => collectIslands(() => renderToString(<Layout {...layout}>{body}</Layout>)),
  );
  const namespaces = [...new Set(islands.flatMap((name) => ISLAND_MESSAGES[name]))];
  // Only the keys the islands' code can read, when the build says which (it always does; a
  // hand-made manifest may not).
  let keys: Record<string, Set<string>> | undefined = {};
  for (const name of islands) {
    const used = assets.islands[name]?.messages;
    if (!used) {
      keys = undefined;
      break;
    }
    for (const ns of ISLAND_MESSAGES[name]) {
      for (const key of used[ns] ?? []) (keys[ns] ??= new Set()).add(key);
    }
  }
  // And the keys the server handed an island in its props (e.g. a plan's features by key).
  if (keys) {
    const named = new Set([...html.matchAll(/&quot;([A-Za-z_]\w*)&quot;/g)].map((m) => m[1]));
    for (const ns of namespaces) {
      for (const key of Object.keys(ENGLISH[ns] ?? {})) {
        if (named.has(key)) (keys[ns] ??= new Set()).add(key);
      }
    }
  }
  // The messages the page's islands read, in its language; "<" escaped so that no text can end
  // the script element.
  const messages = islands.length
    ? `<script type="application/json" id="messages">${
      JSON.stringify(pageMessages(locale, namespaces, keys)).replace(/</g, "\\u003c")
    }</script>`
    : "";
  const pageTitle = localize(title, store.texts);
  const scripts = islands.map((name) => assets.islands[name]).filter(Boolean);
  const preloads = [...new Set(scripts.flatMap((s) => s.imports))];
  const fullTitle = pageTitle === "Glimpse" ? pageTitle : `${pageTitle} · Glimpse`;
  return "<!doctype html>" +
    `<html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
    `<meta name="color-scheme" content="dark">` +
    `<meta name="theme-color" content="${THEME_COLOR}">` +
    `<title>${escapeHtml(fullTitle)}</title>` +
    `<meta name="description" content="${
      escapeHtml(localize(description ?? APP_DESCRIPTION, store.texts))
    }">` +
    `<link rel="icon" href="${SVG_ICON}" type="image/svg+xml">` +
    `<link rel="apple-touch-icon" href="${PNG_ICONS.appleTouch.path}">` +
    `<link rel="manifest" href="/manifest.webmanifest${
      locale === DEFAULT_LOCALE ? "" : `?lang=${locale}`
    }">` +
    `<link rel="stylesheet" href="${assets.css}">` +
    preloads.map((p) => `<link rel="modulepreload" href="${p}">`).join("") +
    scripts.map((s) => `<script type="module" src="${s.file}"></script>`).join("") +
    `</head><body>${html}${messages}</body></html>`;
}

export function pageResponse(assets: Manifest, options: PageOptions): Response {
  return new Response(renderDocument(assets, options), {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-language": options.locale ?? DEFAULT_LOCALE,
      "vary": "Accept-Language, Cookie",
    },
  });
}
