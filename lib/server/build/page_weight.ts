// The JavaScript a page loads before it runs, as `deno task build` prints it and the budget test
// checks it: every module script and modulepreload the rendered page names, each gzipped (level 9)
// on its own, as each travels on its own. The on-device models' workers, wasm and weights are
// loaded later, only when the camera starts, and are not counted.
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { ROOT } from "./assets.ts";

/** What page weights are measured against: anything that responds to a request like the app. */
export interface PageSource {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * The pages a guest is sent to /auth from: every plain GET page route of `app` (no parameter, no
 * wildcard, not under /api), asked without a session.
 */
export async function guestRedirectedPages(
  app: PageSource & { routes: { method: string; path: string }[] },
): Promise<string[]> {
  const paths = new Set(
    app.routes.filter((r) =>
      r.method === "GET" && !/[:*]/.test(r.path) && !r.path.startsWith("/api/")
    ).map((r) => r.path),
  );
  const out: string[] = [];
  for (const path of paths) {
    const res = await app.request(path, { headers: { upgrade: "" } });
    await res.body?.cancel();
    if (res.status === 303 && res.headers.get("location") === "/auth") out.push(path);
  }
  return out;
}

export interface PageWeight {
  status: number;
  /** The scripts' URLs. */
  files: string[];
  /** Their gzip bytes, summed. */
  gzipBytes: number;
}

/**
 * Per-page JavaScript budgets in KB (1024 bytes) of gzip, from issue 18. The live pages' grew from
 * 25 to 29 KB with what keeps a call alive on real networks (ICE restarts on a stalled path, the
 * connection's quality, why a call could not connect: about 3 KB), and to 30 KB with what the
 * search screen tells a member waiting (the figures, widening, "Tell me when someone is here":
 * about 1 KB); loading the call's part only once a match is found would bring them back under 25.
 * /auth grew from 15 to 16 KB with passkey sign-in (the button and the passkeys offered among the
 * username field's suggestions, about 0.7 KB): where the browser offers those, the code runs as the
 * page loads, so loading it later would save those browsers nothing.
 * The appeal form taking its texts from the page that shows it (a ban's on /auth, a safety hold's
 * on /profile) costs /auth about 30 bytes more, within that.
 */
export const JS_BUDGET_KB: Record<string, { as: "guest" | "member"; kb: number }> = {
  "/": { as: "guest", kb: 0 },
  "/welcome": { as: "guest", kb: 0 },
  "/terms-of-service": { as: "guest", kb: 0 },
  "/privacy-policy": { as: "guest", kb: 0 },
  "/auth": { as: "guest", kb: 16 },
  "/connecting": { as: "member", kb: 30 },
  "/live-match": { as: "member", kb: 30 },
};

/**
 * The messages a page embeds for its islands (JSON in the page), gzip, in any language: 3 KB, and
 * a quarter more since the live pages say how the connection is doing and why a call could not
 * connect (Japanese, the largest, was 3.1 KB), and half a KB more since the search screen says how
 * many are searching, the usual wait, how to widen and "Tell me when someone is here" (3.6 KB).
 */
export const MESSAGES_BUDGET_KB = 3.75;

/** The gzip bytes of the messages `html` embeds for its islands (0: none). */
export function messagesWeight(html: string): number {
  const m = /<script type="application\/json" id="messages">([\s\S]*?)<\/script>/.exec(html);
  return m ? gzipSync(new TextEncoder().encode(m[1]), { level: 9 }).length : 0;
}

const gzipCache = new Map<string, number>();

export async function gzipSize(url: string): Promise<number> {
  if (!gzipCache.has(url)) {
    const bytes = await Deno.readFile(join(ROOT, "static", url));
    gzipCache.set(url, gzipSync(bytes, { level: 9 }).length);
  }
  return gzipCache.get(url)!;
}

export async function pageWeight(app: PageSource, path: string, cookie?: string) {
  const res = await app.request(path, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script type="module" src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  let gzipBytes = 0;
  for (const u of urls) gzipBytes += await gzipSize(u);
  return { status: res.status, files: [...urls], gzipBytes } satisfies PageWeight;
}
