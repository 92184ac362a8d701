// `deno task icons`: draws the app's PNG icons from static/icon.svg with Chromium (the same
// renderer the pages are tested with) and writes them to static/icons/. The plain icons are the
// logo on a transparent square; the maskable and Apple touch icons are the logo inside the
// maskable safe zone on the theme's background. The PNGs are kept in the repository; run this
// again after changing the logo. CHROME_PATH picks another Chromium.
import { join } from "node:path";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { ROOT } from "../lib/server/build/assets.ts";
import {
  BACKGROUND_COLOR,
  FULL_BLEED_LOGO_SHARE,
  type IconFile,
  PNG_ICONS,
  SVG_ICON,
} from "../lib/server/pwa/manifest.ts";

const staticFile = (path: string) => join(ROOT, "static", path.replace(/^\/static\//, ""));

const svg = await Deno.readTextFile(staticFile(SVG_ICON));
const svgUrl = `data:image/svg+xml;base64,${btoa(svg)}`;

function html(icon: IconFile): string {
  const logo = icon.fullBleed ? Math.round(icon.size * FULL_BLEED_LOGO_SHARE) : icon.size;
  const background = icon.fullBleed ? BACKGROUND_COLOR : "transparent";
  return `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;` +
    `display:grid;place-items:center;background:${background}">` +
    `<img src="${svgUrl}" width="${logo}" height="${logo}" alt=""></body></html>`;
}

const browser = await launchBrowser();
try {
  await Deno.mkdir(join(ROOT, "static", "icons"), { recursive: true });
  for (const icon of Object.values(PNG_ICONS)) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(html(icon));
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({ omitBackground: !icon.fullBleed, type: "png" });
    await Deno.writeFile(staticFile(icon.path), png);
    console.log(`${icon.path}: ${icon.size}x${icon.size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
