// Which catalog keys an island's bundle can read: each key named in the bundle as a string
// ("tabLogin") or as an object's property name ({ fillAll: … }, a table read back by its names),
// or starting with a prefix the bundle builds keys from (`reason_${id}` or "reason_" + id). A page embeds only these, so an island ships no message it never shows. A key
// the scan misses would show as "namespace.key": the catalog tests and the browser walks look for
// that.
import type { Catalog } from "../../shared/i18n/messages.ts";

/** The quoted names in `code`, and the prefixes it builds names from. */
function quotedNames(code: string): { names: Set<string>; prefixes: string[] } {
  const names = new Set<string>();
  const prefixes = new Set<string>();
  for (const m of code.matchAll(/["'`]([A-Za-z_][A-Za-z0-9_]*)(["'`]|\$\{)/g)) {
    names.add(m[1]);
    if (m[2] === "${" || m[1].endsWith("_")) prefixes.add(m[1]);
  }
  // A message's name, "namespace.key" (lib/shared/i18n/said.ts): its key.
  for (const m of code.matchAll(/["'`][a-z]+\.([A-Za-z_][A-Za-z0-9_]*)["'`]/g)) names.add(m[1]);
  // An object's property names: a table whose names are the keys (a component's `{ sending: … }`
  // read back with t(name)).
  // (after "{" or "," in a bundle; at a line's start in source, where a comment may come between)
  for (const m of code.matchAll(/(?:[{,]|^)\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/gm)) names.add(m[1]);
  return { names, prefixes: [...prefixes] };
}

/** The keys of each of `catalogs` (English, by namespace) that `code` can read. */
export function usedKeys(
  code: string,
  catalogs: Record<string, Catalog>,
): Record<string, string[]> {
  const { names, prefixes } = quotedNames(code);
  const out: Record<string, string[]> = {};
  for (const [ns, catalog] of Object.entries(catalogs)) {
    out[ns] = Object.keys(catalog).filter((key) =>
      names.has(key) || prefixes.some((p) => key.startsWith(p))
    );
  }
  return out;
}
