// The installable app over HTTP: the web app manifest names the app, its dark theme's colours
// and its icons, and every icon is served with the type and pixel size it declares (the maskable
// one keeps the logo inside the safe zone); every page's head links the manifest, the theme
// colour and the Apple icon; /sw.js is JavaScript that browsers re-check (no-cache), under a CSP
// that lets this site's worker run, the same for everybody, and it lists only the shell (no API,
// no member page); everything it stores responds without cookies and may be stored; the offline
// page is the same for every visitor, takes no toast and names nobody; none of these routes
// responds to anything but GET, and an oversized body is refused first.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type TestServer, withServer } from "../helpers/server.ts";
import { FLASH_COOKIE, registerMember, SESSION_COOKIE } from "../helpers/accounts.ts";
import { decodePng, pixel, pngSize } from "../helpers/png.ts";
import { ROOT } from "../../lib/server/build/assets.ts";
import type { ShellConfig } from "../../lib/client/sw/policy.ts";
import { shellConfig } from "../../lib/server/pwa/shell.tsx";
import { PNG_ICONS } from "../../lib/server/pwa/manifest.ts";
import { MEMBER_ONLY_PAGES } from "../helpers/site.ts";
import { english } from "../helpers/english.ts";

/** The dark theme's page background, as the stylesheet declares it. */
async function themeBackground(): Promise<string> {
  const css = await Deno.readTextFile(join(ROOT, "static", "css", "app.css"));
  const bg = css.match(/--bg:\s*(#[0-9a-f]{6})\s*;/i)?.[1];
  assert.ok(bg, "app.css declares --bg");
  return bg.toLowerCase();
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

async function bytesOf(server: TestServer, path: string, init?: RequestInit) {
  const res = await fetch(server.url + path, init);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function shellOf(script: string): ShellConfig {
  const json = script.match(/^var __GLIMPSE_SHELL__ = (.*);$/m)?.[1];
  assert.ok(json, "/sw.js starts with the build's shell");
  return JSON.parse(json);
}

Deno.test("pwa: the manifest names the app, its colours and icons, each served as declared", async () => {
  await withServer(async (server) => {
    const res = await fetch(server.url + "/manifest.webmanifest");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/manifest\+json/);
    const m = await res.json();
    const bg = await themeBackground();
    assert.equal(m.name, "Glimpse");
    assert.equal(m.short_name, "Glimpse");
    assert.equal(m.start_url, "/");
    assert.equal(m.scope, "/");
    assert.equal(m.display, "standalone");
    assert.equal(m.theme_color, bg);
    assert.equal(m.background_color, bg);

    const icons: { src: string; sizes: string; type: string; purpose: string }[] = m.icons;
    const has = (sizes: string, type: string, purpose: string) =>
      icons.some((i) => i.sizes === sizes && i.type === type && i.purpose === purpose);
    assert.ok(has("192x192", "image/png", "any"), "a 192 px icon");
    assert.ok(has("512x512", "image/png", "any"), "a 512 px icon");
    assert.ok(has("512x512", "image/png", "maskable"), "a maskable 512 px icon");
    assert.ok(has("any", "image/svg+xml", "any"), "the SVG logo");

    for (const icon of icons) {
      const { res, bytes } = await bytesOf(server, icon.src);
      assert.equal(res.status, 200, icon.src);
      assert.equal(res.headers.get("content-type")?.split(";")[0], icon.type, icon.src);
      if (icon.type !== "image/png") continue;
      const { width, height } = pngSize(bytes);
      assert.equal(`${width}x${height}`, icon.sizes, icon.src);
    }

    // The maskable icon: the theme's background to every edge, the logo inside the safe zone
    // (the circle of 40 % of the width around the centre): outside it, only background.
    const maskable = icons.find((i) => i.purpose === "maskable")!;
    const png = await decodePng((await bytesOf(server, maskable.src)).bytes);
    const [r, g, b] = rgb(bg);
    let logoPixels = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const p = pixel(png, x, y);
        const isBackground = Math.abs(p[0] - r) <= 2 && Math.abs(p[1] - g) <= 2 &&
          Math.abs(p[2] - b) <= 2 && p[3] === 255;
        const d = Math.hypot(x + 0.5 - png.width / 2, y + 0.5 - png.height / 2);
        if (d > png.width * 0.4) {
          assert.ok(isBackground, `pixel ${x},${y} outside the safe zone is ${p}`);
        } else if (!isBackground) logoPixels++;
      }
    }
    assert.ok(logoPixels > png.width * png.height * 0.2, `the logo is drawn (${logoPixels} px)`);

    // The plain icons are the round logo on nothing (a launcher adds its own shape).
    const plain = await decodePng((await bytesOf(server, PNG_ICONS.any512.path)).bytes);
    assert.equal(pixel(plain, 0, 0)[3], 0, "the plain icon's corner is transparent");
    assert.equal(pixel(plain, 256, 256)[3], 255, "the plain icon's centre is drawn");
    // Apple's: a full square (iOS shows transparency as black), 180 px.
    const apple = await decodePng((await bytesOf(server, PNG_ICONS.appleTouch.path)).bytes);
    assert.equal(`${apple.width}x${apple.height}`, "180x180");
    assert.deepEqual(pixel(apple, 0, 0), [r, g, b, 255], "Apple's icon has the background");
  });
});

Deno.test("pwa: every page's head links the manifest, the theme colour and the Apple icon", async () => {
  await withServer(async (server) => {
    const bg = await themeBackground();
    for (const path of ["/", "/auth", "/subscriptions", "/offline", "/no-such-page"]) {
      const html = await (await fetch(server.url + path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      assert.ok(head.includes(`<link rel="manifest" href="/manifest.webmanifest">`), path);
      assert.ok(head.includes(`<meta name="theme-color" content="${bg}">`), path);
      const apple = head.match(/<link rel="apple-touch-icon" href="([^"]+)">/)?.[1];
      assert.equal(apple, PNG_ICONS.appleTouch.path, path);
    }
  });
});

Deno.test("pwa: /sw.js is this build's worker, re-checked, the same for everybody", async () => {
  await withServer(async (server) => {
    const res = await fetch(server.url + "/sw.js");
    const script = await res.text();
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/javascript/);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    assert.equal(res.headers.get("set-cookie"), null);
    // The CSP lets this site's scripts and workers run and read the manifest ('self').
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /(^|;)\s*default-src 'self'/);
    assert.match(csp, /(^|;)\s*script-src 'self'/);
    assert.match(csp, /(^|;)\s*worker-src 'self'/);
    assert.doesNotMatch(csp, /manifest-src/, "the manifest falls under default-src 'self'");

    // A member's cookie changes nothing about it.
    const member = await registerMember(server);
    const asMember = await fetch(server.url + "/sw.js", {
      headers: { cookie: `${SESSION_COOKIE}=${member.client.session}` },
    });
    assert.equal(await asMember.text(), script);
    assert.equal(asMember.headers.get("set-cookie"), null);

    const shell = shellOf(script);
    assert.match(shell.version, /^[0-9a-f]{16}$/);
    assert.equal(shell.offline, "/offline");
    const page = await (await fetch(server.url + "/auth")).text();
    const css = page.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    assert.ok(css && shell.precache.includes(css), "the pages' stylesheet is kept");
    for (const icon of Object.values(PNG_ICONS)) assert.ok(shell.precache.includes(icon.path));
    const island = page.match(/<script type="module" src="([^"]+)">/)?.[1];
    assert.ok(island && shell.cacheFirst.includes(island), "the islands' scripts are kept");
    const memberPages = new Set<string>(["/", ...MEMBER_ONLY_PAGES]);
    for (const path of [...shell.precache, ...shell.cacheFirst]) {
      assert.ok(!path.startsWith("/api"), `the shell lists the API: ${path}`);
      assert.ok(!memberPages.has(path), `the shell lists a member's page: ${path}`);
      assert.ok(/^\/(build|static)\/|^\/offline$/.test(path), `not a shell file: ${path}`);
    }
    // Everything it stores responds without cookies, may be stored, and sets no cookie.
    for (const path of shell.precache) {
      const { res } = await bytesOf(server, path);
      assert.equal(res.status, 200, path);
      assert.doesNotMatch(res.headers.get("cache-control") ?? "", /no-store|private/, path);
      assert.equal(res.headers.get("set-cookie"), null, path);
    }
  });
});

Deno.test("pwa: the worker's cache is named after what it holds", async () => {
  await withServer(async (server) => {
    const shell = await shellConfig(server.assets);
    assert.deepEqual(await shellConfig(server.assets), shell, "the same build, the same cache");
    const served = shellOf(await (await fetch(server.url + "/sw.js")).text());
    assert.deepEqual(served, shell);
    const code = await shellConfig({ ...server.assets, serviceWorker: "// another worker" });
    assert.notEqual(code.version, shell.version, "another worker");
    const css = await shellConfig({ ...server.assets, css: "/build/app-OTHER.css" });
    assert.notEqual(css.version, shell.version, "another stylesheet");
    assert.ok(css.precache.includes("/build/app-OTHER.css"));
    assert.ok(!css.precache.includes(server.assets.css));
  });
});

Deno.test("pwa: the offline page is the same for everybody and takes no toast", async () => {
  await withServer(async (server) => {
    const guest = await fetch(server.url + "/offline");
    const html = await guest.text();
    assert.equal(guest.status, 200);
    assert.match(guest.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(guest.headers.get("cache-control"), "no-cache");
    assert.ok(html.includes(`<title>Offline · Glimpse</title>`));
    assert.ok(html.includes(english("home.offlineTitle")));
    assert.ok(html.includes(english("home.offlineDescription")));
    // Retry is a link to the page itself (`href` empty: written `<a href>`).
    assert.match(html, /<a href(="")? class="[^"]*button-primary[^"]*">Retry<\/a>/);
    assert.ok(!/<script/i.test(html), "no script");
    assert.ok(!html.includes("bottom-nav") && !html.includes("app-header"), "no header or nav");

    const member = await registerMember(server);
    const flash = encodeURIComponent(btoa(JSON.stringify({ kind: "success", title: "Saved" })));
    const signedIn = await fetch(server.url + "/offline", {
      headers: { cookie: `${SESSION_COOKIE}=${member.client.session}; ${FLASH_COOKIE}=${flash}` },
    });
    assert.equal(await signedIn.text(), html, "a member gets the very same page");
    assert.equal(signedIn.headers.get("set-cookie"), null, "the pending toast is left alone");
    assert.ok(!html.includes(member.username));
  });
});

Deno.test("pwa: the manifest, worker and offline page respond to GET only; big bodies are refused", async () => {
  await withServer(async (server) => {
    const script = await (await fetch(server.url + "/sw.js")).text();
    for (const path of ["/sw.js", "/manifest.webmanifest", "/offline"]) {
      const head = await fetch(server.url + path, { method: "HEAD" });
      assert.equal(head.status, 200, `HEAD ${path}`);
      assert.equal((await head.arrayBuffer()).byteLength, 0);
      for (const method of ["POST", "PUT", "DELETE"]) {
        const res = await fetch(server.url + path, {
          method,
          headers: { origin: server.url, "content-type": "application/json" },
          body: "{}",
        });
        const body = await res.text();
        assert.ok([404, 405].includes(res.status), `${method} ${path}: ${res.status}`);
        assert.ok(!body.includes("__GLIMPSE_SHELL__") && body !== script, `${method} ${path}`);
      }
      const big = await fetch(server.url + path, {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/json" },
        body: "x".repeat(200 * 1024),
      });
      await big.body?.cancel();
      assert.equal(big.status, 413, `oversized POST ${path}`);
      const foreign = await fetch(server.url + path, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "text/plain" },
        body: "x",
      });
      await foreign.body?.cancel();
      assert.equal(foreign.status, 403, `foreign POST ${path}`);
    }
  });
});
