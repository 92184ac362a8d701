// What the server tells the service worker about the build it serves: the server writes it in front
// of /sw.js (lib/server/pwa/shell.tsx), the worker reads it (lib/client/sw/).

/** What the worker's script is told about the build it serves (prepended to /sw.js). */
export interface ShellConfig {
  /** Changes with anything the cache would hold: a new build gets a new cache. */
  version: string;
  /** Paths fetched into the cache when the worker installs. */
  precache: string[];
  /** Paths answered from the cache first (the precached ones and the islands' scripts). */
  cacheFirst: string[];
  /** The page shown for a navigation the network cannot answer. */
  offline: string;
}
