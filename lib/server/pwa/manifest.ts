// The web app manifest (served at /manifest.webmanifest) and the icons it names. The colours are
// the dark theme's background (static/css/app.css `--bg`), so the installed app's splash screen
// and title bar match the pages. The PNG icons are drawn from static/icon.svg by
// `deno task icons` (scripts/icons.ts) and kept in the repository. The manifest is served in the
// request's language (its description and `lang`; the app's name is the brand everywhere).
import type { Locale } from "../../shared/i18n/locales.ts";
import { sayIn } from "../i18n/catalogs.ts";
import { type Said, said } from "../../shared/i18n/said.ts";

export const THEME_COLOR = "#12091f";
export const BACKGROUND_COLOR = "#12091f";
/** What the app is, in a line: the manifest's description and a page's default one. */
export const APP_DESCRIPTION: Said = said("home.appDescription");

export interface IconFile {
  path: string;
  size: number;
  /** Drawn on the theme's background with the logo inside the maskable safe zone. */
  fullBleed: boolean;
}

/** Every PNG icon `deno task icons` draws, and where it is served. */
export const PNG_ICONS = {
  any192: { path: "/static/icons/icon-192.png", size: 192, fullBleed: false },
  any512: { path: "/static/icons/icon-512.png", size: 512, fullBleed: false },
  maskable512: { path: "/static/icons/icon-maskable-512.png", size: 512, fullBleed: true },
  /** iOS puts a transparent icon on black and rounds the corners itself: a full square. */
  appleTouch: { path: "/static/icons/apple-touch-icon.png", size: 180, fullBleed: true },
} as const satisfies Record<string, IconFile>;

export const SVG_ICON = "/static/icon.svg";

/**
 * The share of the icon's width the logo takes on a full-bleed icon. A maskable icon's safe zone
 * is the circle of 40 % of the width around the centre; the logo's disc (22/48 of its box) at
 * 75 % has a radius of 34 % of the width, so no mask cuts it.
 */
export const FULL_BLEED_LOGO_SHARE = 0.75;

/** The web app manifest in `locale` (English unless given). */
export function webAppManifest(locale: Locale = "en") {
  return {
    ...WEB_APP_MANIFEST,
    description: sayIn(locale, APP_DESCRIPTION),
    lang: locale,
  };
}

export const WEB_APP_MANIFEST = {
  id: "/",
  name: "Glimpse",
  short_name: "Glimpse",
  description: sayIn("en", APP_DESCRIPTION),
  lang: "en",
  // Every language the app speaks is written left to right.
  dir: "ltr",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: BACKGROUND_COLOR,
  theme_color: THEME_COLOR,
  categories: ["social"],
  icons: [
    { src: PNG_ICONS.any192.path, sizes: "192x192", type: "image/png", purpose: "any" },
    { src: PNG_ICONS.any512.path, sizes: "512x512", type: "image/png", purpose: "any" },
    { src: PNG_ICONS.maskable512.path, sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: SVG_ICON, sizes: "any", type: "image/svg+xml", purpose: "any" },
  ],
};
