// What the service worker keeps, for the current build: the offline page, the stylesheet, the
// icons (fetched when the worker installs) and the islands' scripts (kept as pages load them).
// The offline page is rendered in the language asked for; the worker keeps it in the language of
// the pages the member gets (lib/client/sw/policy.ts offlineRefresh).
// The cache is named after a hash of everything it would hold (the offline page as rendered,
// the icons' bytes, the file names, the worker's own code), so a new build that changes any of
// it makes a new cache and the worker deletes the old one.
import { join } from "node:path";
import type { Manifest } from "../build/assets.ts";
import { ROOT } from "../build/assets.ts";
import type { ShellConfig } from "../../shared/pwa.ts";
import { renderDocument } from "../render/page.tsx";
import { OfflineScreen } from "../../../components/OfflineScreen.tsx";
import { PNG_ICONS, SVG_ICON } from "./manifest.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import { said } from "../../shared/i18n/said.ts";

export const OFFLINE_PATH = "/offline";

/**
 * The offline page's whole document in `locale`: the same for everybody who reads that language,
 * so it may be stored.
 */
export function offlineDocument(assets: Manifest, locale: Locale = "en"): string {
  return renderDocument(assets, {
    title: said("home.titleOffline"),
    description: said("home.offlineMetaDescription"),
    path: OFFLINE_PATH,
    user: null,
    bare: true,
    body: <OfflineScreen />,
    locale,
  });
}

const ICON_PATHS = [SVG_ICON, ...Object.values(PNG_ICONS).map((i) => i.path)];

async function sha256Hex(parts: (string | Uint8Array)[]): Promise<string> {
  const chunks = parts.map((p) => typeof p === "string" ? new TextEncoder().encode(p) : p);
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length + 1, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length + 1;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function shellConfig(assets: Manifest): Promise<ShellConfig> {
  const precache = [OFFLINE_PATH, assets.css, ...ICON_PATHS];
  const scripts = Object.values(assets.islands).flatMap((i) => [i.file, ...i.imports]);
  const cacheFirst = [...new Set([...precache.slice(1), ...scripts])].sort();
  const icons = await Promise.all(
    ICON_PATHS.map((p) => Deno.readFile(join(ROOT, "static", p.replace(/^\/static\//, "")))),
  );
  const version = await sha256Hex([
    JSON.stringify({ precache, cacheFirst }),
    offlineDocument(assets),
    assets.serviceWorker,
    ...icons,
  ]);
  return { version, precache, cacheFirst, offline: OFFLINE_PATH };
}

/** /sw.js: the build's shell, then the worker's code. */
export async function serviceWorkerScript(assets: Manifest): Promise<string> {
  const shell = await shellConfig(assets);
  return `var __GLIMPSE_SHELL__ = ${JSON.stringify(shell)};\n${assets.serviceWorker}`;
}
