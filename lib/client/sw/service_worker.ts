// The service worker, served at /sw.js (scope /) with the build's shell prepended as
// `__GLIMPSE_SHELL__`. Installing stores the shell (offline page, stylesheet, icons) in a cache
// named after the build; activating deletes every older build's cache and takes over open pages.
// Pages come from the network (through navigation preload when the browser has it); when the
// network fails, the stored offline page answers. A page in another language than the stored
// offline page has the worker store that language's offline page in its place. The shell's files
// are answered from the cache first. Everything else, the API above all, is left to the browser untouched (see policy.ts).
import {
  CACHE_PREFIX,
  cacheName,
  decide,
  mayStore,
  offlineRefresh,
  type ShellConfig,
} from "./policy.ts";

declare const __GLIMPSE_SHELL__: ShellConfig;

/** The parts of the service worker's global scope and events this file uses. */
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(r: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { data: unknown; close(): void };
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  registration: {
    navigationPreload?: { enable(): Promise<void> };
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", fn: (e: FetchEvent) => void): void;
  addEventListener(type: "push", fn: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", fn: (e: NotificationEvent) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const shell = __GLIMPSE_SHELL__;
const CACHE = cacheName(shell.version);
const CACHE_FIRST = new Set(shell.cacheFirst);

/**
 * Fetches a shell file without cookies, so what is stored is the same for everybody. Installing
 * asks the server again ("no-cache": the offline page and the icons have fixed names); a file
 * met later is content-hashed, so the browser's own copy is as good.
 */
async function fetchShellFile(path: string, cache: RequestCache = "default"): Promise<Response> {
  return await fetch(path, { credentials: "omit", cache });
}

scope.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(shell.precache.map(async (path) => {
      const res = await fetchShellFile(path, "no-cache");
      if (!mayStore(res)) throw new Error(`${path} answered ${res.status}; not stored`);
      await cache.put(path, res);
    }));
    await scope.skipWaiting();
  })());
});

scope.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await scope.registration.navigationPreload?.enable().catch(() => {});
    await scope.clients.claim();
  })());
});

/**
 * Stores the offline page in `lang` (a page's Content-Language) when the stored one is in
 * another; a failure leaves the stored one as it is.
 */
async function keepOfflineIn(lang: string | null): Promise<void> {
  try {
    // Never caches.open() first: it would make this build's cache again after a newer worker
    // deleted it (an old worker still answers the pages until the new one takes over).
    const stored = await caches.match(shell.offline, { cacheName: CACHE, ignoreVary: true });
    if (!stored) return;
    const path = offlineRefresh(
      shell.offline,
      lang,
      stored.headers.get("content-language"),
    );
    if (!path) return;
    const res = await fetchShellFile(path, "no-cache");
    if (mayStore(res) && res.headers.get("content-language") === lang && await caches.has(CACHE)) {
      await (await caches.open(CACHE)).put(shell.offline, res);
    }
  } catch {
    // Offline again, or the cache is gone: the next page tries again.
  }
}

async function page(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = await event.preloadResponse;
    const res = preloaded ?? await fetch(event.request);
    if (res.ok) event.waitUntil(keepOfflineIn(res.headers.get("content-language")));
    return res;
  } catch {
    const offline = await caches.match(shell.offline, { cacheName: CACHE, ignoreVary: true });
    return offline ?? Response.error();
  }
}

async function shellFile(path: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  const res = await fetchShellFile(path);
  if (mayStore(res)) await cache.put(path, res.clone());
  return res;
}

scope.addEventListener("fetch", (event) => {
  const decision = decide(event.request, scope.location.origin, CACHE_FIRST);
  if (decision === "network-first") event.respondWith(page(event));
  else if (decision === "cache-first") {
    event.respondWith(shellFile(new URL(event.request.url).pathname));
  }
});

// "Tell me when someone is here": the server's notice (lib/server/push/notifier.ts) names nobody;
// a tap opens the search, in a tab of Glimpse's if one is open.
scope.addEventListener("push", (event) => {
  const data = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string };
  event.waitUntil(
    scope.registration.showNotification(String(data.title ?? "Glimpse"), {
      body: String(data.body ?? ""),
      icon: "/static/icons/icon-192.png",
      tag: "someone-is-here",
      data: { url: pushTarget(data.url) },
    }),
  );
});

scope.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = pushTarget((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil((async () => {
    const open = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
    const mine = open.find((c) => new URL(c.url).origin === scope.location.origin);
    if (mine) {
      await mine.navigate(url);
      await mine.focus();
    } else await scope.clients.openWindow(url);
  })());
});

/** Where a notice's tap goes: a path of this site's only, else the search. */
function pushTarget(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//")
    ? url
    : "/connecting";
}
