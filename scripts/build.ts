// `deno task build`: builds the islands and the stylesheet, then prints the JavaScript (gzip)
// each page ships. Pages are rendered by the real app, as a guest and as a signed-in member.
import { buildAssets, stopBuilder } from "../lib/server/build/assets.ts";
import { guestRedirectedPages, pageWeight } from "../lib/server/build/page_weight.ts";
import { testConfig } from "../lib/server/config.ts";
import { openKv } from "../kv/db.ts";
import { createApp } from "../routes/app.tsx";
import { signInCookie } from "./sign_in.ts";

const quiet = Deno.args.includes("--quiet");
const started = performance.now();
const assets = await buildAssets();
await stopBuilder();
console.log(
  `Built ${assets.islandNames.length} islands and ${assets.css} in ${
    Math.round(performance.now() - started)
  } ms`,
);
if (quiet) Deno.exit(0);

const kv = await openKv(":memory:");
const config = testConfig();
const app = await createApp({ config, kv, assets });
const memberCookie = await signInCookie(kv, config);

const GUEST_PAGES = [
  "/",
  "/welcome",
  "/test-welcome",
  "/test",
  "/auth",
  "/terms-of-service",
  "/privacy-policy",
  "/subscriptions",
  "/live-match",
  "/direct-admin",
  "/simple",
  "/no-such-page",
];

async function pageJs(path: string, cookie?: string) {
  const w = await pageWeight(app, path, cookie);
  return { status: w.status, total: w.gzipBytes, files: w.files.length };
}

const rows: string[][] = [];
for (const path of GUEST_PAGES) {
  const r = await pageJs(path);
  rows.push([path, "guest", String(r.status), String(r.files), (r.total / 1024).toFixed(1)]);
}
for (const path of ["/", ...await guestRedirectedPages(app)]) {
  const r = await pageJs(path, memberCookie);
  rows.push([path, "member", String(r.status), String(r.files), (r.total / 1024).toFixed(1)]);
}
kv.close();

const head = ["page", "as", "status", "js files", "js KB gzip"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log("\nJavaScript per page (gzip, everything the page loads before it runs):");
console.log(line(head));
for (const r of rows) console.log(line(r));
